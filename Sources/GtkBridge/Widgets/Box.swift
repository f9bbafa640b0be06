import CGtk

/// A handle on a `GtkBox`, the container behind ``VStack``.
@MainActor
final class Box: Widget {
  /// A `GtkBridgeBox`: Tab follows the children's order even before a new child is laid out
  /// (see `cgtk_box_new`).
  init(orientation: GtkOrientation, spacing: Int) {
    super.init(retaining: UnsafeMutableRawPointer(cgtk_box_new(orientation, gint(spacing))))
  }

  /// A box that is a keyboard focus stop itself when focusable (`.focusable()`): see
  /// `cgtk_focus_box_new`.
  init(focusStop orientation: GtkOrientation) {
    super.init(retaining: UnsafeMutableRawPointer(cgtk_focus_box_new(orientation)))
  }

  private var box: UnsafeMutablePointer<GtkBox> { pointer.cast(to: GtkBox.self) }

  /// Wraps `gtk_orientable_get_orientation`.
  var orientation: GtkOrientation { gtk_orientable_get_orientation(OpaquePointer(pointer)) }

  /// Pixels between children. Wraps `gtk_box_set_spacing`.
  var spacing: Int {
    get { Int(gtk_box_get_spacing(box)) }
    set { gtk_box_set_spacing(box, gint(newValue)) }
  }

  /// Makes the box's children `widgets`, as `setChildren`; one widget alone fills the box
  /// (homogeneous), as a window's or a pane's only child would.
  func setChildren(filling widgets: [Widget]) {
    gtk_box_set_homogeneous(box, widgets.count == 1 ? 1 : 0)
    setChildren(widgets)
  }

  /// Makes the box's children exactly `widgets`, in order, moving widgets that are already
  /// children instead of removing and re-adding them (so they keep focus and cursor).
  /// Widgets on their way out (``LeavingWidgets``) stay, in their places.
  func setChildren(_ widgets: [Widget]) {
    var wanted = widgets.map(\.pointer)
    var current: [UnsafeMutablePointer<GtkWidget>] = []
    var child = gtk_widget_get_first_child(pointer)
    while let c = child {
      current.append(c)
      child = gtk_widget_get_next_sibling(c)
    }
    if !LeavingWidgets.isEmpty { wanted = LeavingWidgets.keepingPlaces(of: current, in: wanted) }
    if current == wanted { return }
    let keep = Set(wanted)
    for old in current where !keep.contains(old) {
      gtk_box_remove(box, old)
    }
    var previous: UnsafeMutablePointer<GtkWidget>? = nil
    for widget in wanted {
      if gtk_widget_get_parent(widget) == pointer {
        gtk_box_reorder_child_after(box, widget, previous)
      } else {
        gtk_box_insert_child_after(box, widget, previous)
      }
      previous = widget
    }
  }
}
