import CGtk

/// A handle on a `GtkOverlay`, the container behind `.overlay`: one main child, and
/// overlays laid over it at its size.
@MainActor
final class OverlayWidget: Widget {
  private var overlays: [Widget] = []

  /// Wraps `gtk_overlay_new`.
  init() {
    super.init(retaining: UnsafeMutableRawPointer(gtk_overlay_new()))
  }

  private var overlay: OpaquePointer { OpaquePointer(pointer) }

  /// The main child, which decides the size. Wraps `gtk_overlay_set_child`.
  var child: Widget? {
    didSet {
      if child !== oldValue { gtk_overlay_set_child(overlay, child?.pointer) }
    }
  }

  /// Makes the overlays exactly `widgets`; `measured` ones count in the overlay's size (a
  /// `ZStack`'s). Wraps `gtk_overlay_add_overlay` / `gtk_overlay_remove_overlay` /
  /// `gtk_overlay_set_measure_overlay`.
  func setOverlays(_ widgets: [Widget], measured: Bool = false) {
    guard widgets.map(ObjectIdentifier.init) != overlays.map(ObjectIdentifier.init) else { return }
    for old in overlays { gtk_overlay_remove_overlay(overlay, old.pointer) }
    for widget in widgets {
      gtk_overlay_add_overlay(overlay, widget.pointer)
      if measured { gtk_overlay_set_measure_overlay(overlay, widget.pointer, 1) }
    }
    overlays = widgets
  }
}
