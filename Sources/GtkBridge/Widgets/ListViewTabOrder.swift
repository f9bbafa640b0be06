import CGtk

/// `GtkBridgeListView`: the `GtkListView` behind a ``List``, one Tab stop as a macOS list is,
/// then the controls inside the rows GTK shows, in row order (the rule of `GtkBridgeList`,
/// the list box behind lists that are not lazy: ``ListTabStopType``).
///
/// GTK 4.8's list view walks Tab row by row through every row of the model (4.12 added
/// `tab-behavior`, not in 4.8), so Tab through a list of 100,000 rows would never leave it.
/// Here Tab into the list focuses the selected row GTK shows (the first row shown when none
/// is), without changing the selection; the next Tab goes on to the controls inside the rows
/// GTK shows, then out of the list. Shift-Tab walks the same stops backwards. The arrow keys
/// move the cursor and the selection row by row (GTK's own handling; past a section's
/// header and footer rows, ``ListViewWidget/isLabelRow``).
@MainActor
enum ListViewTabStopType {
  static let type: GType = {
    var query = GTypeQuery()
    g_type_query(gtk_list_view_get_type(), &query)
    var info = GTypeInfo()
    info.class_size = guint16(query.class_size)
    info.instance_size = guint16(query.instance_size)
    info.class_init = { klass, _ in
      guard let klass else { return }
      klass.assumingMemoryBound(to: GtkWidgetClass.self).pointee.focus = { widget, direction in
        guard let widget else { return 0 }
        switch direction {
        case GTK_DIR_TAB_FORWARD, GTK_DIR_TAB_BACKWARD:
          // NB: the address crosses into the isolated closure, not the non-Sendable pointer.
          let address = UInt(bitPattern: widget)
          return MainActor.assumeIsolated {
            let list = UnsafeMutablePointer<GtkWidget>(bitPattern: address)!
            let forward = direction == GTK_DIR_TAB_FORWARD
            return ListViewTabStopType.moveFocus(in: list, forward: forward) ? 1 : 0
          }
        default:
          let list = g_type_class_peek(gtk_list_view_get_type())!
            .assumingMemoryBound(to: GtkWidgetClass.self)
          return list.pointee.focus(widget, direction)
        }
      }
    }
    return g_type_register_static(
      gtk_list_view_get_type(), "GtkBridgeListView", &info, GTypeFlags(rawValue: 0))
  }()

  static func make() -> UnsafeMutablePointer<GtkWidget> {
    UnsafeMutableRawPointer(g_object_new_with_properties(type, 0, nil, nil)!)
      .assumingMemoryBound(to: GtkWidget.self)
  }

  /// The list views made from this type, by address: the Tab walk reads their shown rows.
  private static var handles: [UInt: WeakListViewHandle] = [:]

  static func register(_ list: ListViewWidget) {
    handles = handles.filter { $0.value.list != nil }
    handles[UInt(bitPattern: list.pointer)] = WeakListViewHandle(list)
  }

  /// The handle on the list view at `pointer`, made from this type.
  static func handle(of pointer: UnsafeMutablePointer<GtkWidget>) -> ListViewWidget? {
    handles[UInt(bitPattern: pointer)]?.list
  }

  /// The Tab stops in order are the list's row (its stop), then each control inside the rows
  /// GTK shows.
  private static func moveFocus(in pointer: UnsafeMutablePointer<GtkWidget>, forward: Bool) -> Bool
  {
    guard let list = handles[UInt(bitPattern: pointer)]?.list else { return false }
    let shown = list.shownRows
    let positions = Dictionary(shown.map { ($0.widget, $0.position) }) { first, _ in first }
    return ListTabWalk(
      list: pointer, rows: shown.map(\.widget),
      content: { gtk_widget_get_first_child($0) },
      isSelected: { positions[$0].map(list.isSelected) ?? false },
      focusRow: ListViewWidget.grabOwnFocus
    ).moveFocus(forward: forward)
  }
}

@MainActor
private final class WeakListViewHandle {
  weak var list: ListViewWidget?
  init(_ list: ListViewWidget) { self.list = list }
}
