import CGtk

/// A handle on a `GtkListBox` whose rows are other views' widgets, one `GtkListBoxRow` each:
/// the widget behind ``Form`` sections and ``List``.
///
/// Rows are kept per child widget across syncs and ordered by a sort function, so a reorder
/// never takes a row (and the focus inside it) out of the list.
@MainActor
final class ListBoxWidget: Widget {
  /// How rows behave.
  enum Role {
    /// Preference rows: neither the list nor its rows take focus (the controls inside do,
    /// one Tab each), nothing is selected or activated.
    case form
    /// Rows that take focus and can be selected, as GTK's own lists.
    case list
  }

  let role: Role
  /// The row of each child widget.
  private var rows: [UnsafeMutablePointer<GtkWidget>: UnsafeMutablePointer<GtkWidget>] = [:]
  private var order: [UnsafeMutablePointer<GtkWidget>] = []

  init(role: Role) {
    self.role = role
    let list: UnsafeMutablePointer<GtkWidget> =
      switch role {
      case .form: FormListType.make()
      case .list: gtk_list_box_new()!
      }
    super.init(retaining: list)
    gtk_list_box_set_sort_func(
      opaquePointer,
      { a, b, _ in
        rowIndex(a.map(UnsafeMutableRawPointer.init))
          - rowIndex(b.map(UnsafeMutableRawPointer.init))
      }, nil, nil)
    switch role {
    case .form:
      gtk_list_box_set_selection_mode(opaquePointer, GTK_SELECTION_NONE)
      gtk_widget_set_focusable(pointer, 0)
      addCSSClass("boxed-list")
      ListCSS.install()
    case .list:
      gtk_list_box_set_selection_mode(opaquePointer, GTK_SELECTION_SINGLE)
    }
  }

  /// The child widgets, in order.
  var children: [UnsafeMutablePointer<GtkWidget>] { order }

  /// Makes the rows hold exactly `widgets`, in order; rows of widgets that stay are kept.
  func setChildren(_ widgets: [UnsafeMutablePointer<GtkWidget>]) {
    if widgets == order { return }
    let keep = Set(widgets)
    for old in order where !keep.contains(old) {
      if let row = rows.removeValue(forKey: old) {
        ListBoxWidget.detach(old)
        gtk_list_box_remove(opaquePointer, row)
      }
    }
    for (index, widget) in widgets.enumerated() {
      let row: UnsafeMutablePointer<GtkWidget>
      if let existing = rows[widget] {
        row = existing
      } else {
        ListBoxWidget.detach(widget)
        row = gtk_list_box_row_new()!
        let content = role == .form ? FormRowLabel.makeRowContent(for: widget) : widget
        gtk_list_box_row_set_child(asRow(row), content)
        configure(row: row, for: widget)
        rows[widget] = row
      }
      setRowIndex(row, index + 1)
      if gtk_widget_get_parent(row) == nil {
        gtk_list_box_append(opaquePointer, row)
      }
    }
    order = widgets
    gtk_list_box_invalidate_sort(opaquePointer)
  }

  private func configure(
    row: UnsafeMutablePointer<GtkWidget>, for widget: UnsafeMutablePointer<GtkWidget>
  ) {
    let isLabelRow =
      gtk_widget_has_css_class(widget, ListCSS.headerClass) != 0
      || gtk_widget_has_css_class(widget, ListCSS.footerClass) != 0
    if role == .form || isLabelRow {
      // NB: a focusable row is one more Tab stop before each control, and GtkListBox's own
      // focus walk gives up at a row it cannot focus: form rows leave focus to their
      // controls (FormListType walks them in order).
      gtk_widget_set_focusable(row, 0)
      gtk_list_box_row_set_activatable(asRow(row), 0)
      gtk_list_box_row_set_selectable(asRow(row), 0)
    }
    if isLabelRow {
      gtk_widget_add_css_class(row, ListCSS.labelRowClass)
      // NB: GTK 4.8's list walks Tab to the next *sensitive* row and gives up if it cannot
      // focus it: an unfocusable header row first in a List made the whole list unreachable
      // by Tab (measured). Insensitive, it is skipped.
      gtk_widget_set_sensitive(row, 0)
    }
  }

  /// Takes `widget` out of the row (or form-row box) or box it is in, so a row can adopt it.
  /// The row stays, empty, for the list that owns it to remove.
  static func detach(_ widget: UnsafeMutablePointer<GtkWidget>) {
    guard let parent = gtk_widget_get_parent(widget) else { return }
    if isA(parent, gtk_list_box_row_get_type()) {
      gtk_list_box_row_set_child(asRow(parent), nil)
    } else if isA(parent, gtk_box_get_type()) {
      gtk_box_remove(UnsafeMutableRawPointer(parent).assumingMemoryBound(to: GtkBox.self), widget)
    }
  }

