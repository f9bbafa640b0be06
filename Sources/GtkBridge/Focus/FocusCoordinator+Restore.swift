import CGtk

extension FocusCoordinator {
  /// Gives focus back to `widget`, which had it before GtkBridge moved it (a page pushed
  /// over it, its window's content moved into another box), without selecting a field's
  /// text. Returns whether GTK accepted; a widget that left its window or cannot take focus
  /// now is refused. Wraps `gtk_text_grab_focus_without_selecting` / `gtk_widget_grab_focus`.
  @discardableResult
  func restore(_ widget: Widget) -> Bool {
    // NB: as `grab`: a hold on GTK's delayed move (the widget left for a moment) is lifted
    // for the request, and put back if it is refused.
    let wasHolding = isHoldingOffGTKMove
    stopHoldingOffGTKMove()
    let instance = widget.rawPointer.assumingMemoryBound(to: GTypeInstance.self)
    let granted =
      Self.canTakeFocus(widget.pointer)
      && acting(.app) {
        if g_type_check_instance_is_a(instance, gtk_text_get_type()) != 0 {
          gtk_text_grab_focus_without_selecting(widget.pointer.cast(to: GtkText.self)) != 0
        } else {
          gtk_widget_grab_focus(widget.pointer) != 0
        }
      }
    if !granted, wasHolding, focusWidget == nil { holdOffGTKMove() }
    return granted
  }
}
