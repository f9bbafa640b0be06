import CGtk

@testable import GtkBridge

/// Every widget of `window`'s content, depth first: its child's tree, without the title bar
/// GTK may add around it (whose title label and icons a test does not count).
@MainActor
func contentTree(of window: Window) -> [UnsafeMutablePointer<GtkWidget>] {
  gtkTree(gtk_window_get_child(window.window) ?? window.pointer)
}