  private static func isA(_ widget: UnsafeMutablePointer<GtkWidget>, _ type: GType) -> Bool {
    g_type_check_instance_is_a(
      UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), type) != 0
  }

  /// Lets the user select the row of `child`, or not. Wraps `gtk_list_box_row_set_selectable`.
  func setSelectable(_ child: UnsafeMutablePointer<GtkWidget>, _ selectable: Bool) {
    guard let row = rows[child], !gtk_widget_has_css_class(row, ListCSS.labelRowClass).isTrue
    else { return }
    if gtk_list_box_row_get_selectable(asRow(row)).isTrue != selectable {
      gtk_list_box_row_set_selectable(asRow(row), selectable ? 1 : 0)
    }
  }

  /// Wraps `gtk_list_box_set_selection_mode`.
  var selectionMode: GtkSelectionMode {
    get { gtk_list_box_get_selection_mode(opaquePointer) }
    set {
      if selectionMode != newValue { gtk_list_box_set_selection_mode(opaquePointer, newValue) }
    }
  }

  /// The child widgets of the selected rows, in list order.
  /// Wraps `gtk_list_box_row_is_selected`.
  var selectedChildren: [UnsafeMutablePointer<GtkWidget>] {
    order.filter { child in
      rows[child].map { gtk_list_box_row_is_selected(asRow($0)) != 0 } ?? false
    }
  }

  /// Selects exactly the rows of `children`. Wraps `gtk_list_box_select_row` and
  /// `gtk_list_box_unselect_row`.
  func select(_ children: Set<UnsafeMutablePointer<GtkWidget>>) {
    for child in order {
      guard let row = rows[child] else { continue }
      let selected = gtk_list_box_row_is_selected(asRow(row)) != 0
      let wanted = children.contains(child)
      if selected != wanted {
        if wanted {
          gtk_list_box_select_row(opaquePointer, asRow(row))
        } else {
          gtk_list_box_unselect_row(opaquePointer, asRow(row))
        }
      }
    }
  }
}

extension gboolean {
  fileprivate var isTrue: Bool { self != 0 }
}

private let rowIndexKey = "gtkbridge-row-index"

private func setRowIndex(_ row: UnsafeMutablePointer<GtkWidget>, _ index: Int) {
  g_object_set_data(
    UnsafeMutableRawPointer(row).assumingMemoryBound(to: GObject.self), rowIndexKey,
    UnsafeMutableRawPointer(bitPattern: index))
}

private func rowIndex(_ row: UnsafeMutableRawPointer?) -> gint {
  guard let row else { return 0 }
  let data = g_object_get_data(row.assumingMemoryBound(to: GObject.self), rowIndexKey)
  return gint(truncatingIfNeeded: Int(bitPattern: data))
}

/// `GtkBridgeFormList`: a `GtkListBox` whose Tab walk is GTK's generic one (every focusable
/// widget inside, in order). Registered once, from Swift.
///
/// GTK 4.8's `GtkListBox` moves focus row by row and leaves the list at the first row that
/// cannot take focus (measured: with unfocusable rows, Tab from the first field skipped every
/// later field when the next row held a label).
@MainActor
private enum FormListType {
  static let type: GType = {
    var query = GTypeQuery()
    g_type_query(gtk_list_box_get_type(), &query)
    var info = GTypeInfo()
    info.class_size = guint16(query.class_size)
    info.instance_size = guint16(query.instance_size)
    info.class_init = { klass, _ in
      guard let klass else { return }
      klass.assumingMemoryBound(to: GtkWidgetClass.self).pointee.focus = { widget, direction in
        let base = g_type_class_peek(gtk_widget_get_type())!
          .assumingMemoryBound(to: GtkWidgetClass.self)
        return base.pointee.focus(widget, direction)
      }
    }
    return g_type_register_static(
      gtk_list_box_get_type(), "GtkBridgeFormList", &info, GTypeFlags(rawValue: 0))
  }()

  static func make() -> UnsafeMutablePointer<GtkWidget> {
    UnsafeMutableRawPointer(g_object_new_with_properties(type, 0, nil, nil)!)
      .assumingMemoryBound(to: GtkWidget.self)
  }
}

private func asRow(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkListBoxRow>
{
  UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkListBoxRow.self)
}
