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

  public func makeWidget(context: Context) -> Widget {
    let widget = Widget(
      retaining: UnsafeMutableRawPointer(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)))
    gtk_widget_set_hexpand(widget.pointer, 1)
    gtk_widget_set_vexpand(widget.pointer, 1)
    return widget
  }

  public func updateWidget(_ widget: Widget, context: Context) {
    gtk_widget_set_size_request(widget.pointer, gint(minLength), gint(minLength))
  }
}
