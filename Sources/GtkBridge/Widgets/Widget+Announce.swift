import CGtk

extension Widget {
  /// Asks the screen reader to speak `message` now, as coming from this widget's window:
  /// politely (after what it is saying) or, `assertive`, at once. Returns whether GTK could
  /// pass it on: announcements exist from GTK 4.14 (`gtk_accessible_announce`); on 4.8 to
  /// 4.12 nothing is spoken (see `GTKVersion`). Wraps `cgtk_accessible_announce`.
  @discardableResult
  func announce(_ message: String, assertive: Bool = false) -> Bool {
    cgtk_accessible_announce(pointer, message, assertive ? 1 : 0) != 0
  }

  /// The window the user works in: the active one, else the first shown. Wraps
  /// `gtk_window_get_toplevels` and `gtk_window_is_active`.
  static var activeWindow: Widget? {
    let list = gtk_window_get_toplevels()
    var shown: UnsafeMutableRawPointer?
    for index in 0..<g_list_model_get_n_items(list) {
      guard let item = g_list_model_get_item(list, index) else { continue }
      g_object_unref(item)
      let window = item.assumingMemoryBound(to: GtkWindow.self)
      if gtk_window_is_active(window) != 0 { return Widget(retaining: item) }
      if shown == nil, gtk_widget_get_visible(item.assumingMemoryBound(to: GtkWidget.self)) != 0 {
        shown = item
      }
    }
    return shown.map { Widget(retaining: $0) }
  }
}
