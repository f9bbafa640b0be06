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

  /// Runs `body`, which moves the window's content between parents (into a box, under new
  /// bars), and gives focus back to the widget that had it, which left the window for a
  /// moment. No focus state, focused value or `onChange` hears the moment: a request the app
  /// made in the same update (`focus = .next` with the row it adds) is still carried out
  /// after the pass, and is not overwritten by a "lost" and "gained" that were never moves.
  func keepingFocus(_ body: () -> Void) {
    guard !isMovingContent, let kept = focusWidget.map({ Widget(retaining: $0) }) else {
      return body()
    }
    isMovingContent = true
    body()
    isMovingContent = false
    let window = OpaquePointer(root)
    let now = gtk_root_get_focus(window)
    // NB: focus the move cleared (or left on the widget) goes back; focus a grab put
    // elsewhere meanwhile stays there.
    if gtk_widget_get_root(kept.pointer) == window, now == nil || now == kept.pointer {
      restore(kept)
    }
    // What the move changed for good (the widget removed in the same update, as any widget
    // that leaves), now told.
    acting(.teardown) { focusWidgetChanged() }
    let settle = afterMove
    afterMove = []
    for decide in settle { decide() }
  }
}
