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
  /// What `setChildren` was last given.
  private var given: [UnsafeMutablePointer<GtkWidget>] = []
  /// The row header of each row widget that has section labels before it.
  private var headers: [UnsafeMutablePointer<GtkWidget>: Widget] = [:]
  /// The row of each child widget.
  private var rows: [UnsafeMutablePointer<GtkWidget>: UnsafeMutablePointer<GtkWidget>] = [:]
  private var order: [UnsafeMutablePointer<GtkWidget>] = []
  /// A form list's field labels (see `FormRowLabel`), one width for all, so its fields line
  /// up as in a macOS form. Owned by the list widget (its data), not by this wrapper.
  private var labelWidths: UnsafeMutablePointer<GtkSizeGroup>?

  init(role: Role) {
    self.role = role
    let list: UnsafeMutablePointer<GtkWidget> =
      switch role {
      case .form: FormListType.make()
      case .list: ListTabStopType.make()
      }
    super.init(retaining: list)
    // NB: an empty name, not GTK 4.8's fallback, the type name ("GtkBridgeFormList. List").
    setDerivedAccessibleName("")
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
      let group = gtk_size_group_new(GTK_SIZE_GROUP_HORIZONTAL)
      labelWidths = group
      g_object_set_data_full(
        UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: GObject.self),
        "gtkbridge-form-label-widths", UnsafeMutableRawPointer(group)
      ) { g_object_unref($0) }
    case .list:
      gtk_list_box_set_selection_mode(opaquePointer, GTK_SELECTION_SINGLE)
      gtk_list_box_set_header_func(
        opaquePointer,
        { row, _, _ in
          guard let row else { return }
          let object = UnsafeMutableRawPointer(row).assumingMemoryBound(to: GObject.self)
          let wanted = g_object_get_data(object, rowHeaderKey)?.assumingMemoryBound(
            to: GtkWidget.self)
          if gtk_list_box_row_get_header(row) != wanted {
            gtk_list_box_row_set_header(row, wanted)
          }
        }, nil, nil)
    }
  }

  /// The widgets in rows, in order.
  var children: [UnsafeMutablePointer<GtkWidget>] { order }

  /// Makes the rows hold exactly `widgets`, in order; rows of widgets that stay are kept.
  ///
  /// In a list, a section's header and footer labels are not rows: the labels before a row
  /// are its GTK row header (so the keyboard's cursor never lands on them); only labels after
  /// the last row (a last section's footer) are rows of their own, which take no input.
  func setChildren(_ widgets: [UnsafeMutablePointer<GtkWidget>]) {
    if widgets == given { return }
    // NB: rows leaving take their selection with them; that is no choice of the user's.
    bySelf { placeChildren(widgets) }
  }

  private func placeChildren(_ widgets: [UnsafeMutablePointer<GtkWidget>]) {
    given = widgets
    var rowWidgets: [UnsafeMutablePointer<GtkWidget>] = []
    var labelsBefore: [UnsafeMutablePointer<GtkWidget>: [UnsafeMutablePointer<GtkWidget>]] = [:]
    var pending: [UnsafeMutablePointer<GtkWidget>] = []
    for widget in widgets {
      if role == .list && ListBoxWidget.isSectionLabel(widget) {
        pending.append(widget)
      } else {
        if !pending.isEmpty { labelsBefore[widget] = pending }
        pending = []
        rowWidgets.append(widget)
      }
    }
    rowWidgets += pending
    syncHeaders(labelsBefore)
    setRows(rowWidgets)
    for (widget, row) in rows {
      let header = headers[widget]?.rawPointer
      let object = UnsafeMutableRawPointer(row).assumingMemoryBound(to: GObject.self)
      if g_object_get_data(object, rowHeaderKey) != header {
        g_object_set_data(object, rowHeaderKey, header)
      }
    }
    if role == .list {
      gtk_list_box_invalidate_headers(opaquePointer)
      orderHeadersBeforeRows()
    }
  }

  /// Puts each row header just before its row among the list's children. GTK parents a
  /// header to the list as it takes it (appended after every row), and assistive
  /// technologies read a widget's children in that order: a section's title was read after
  /// all the rows, and a screen reader read "Row 1, Second" for "First, Row 1, Second".
  private func orderHeadersBeforeRows() {
    for child in order {
      guard let row = rows[child], let header = gtk_list_box_row_get_header(asRow(row)),
        gtk_widget_get_parent(header) == pointer, gtk_widget_get_next_sibling(header) != row
      else { continue }
      gtk_widget_insert_before(header, pointer, row)
    }
  }

  /// The header box of each row widget that has labels before it, with those labels in it.
  private func syncHeaders(
    _ labelsBefore: [UnsafeMutablePointer<GtkWidget>: [UnsafeMutablePointer<GtkWidget>]]
  ) {
    for widget in headers.keys where labelsBefore[widget] == nil {
      headers.removeValue(forKey: widget)
    }
    // NB: every label leaves the box it is in before any box takes it.
    for (widget, labels) in labelsBefore {
      let box = headers[widget]
      for label in labels where gtk_widget_get_parent(label) != box?.pointer {
        ListBoxWidget.detach(label)
      }
    }
    for (widget, labels) in labelsBefore {
      let box =
        headers[widget]
        ?? {
          let box = Widget(retaining: gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!)
          box.addCSSClass(ListCSS.listHeaderClass)
          headers[widget] = box
          return box
        }()
      var current: [UnsafeMutablePointer<GtkWidget>] = []
      var child = gtk_widget_get_first_child(box.pointer)
      while let c = child {
        current.append(c)
        child = gtk_widget_get_next_sibling(c)
      }
      if current == labels { continue }
      let gtkBox = box.pointer(as: GtkBox.self)
      for old in current { gtk_box_remove(gtkBox, old) }
      for label in labels {
        ListBoxWidget.detach(label)
        gtk_box_append(gtkBox, label)
      }
    }
  }

  /// Marks `widget`, a section's header (or footer), as one, so a list makes it a row
  /// header (or a label row), and styles the labels in it as a heading (or a caption).
  static func markSectionLabel(_ widget: Widget, footer: Bool) {
    // NB: the widget itself is marked, so a List knows its row holds a header or footer.
    widget.addCSSClass(footer ? ListCSS.footerClass : ListCSS.headerClass)
    for label in widget.gtkDescendants(ofType: gtk_label_get_type()) {
      ListCSS.styleLabel(label, footer: footer)
    }
  }

  static func isSectionLabel(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
    gtk_widget_has_css_class(widget, ListCSS.headerClass) != 0
      || gtk_widget_has_css_class(widget, ListCSS.footerClass) != 0
  }

  private func setRows(_ widgets: [UnsafeMutablePointer<GtkWidget>]) {
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
        let content =
          role == .form
          ? FormRowLabel.makeRowContent(for: widget, labelWidths: labelWidths) : widget
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
    let isLabelRow = ListBoxWidget.isSectionLabel(widget)
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
      // focus it: an unfocusable label row made the rest of a List unreachable by Tab
      // (measured). Insensitive, it is skipped.
      gtk_widget_set_sensitive(row, 0)
    }
  }

  /// Takes `widget` out of the row (or form-row box) or box it is in, so a row can adopt it.
  /// The row stays, empty, for the list that owns it to remove.
  static func detach(_ widget: UnsafeMutablePointer<GtkWidget>) {
    guard let parent = gtk_widget_get_parent(widget) else { return }
    if gtkIsA(parent, gtk_list_box_row_get_type()) {
      gtk_list_box_row_set_child(asRow(parent), nil)
    } else if gtkIsA(parent, gtk_box_get_type()) {
      gtk_box_remove(UnsafeMutableRawPointer(parent).assumingMemoryBound(to: GtkBox.self), widget)
    }
  }

  /// Lets the user select the row of `child`, or not. Wraps `gtk_list_box_row_set_selectable`.
  func setSelectable(_ child: UnsafeMutablePointer<GtkWidget>, _ selectable: Bool) {
    guard let row = rows[child], !gtk_widget_has_css_class(row, ListCSS.labelRowClass).isTrue
    else { return }
    if gtk_list_box_row_get_selectable(asRow(row)).isTrue != selectable {
      gtk_list_box_row_set_selectable(asRow(row), selectable ? 1 : 0)
    }
  }

  /// How rows can be selected, as a list view's are.
  typealias SelectionMode = ListViewWidget.SelectionMode

  /// How the user can select rows. Wraps `gtk_list_box_set_selection_mode`.
  var selectionMode: SelectionMode {
    get {
      switch gtk_list_box_get_selection_mode(opaquePointer) {
      case GTK_SELECTION_NONE: .none
      case GTK_SELECTION_MULTIPLE: .multiple
      default: .single
      }
    }
    set {
      guard selectionMode != newValue else { return }
      let mode: GtkSelectionMode =
        switch newValue {
        case .none: GTK_SELECTION_NONE
        case .single: GTK_SELECTION_SINGLE
        case .multiple: GTK_SELECTION_MULTIPLE
        }
      // NB: a narrower mode drops selected rows; no choice of the user's.
      bySelf { gtk_list_box_set_selection_mode(opaquePointer, mode) }
    }
  }

  /// Told when the user changes the selection (a click, the arrow keys), never when the app
  /// does (``setChildren(_:)``, ``select(_:)``, ``selectionMode``). Wraps
  /// `GtkListBox::selected-rows-changed`.
  var onUserSelection: (@MainActor () -> Void)? {
    didSet {
      if onUserSelection == nil {
        selectionChanged = nil
      } else if selectionChanged == nil {
        selectionChanged = connect("selected-rows-changed") { [weak self] in
          self?.onUserSelection?()
        }
      }
    }
  }
  private var selectionChanged: SignalConnection?

  /// Runs `body`, a change of the app's, with ``onUserSelection`` held off.
  private func bySelf(_ body: () -> Void) {
    // NB: the connection is noncopyable: borrowed through `?.`, else `body` runs plainly.
    if selectionChanged?.blocked(body) == nil { body() }
  }

  /// Told of each key pressed while the list or a row in it has focus, before GTK handles
  /// it; returns whether it handled the key. Set for a ``List`` (Delete on a focused row).
  var onKeyPress: (@MainActor (KeyEquivalent) -> Bool)? {
    didSet {
      if onKeyPress == nil {
        keyPressed = nil
        keyController?.detach()
        keyController = nil
      } else if keyController == nil {
        let controller = EventController(gtk_event_controller_key_new())
        controller.attach(to: self)
        keyController = controller
        keyPressed = KeyContext.connect(controller, released: false) {
          [weak self] keyval, _, _ in
          guard let key = KeyEquivalent(keyval: keyval) else { return false }
          return self?.onKeyPress?(key) ?? false
        }
      }
    }
  }
  private var keyController: EventController?
  private var keyPressed: SignalConnection?

  /// Lets the user drag rows to new places (``RowDragging``), each row told by its child
  /// widget; nil (the default): rows are not dragged.
  var rowMoves: RowMoves<UnsafeMutablePointer<GtkWidget>>? {
    didSet {
      guard let rowMoves else {
        rowDragging = nil
        return
      }
      let handlers = RowDragging.Handlers(rowMoves) { [weak self] in self?.child(inRow: $0) }
      if let rowDragging {
        rowDragging.handlers = handlers
      } else {
        rowDragging = RowDragging(
          list: self, rows: { [weak self] in self?.rowWidgets ?? [] }, handlers: handlers)
      }
    }
  }
  /// The drag of rows, while ``rowMoves`` is set.
  private(set) var rowDragging: RowDragging?

  /// The `GtkListBoxRow`s, in the list's order.
  private var rowWidgets: [UnsafeMutablePointer<GtkWidget>] { order.compactMap { rows[$0] } }

  /// The row of `child`, a `GtkListBoxRow` (what a drag starts from and lands next to).
  func rowWidget(of child: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
    rows[child]
  }

  /// The widget in `row`, when `row` is one of this list's `GtkListBoxRow`s.
  func child(inRow row: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
    rows.first { $0.value == row }?.key
  }

  /// The child widget whose row has the keyboard focus itself (not a control inside it), if
  /// one does. Wraps `gtk_root_get_focus`.
  var focusedRowChild: UnsafeMutablePointer<GtkWidget>? {
    rootFocus.flatMap(child(inRow:))
  }

  /// The row of `child` (a handle to grab focus with), when `child` is in the list.
  func row(of child: UnsafeMutablePointer<GtkWidget>) -> Widget? {
    rows[child].map { Widget(retaining: $0) }
  }

  /// Whether the row of `child` is in the list and can take focus now: shown, sensitive and
  /// focusable. Wraps `gtk_widget_get_visible`, `gtk_widget_is_sensitive` and
  /// `gtk_widget_get_focusable`.
  func canFocusRow(of child: UnsafeMutablePointer<GtkWidget>) -> Bool {
    guard let row = rows[child] else { return false }
    return gtk_widget_get_visible(row) != 0 && gtk_widget_is_sensitive(row) != 0
      && gtk_widget_get_focusable(row) != 0
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
    bySelf { selectRows(children) }
  }

  private func selectRows(_ children: Set<UnsafeMutablePointer<GtkWidget>>) {
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
private let rowHeaderKey = "gtkbridge-row-header"

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

private func asRow(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkListBoxRow>
{
  UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkListBoxRow.self)
}
