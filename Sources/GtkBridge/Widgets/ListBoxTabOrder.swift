import CGtk

/// Registers a `GtkListBox` subclass named `name` whose class `classInit` sets up (its
/// `focus` vfunc); called once per type, from a `static let`.
private func registerListBoxSubclass(named name: String, classInit: GClassInitFunc) -> GType {
  var query = GTypeQuery()
  g_type_query(gtk_list_box_get_type(), &query)
  var info = GTypeInfo()
  info.class_size = guint16(query.class_size)
  info.instance_size = guint16(query.instance_size)
  info.class_init = classInit
  return g_type_register_static(gtk_list_box_get_type(), name, &info, GTypeFlags(rawValue: 0))
}

@MainActor
private func makeWidget(of type: GType) -> UnsafeMutablePointer<GtkWidget> {
  UnsafeMutableRawPointer(g_object_new_with_properties(type, 0, nil, nil)!)
    .assumingMemoryBound(to: GtkWidget.self)
}

/// `GtkBridgeFormList`: a `GtkListBox` whose Tab walk is GTK's generic one (every focusable
/// widget inside, in order). Registered once, from Swift.
///
/// GTK 4.8's `GtkListBox` moves focus row by row and leaves the list at the first row that
/// cannot take focus (measured: with unfocusable rows, Tab from the first field skipped every
/// later field when the next row held a label).
@MainActor
enum FormListType {
  static let type = registerListBoxSubclass(named: "GtkBridgeFormList") { klass, _ in
    guard let klass else { return }
    klass.assumingMemoryBound(to: GtkWidgetClass.self).pointee.focus = { widget, direction in
      // NB: Tab in row order, as a box's (`cgtk_box_new`): GTK's generic walk sorts by the
      // rows' last allocations, and a row inserted this frame sorts first.
      if direction == GTK_DIR_TAB_FORWARD || direction == GTK_DIR_TAB_BACKWARD {
        return cgtk_focus_children_in_order(widget, direction)
      }
      let base = g_type_class_peek(gtk_widget_get_type())!
        .assumingMemoryBound(to: GtkWidgetClass.self)
      return base.pointee.focus(widget, direction)
    }
  }

  static func make() -> UnsafeMutablePointer<GtkWidget> { makeWidget(of: type) }
}

/// `GtkBridgeList`: the `GtkListBox` behind a ``List``, one Tab stop as a macOS list is.
///
/// GTK 4.8's list walks Tab row by row and selects each row it lands on, so Tab through a
/// sidebar of twenty rows took twenty presses and switched the detail at each. Here Tab
/// into the list focuses the selected row (the first row when none is), without changing
/// the selection; the next Tab goes on to the controls inside the rows (a text field in a
/// row, in row order), then out of the list. Shift-Tab walks the same stops backwards. The
/// arrow keys still move the cursor and the selection row by row (GTK's own handling).
@MainActor
enum ListTabStopType {
  static let type = registerListBoxSubclass(named: "GtkBridgeList") { klass, _ in
    guard let klass else { return }
    klass.assumingMemoryBound(to: GtkWidgetClass.self).pointee.focus = { widget, direction in
      guard let widget else { return 0 }
      switch direction {
      case GTK_DIR_TAB_FORWARD, GTK_DIR_TAB_BACKWARD:
        // NB: the address crosses into the isolated closure, not the non-Sendable pointer.
        let address = UInt(bitPattern: widget)
        return MainActor.assumeIsolated {
          let list = UnsafeMutablePointer<GtkWidget>(bitPattern: address)!
          return ListTabStopType.moveFocus(in: list, forward: direction == GTK_DIR_TAB_FORWARD)
            ? 1 : 0
        }
      default:
        let list = g_type_class_peek(gtk_list_box_get_type())!
          .assumingMemoryBound(to: GtkWidgetClass.self)
        return list.pointee.focus(widget, direction)
      }
    }
  }

  static func make() -> UnsafeMutablePointer<GtkWidget> { makeWidget(of: type) }

  /// The Tab stops in order are the list's row (its stop), then each control inside the rows.
  /// NB: `gtk_widget_grab_focus` on a row moves GTK's cursor only (its Tab walk also selects).
  private static func moveFocus(in list: UnsafeMutablePointer<GtkWidget>, forward: Bool) -> Bool {
    ListTabWalk(
      list: list, rows: rows(of: list),
      content: { gtk_list_box_row_get_child(asListRow($0)) },
      isSelected: { gtk_list_box_row_is_selected(asListRow($0)) != 0 },
      focusRow: { gtk_widget_grab_focus($0) != 0 }
    ).moveFocus(forward: forward)
  }

  /// The rows in the list's order (its sort), not the widget tree's.
  private static func rows(of list: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<
    GtkWidget
  >] {
    let box = OpaquePointer(list)
    var rows: [UnsafeMutablePointer<GtkWidget>] = []
    var index: gint = 0
    while let row = gtk_list_box_get_row_at_index(box, index) {
      rows.append(UnsafeMutableRawPointer(row).assumingMemoryBound(to: GtkWidget.self))
      index += 1
    }
    return rows
  }

  private static func asListRow(_ widget: UnsafeMutablePointer<GtkWidget>)
    -> UnsafeMutablePointer<GtkListBoxRow>
  {
    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkListBoxRow.self)
  }
}
