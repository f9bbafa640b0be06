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

  /// Runs `body`, which moves `moving` (the window's content) to another parent (a box, the
  /// chrome's column), and gives focus back to the widget in it that had focus, which left
  /// the window for a moment. No focus state, focused value or `onChange` hears the moment:
  /// a request the app made in the same update (`focus = .next` with the row it adds) is
  /// still carried out after the pass, not overwritten by a "lost" and "gained" that were
  /// never moves.
  func keepingFocus(moving: Widget?, _ body: () -> Void) {
    guard !isMovingContent, let moving, let focus = focusWidget,
      focus == moving.pointer || gtk_widget_is_ancestor(focus, moving.pointer) != 0
    else { return body() }
    let kept = Widget(retaining: focus)
    let window = OpaquePointer(root)
    let selection = Self.selection(of: focus)
    isMovingContent = true
    // NB: cleared before the move: when the focus widget leaves, GTK parks a move on to the
    // next widget for its next frame, and in a window not shown yet no grab cancels it.
    gtk_root_set_focus(window, nil)
    body()
    isMovingContent = false
    // NB: focus a grab put elsewhere meanwhile stays there.
    if gtk_widget_get_root(kept.pointer) == window, gtk_root_get_focus(window) == nil,
      restore(kept), let selection
    {
      gtk_editable_select_region(OpaquePointer(kept.pointer), selection.bound, selection.cursor)
      Self.reselectAfterClipboardSettles(kept, selection)
    }
    // What the move changed for good (the widget removed in the same update, as any widget
    // that leaves), now told.
    acting(.teardown) { focusWidgetChanged() }
    let settle = afterMove
    afterMove = []
    for decide in settle { decide() }
  }

  /// Puts `selection` back in `text` once the display server has answered for the move, if
  /// it was dropped meanwhile and nothing else changed (same text, focus still there).
  ///
  /// NB: a field leaving the window gives up the PRIMARY selection, and the select above
  /// claims it again. On X11 the server's notice that the first claim ended can be handled
  /// after the second claim; GDK then detaches GtkText's selection content, and GtkText
  /// collapses its selection (`gtk_text_content_detach`). Measured: 3 of 8 moves lost the
  /// selection a moment after it was put back. After a sync every such notice is queued, and
  /// an idle below the event source's priority runs after they are handled.
  private static func reselectAfterClipboardSettles(
    _ text: Widget, _ selection: (bound: Int32, cursor: Int32)
  ) {
    let editable = OpaquePointer(text.pointer)
    guard let chars = gtk_editable_get_text(editable) else { return }
    let expected = String(cString: chars)
    gdk_display_sync(gtk_widget_get_display(text.pointer))
    MainLoop.whenIdle(priority: G_PRIORITY_LOW) {
      guard gtk_widget_has_focus(text.pointer) != 0,
        gtk_editable_get_text(editable).map({ String(cString: $0) }) == expected,
        gtk_editable_get_selection_bounds(editable, nil, nil) == 0
      else { return }
      gtk_editable_select_region(editable, selection.bound, selection.cursor)
    }
  }

  /// The text selected in `widget` when it is a field's text with a selection: the end it
  /// was started from (`bound`) and the end the caret is at. NB: GTK keeps a field's caret
  /// through the moment it leaves the window, and drops its selection; `select_region(bound,
  /// cursor)` puts both ends back, direction included (Shift+arrows go on from the caret).
  private static func selection(of widget: UnsafeMutablePointer<GtkWidget>)
    -> (bound: Int32, cursor: Int32)?
  {
    let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
    guard g_type_check_instance_is_a(instance, gtk_text_get_type()) != 0 else { return nil }
    let editable = OpaquePointer(widget)
    var start: Int32 = 0
    var end: Int32 = 0
    guard gtk_editable_get_selection_bounds(editable, &start, &end) != 0 else { return nil }
    let cursor = gtk_editable_get_position(editable)
    return (cursor == start ? end : start, cursor)
  }
}
