import CGtk

/// Flexible empty space that pushes its neighbours apart in a stack: SwiftUI's `Spacer`.
///
/// ```swift
/// HStack {
///   Text("Name")
///   Spacer()
///   Button("Edit") { editing = true }
/// }
/// ```
public struct Spacer: WidgetRepresentable {
  let minLength: Int

  public init(minLength: Int = 0) {
    self.minLength = minLength
  }

  public func makeWidget(context: Context) -> SpacerWidget {
    SpacerWidget()
  }

  public func updateWidget(_ widget: SpacerWidget, context: Context) {
    gtk_widget_set_size_request(widget.pointer, gint(minLength), gint(minLength))
  }
}

/// The empty widget behind ``Spacer``. It expands along its stack's axis only (the stack sets
/// that): GTK passes expansion up to every ancestor, so expanding both ways would make a
/// `Spacer` in an `HStack` stretch the row's height too.
@MainActor
public final class SpacerWidget: Widget {
  init() {
    super.init(retaining: UnsafeMutableRawPointer(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)))
    expand(along: nil)
  }

  /// Expands along `orientation`, or both ways outside a stack.
  func expand(along orientation: GtkOrientation?) {
    let horizontal = orientation.map { $0 == GTK_ORIENTATION_HORIZONTAL } ?? true
    let vertical = orientation.map { $0 == GTK_ORIENTATION_VERTICAL } ?? true
    gtk_widget_set_hexpand(pointer, horizontal ? 1 : 0)
    gtk_widget_set_vexpand(pointer, vertical ? 1 : 0)
  }
}
