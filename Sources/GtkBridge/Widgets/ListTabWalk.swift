import CGtk

/// The Tab walk of a ``List``, one Tab stop as a macOS list is, for both widgets behind it
/// (the `GtkListBox` subclass ``ListTabStopType`` and the `GtkListView` subclass
/// ``ListViewTabStopType``): Tab into the list focuses the selected row (the first row when
/// none is) without changing the selection; the next Tab goes on to the controls inside the
/// rows, in row order, then out of the list. Shift-Tab walks the same stops backwards.
@MainActor
struct ListTabWalk {
  /// The list widget, whose focus child is the row holding the focus.
  let list: UnsafeMutablePointer<GtkWidget>
  /// The rows, in the list's order.
  let rows: [UnsafeMutablePointer<GtkWidget>]
  /// The widget a row's controls are in.
  let content: (UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>?
  /// Whether a row is selected.
  let isSelected: (UnsafeMutablePointer<GtkWidget>) -> Bool
  /// Gives a row itself the focus, without selecting it.
  let focusRow: (UnsafeMutablePointer<GtkWidget>) -> Bool

  /// Moves the focus one Tab stop; false when it leaves the list.
  func moveFocus(forward: Bool) -> Bool {
    let direction = forward ? GTK_DIR_TAB_FORWARD : GTK_DIR_TAB_BACKWARD
    guard let focused = gtk_widget_get_focus_child(list),
      let current = rows.firstIndex(of: focused)
    else {
      // Entering from outside.
      if forward { return focusStop() || focusControl(in: rows, direction) }
      return focusControl(in: rows.reversed(), direction) || focusStop()
    }
    if gtk_widget_has_focus(focused) != 0 {
      // On the list's stop: forward to the first control in any row, backward out.
      return forward && focusControl(in: rows, direction)
    }
    // In a control of row `current`: the next control in that row, then in the rows after
    // (before, backwards), then (backwards) the list's stop.
    if let content = content(focused), gtk_widget_child_focus(content, direction) != 0 {
      return true
    }
    if forward { return focusControl(in: rows[(current + 1)...], direction) }
    return focusControl(in: rows[..<current].reversed(), direction) || focusStop()
  }

  /// Focuses the selected row, else the first row that can take focus.
  private func focusStop() -> Bool {
    let candidates = rows.filter(Self.canFocus)
    guard let stop = candidates.first(where: isSelected) ?? candidates.first else {
      return false
    }
    return focusRow(stop)
  }

  private func focusControl<Rows: Sequence<UnsafeMutablePointer<GtkWidget>>>(
    in rows: Rows, _ direction: GtkDirectionType
  ) -> Bool {
    for row in rows where gtk_widget_get_visible(row) != 0 && gtk_widget_is_sensitive(row) != 0 {
      if let content = content(row), gtk_widget_child_focus(content, direction) != 0 {
        return true
      }
    }
    return false
  }

  private static func canFocus(_ row: UnsafeMutablePointer<GtkWidget>) -> Bool {
    gtk_widget_get_visible(row) != 0 && gtk_widget_is_sensitive(row) != 0
      && gtk_widget_get_focusable(row) != 0 && gtk_widget_get_can_focus(row) != 0
  }
}
