import CGtk

extension FocusCoordinator {
  /// Gives focus back to `widget`, which had it before GtkBridge moved it (a page pushed
  /// over it, its window's content moved into another box), without selecting a field's
  /// text. Returns whether GTK accepted; a widget that left its window or cannot take focus
  /// now is refused.
  @discardableResult
  func restore(_ widget: Widget) -> Bool {
    // NB: as `grab`: a hold on GTK's delayed move (the widget left for a moment) is lifted
    // for the request, and put back if it is refused.
    let wasHolding = isHoldingOffGTKMove
    stopHoldingOffGTKMove()
    let granted =
      Self.canTakeFocus(widget.pointer)
      && acting(.app) { widget.pointer.grabFocusWithoutSelecting() }
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
      focus.isInside(moving.pointer)
    else { return body() }
    let kept = Widget(retaining: focus)
    let selection = focus.textSelection
    isMovingContent = true
    // NB: cleared before the move: when the focus widget leaves, GTK parks a move on to the
    // next widget for its next frame, and in a window not shown yet no grab cancels it.
    window.clearFocus()
    body()
    isMovingContent = false
    // NB: focus a grab put elsewhere meanwhile stays there.
    if kept.pointer.root?.pointer == root, window.focus == nil, restore(kept), let selection {
      kept.pointer.selectText(selection)
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
    guard let expected = text.pointer.editableText else { return }
    text.pointer.syncDisplay()
    MainLoop.whenIdle(priority: G_PRIORITY_LOW) {
      guard text.pointer.hasFocus, text.pointer.editableText == expected,
        !text.pointer.hasSelectedText
      else { return }
      text.pointer.selectText(selection)
    }
  }
}
