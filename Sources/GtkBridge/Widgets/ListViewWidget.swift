import CGtk

/// A handle on a `GtkListView` (or a `GtkGridView`) over a model of plain rows: the widget
/// behind lazy containers (``LazyVStack``, ``LazyHStack``, ``LazyVGrid``, ``LazyHGrid``).
///
/// GTK makes row widgets only for the rows on screen (and a few around them) and recycles
/// them as the user scrolls: it calls ``rowHandler`` to set a row up, bind it to a position,
/// unbind it and tear it down. The model knows only how many rows there are; what a row
/// shows is asked for by position when GTK binds it. Each row's widget is a ``Box`` made at
/// setup, which the bound view's widgets go into.
///
/// Changes reach GTK as `items-changed` of exactly the range that changed (``splice(at:removed:added:)``),
/// so rows outside it keep their widgets, their focus and their cursor.
@MainActor
final class ListViewWidget: Widget {
  /// A row GTK has set up: its list item and the box that holds what it shows.
  struct Row {
    let item: OpaquePointer
    let box: Box
    /// The row's place in the model; GTK's `GtkListItem:position`.
    @MainActor var position: Int { ListViewWidget.position(of: item) }
  }

  /// What GTK does with a row, and to which.
  enum RowEvent {
    case bind, unbind
  }

  /// How rows can be selected: none (lazy stacks and grids), one at a time or several.
  enum SelectionMode {
    case none, single, multiple
  }

  private let rows: OpaquePointer
  private let factory: OpaquePointer
  private var boxes: [OpaquePointer: Box] = [:]
  /// The model GTK shows: the rows, wrapped in a selection model of ``selectionMode``.
  private var selectionModel: OpaquePointer
  private var selectionChanged: SignalConnection?
  private(set) var count = 0
  /// How the user can select rows. Setting it keeps no selection.
  var selectionMode = SelectionMode.none {
    didSet {
      guard selectionMode != oldValue else { return }
      replaceSelectionModel()
    }
  }
  /// Told when the user changes the selection (a click, the arrow keys), never when the app
  /// does (``select(_:)``, ``splice(at:removed:added:)``).
  var onUserSelection: (@MainActor () -> Void)?
  /// Told of each row GTK binds to a position and unbinds.
  var rowHandler: (@MainActor (Row, RowEvent) -> Void)?
  /// Whether a row is a keyboard focus stop and can be activated itself (a `List`'s rows are;
  /// a lazy stack's are not, as a `VStack`'s children are not). A control inside a row takes
  /// focus either way.
  var rowsAreStops = true

  /// Told of each key pressed while the list or a row in it has focus, before GTK handles
  /// it; returns whether it handled the key. Set for a ``List`` (Delete on a focused row).
  var onKeyPress: (@MainActor (KeyEquivalent) -> Bool)? {
    didSet { if onKeyPress != nil, keyController == nil { listenToKeys() } }
  }
  private var keyController: EventController?
  private var keyPressed: SignalConnection?

  /// Whether the model's row at a position is a label row (a section's header or footer,
  /// ``setLabelRow(_:_:)``), which the Up and Down keys pass over. Set for a sectioned
  /// ``List``.
  var isLabelRow: (@MainActor (Int) -> Bool)? {
    didSet { if isLabelRow != nil, cursorController == nil { listenToCursorKeys() } }
  }
  private var cursorController: EventController?
  private var cursorKeyPressed: SignalConnection?

  /// Whether this is a grid view, which lays rows out in columns.
  let isGrid: Bool

  /// A list view whose rows go along `orientation`; with `columns`, a grid view whose rows
  /// fill that many columns across it (GTK picks a count in the range from the rows' widths).
  ///
  /// `tabStops`: a ``List``'s rows, one Tab stop for the list and then the controls in its
  /// rows (``ListViewTabStopType``); otherwise GTK's own walk.
  init(orientation: GtkOrientation, columns: ClosedRange<Int>? = nil, tabStops: Bool = false) {
    rows = cgtk_row_model_new()!
    selectionModel = Self.makeSelectionModel(.none, over: rows)
    // NB: the factory's context is a weak box: the factory lives as long as the list view,
    // which this handle owns, and a strong one would be a cycle.
    let context = SignalContext<WeakListView>(WeakListView())
    factory = cgtk_row_factory_new(callRowHandler, context.retainedPointer, releaseContext)
    isGrid = columns != nil
    let view: UnsafeMutablePointer<GtkWidget>
    if columns != nil {
      view = gtk_grid_view_new(selectionModel, factory)!
    } else if tabStops {
      view = ListViewTabStopType.make()
      gtk_list_view_set_model(OpaquePointer(view), selectionModel)
      gtk_list_view_set_factory(OpaquePointer(view), factory)
      // NB: the new view holds its own references; `gtk_list_view_new` takes these.
      g_object_unref(UnsafeMutableRawPointer(selectionModel))
      g_object_unref(UnsafeMutableRawPointer(factory))
    } else {
      view = gtk_list_view_new(selectionModel, factory)!
    }
    super.init(retaining: view)
    // NB: an empty name, not GTK 4.8's fallback, the type name: Orca read "GtkBridgeListView.
    // List with 3 items." as Tab entered a `List`.
    setDerivedAccessibleName("")
    if let columns { setColumns(columns) }
    context.handler.list = self
    gtk_orientable_set_orientation(OpaquePointer(pointer), orientation)
    if tabStops { ListViewTabStopType.register(self) }
    // Return (or a double click) on a row selects it, as it does in a list box.
    activated = connect("activate") { [weak self] in self?.activateFocusedRow() }
  }

  private var activated: SignalConnection?

  private func activateFocusedRow() {
    guard selectionMode != .none, let position = focusedRowPosition ?? focusedPosition,
      !isSelected(position)
    else { return }
    select([position])
    onUserSelection?()
  }

  private func listenToKeys() {
    let controller = EventController(gtk_event_controller_key_new())
    controller.attach(to: self)
    keyController = controller
    keyPressed = KeyContext.connect(controller, released: false) { [weak self] keyval, _, _ in
      guard let key = KeyEquivalent(keyval: keyval) else { return false }
      return self?.onKeyPress?(key) ?? false
    }
  }

  /// GTK's Up and Down (Home and End) move the cursor to the next (first, last) row only if
  /// that row takes focus: onto a label row they did nothing (GTK's
  /// `gtk_list_base_grab_focus_on_item` fails, and the press is lost). With the row itself
  /// focused, a plain Up or Down next to a label row moves to the first row past the labels,
  /// Home and End to the first and last row that is no label, and selects it as GTK's own
  /// move does; with Shift, the selection is extended to it as GTK's Shift move does. Seen
  /// before GTK's key bindings (capture phase); any other key (Ctrl's), a key GTK's move
  /// handles itself, or a control inside a row, goes on.
  private func listenToCursorKeys() {
    let controller = EventController(gtk_event_controller_key_new())
    gtk_event_controller_set_propagation_phase(controller.pointer, GTK_PHASE_CAPTURE)
    controller.attach(to: self)
    cursorController = controller
    cursorKeyPressed = KeyContext.connect(controller, released: false) {
      [weak self] keyval, _, state in
      guard let self, state.rawValue & GDK_CONTROL_MASK.rawValue == 0,
        let key = KeyEquivalent(keyval: keyval)
      else { return false }
      let extend = state.rawValue & GDK_SHIFT_MASK.rawValue != 0
      switch key {
      case .downArrow: return self.moveCursorOverLabels(by: 1, extend: extend)
      case .upArrow: return self.moveCursorOverLabels(by: -1, extend: extend)
      case .home: return self.moveCursorOverLabels(by: 1, from: -1, extend: extend)
      case .end: return self.moveCursorOverLabels(by: -1, from: self.count, extend: extend)
      default: return false
      }
    }
  }

  /// Moves the cursor `step` rows from `start` (the focused row when nil) and on past label
  /// rows, extending the selection to it with `extend`; false (GTK's move) when the row there
  /// is no label row.
  private func moveCursorOverLabels(by step: Int, from start: Int? = nil, extend: Bool) -> Bool {
    guard let isLabelRow, let focused = focusedRowPosition else { return false }
    let origin = start ?? focused
    guard isLabelRow(origin + step) else { return false }
    var target = origin + step
    while target >= 0, target < count, isLabelRow(target) { target += step }
    // At either end, past the labels there is no row: the cursor stays (the key is used up,
    // as GTK's is at the end of a list).
    guard target >= 0, target < count else { return true }
    scrollTo(target)
    // NB: a row scrolled to from afar (End) has its widget after GTK's next layout.
    if !focusCursorRow(at: target, extend: extend) {
      afterRowsUpdate { [weak self] in _ = self?.focusCursorRow(at: target, extend: extend) }
    }
    return true
  }

  private func focusCursorRow(at position: Int, extend: Bool) -> Bool {
    guard position < count, focusRow(at: position) else { return false }
    guard selectionMode != .none else { return true }
    // GTK's own selection by the keyboard ("list.select-item"): the row alone, which becomes
    // the anchor of a later Shift move, or with Shift, every row from the anchor to it. The
    // label rows in that range have no tag: the list selects the rows around them alone.
    let extend = extend && selectionMode == .multiple
    var parameters = [
      g_variant_new_uint32(guint32(position)), g_variant_new_boolean(0),
      g_variant_new_boolean(extend ? 1 : 0),
    ]
    let tuple = parameters.withUnsafeMutableBufferPointer {
      g_variant_new_tuple($0.baseAddress, 3)
    }
    _ = gtk_widget_activate_action_variant(pointer, "list.select-item", tuple)
    return true
  }

  /// Makes the row of `item` a label row (`true`): a section's header or footer, which takes
  /// no focus, is never selected nor activated, and is padded as a list box's label rows are;
  /// `false` makes it a plain row again (its flags are set again when GTK next binds it).
  ///
  /// NB: rows of the model, not GTK's own section headers: those came with GTK 4.12
  /// (`GtkSectionModel`, `gtk_list_view_set_header_factory`), and Debian 12 has GTK 4.8.
  func setLabelRow(_ item: OpaquePointer, _ isLabel: Bool) {
    guard let box = boxes[item] else { return }
    if isLabel {
      cgtk_list_item_set_focusable(item, 0)
      gtk_list_item_set_activatable(item, 0)
      gtk_list_item_set_selectable(item, 0)
    }
    // The list box's label rows' padding (`ListCSS`), on the row's box: the row widget is
    // GTK's, recycled for plain rows, and a list view's rows match no `list > row` rule.
    gtk_widget_set_margin_top(box.pointer, isLabel ? 12 : 0)
    gtk_widget_set_margin_bottom(box.pointer, isLabel ? 4 : 0)
    gtk_widget_set_margin_start(box.pointer, isLabel ? 8 : 0)
    gtk_widget_set_margin_end(box.pointer, isLabel ? 8 : 0)
    guard let row = gtk_widget_get_parent(box.pointer) else { return }
    let wasLabel = labelRows.contains(item)
    if isLabel {
      labelRows.insert(item)
      gtk_widget_add_css_class(row, ListCSS.labelRowClass)
      hideSelectedState(of: row)
    } else {
      labelRows.remove(item)
      gtk_widget_remove_css_class(row, ListCSS.labelRowClass)
      // A row again: a selectable row again to a screen reader, as it was before it showed
      // a label.
      if wasLabel, selectionMode != .none {
        cgtk_accessible_set_boolean_state(
          row, GTK_ACCESSIBLE_STATE_SELECTED, gtk_list_item_get_selected(item))
      }
    }
  }

  /// The list items that show a label row now (``setLabelRow(_:_:)``).
  private var labelRows: Set<OpaquePointer> = []

  /// Takes a label row's "selected" state away: a screen reader reads a row with that state
  /// (even false) as a selectable list item, and a header or footer is none. GTK sets it on
  /// the row widget when the row's selection changes (a recycled row that was selected, or a
  /// select-all that swept over the label until the list unselected it). Wraps
  /// `gtk_accessible_reset_state`.
  private func hideSelectedState(of row: UnsafeMutablePointer<GtkWidget>) {
    gtk_accessible_reset_state(OpaquePointer(row), GTK_ACCESSIBLE_STATE_SELECTED)
  }

  /// The label rows' "selected" state taken away again after a change of the selection.
  private func hideLabelRowsSelectedState() {
    for item in labelRows {
      guard let box = boxes[item], let row = gtk_widget_get_parent(box.pointer) else { continue }
      hideSelectedState(of: row)
    }
  }

  isolated deinit {
    g_object_unref(UnsafeMutableRawPointer(rows))
  }

  /// A selection model of `mode` over `rows`, owned by the caller (who gives it to a view).
  private static func makeSelectionModel(_ mode: SelectionMode, over rows: OpaquePointer)
    -> OpaquePointer
  {
    // NB: a selection model takes ownership of the model it wraps: give it a reference.
    let model = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(rows)))
    switch mode {
    case .none:
      return gtk_no_selection_new(model)!
    case .single:
      let single = gtk_single_selection_new(model)!
      // A list starts with nothing selected and the user can select nothing again (Ctrl-click),
      // as a Mac's list: the binding decides.
      gtk_single_selection_set_autoselect(single, 0)
      gtk_single_selection_set_can_unselect(single, 1)
      return single
    case .multiple:
      return gtk_multi_selection_new(model)!
    }
  }

  private func replaceSelectionModel() {
    selectionChanged = nil
    let model = Self.makeSelectionModel(selectionMode, over: rows)
    selectionModel = model
    if isGrid {
      gtk_grid_view_set_model(listView, model)
    } else {
      gtk_list_view_set_model(listView, model)
    }
    // The view holds the model now.
    g_object_unref(UnsafeMutableRawPointer(model))
    guard selectionMode != .none else { return }
    selectionChanged = SignalConnection.connect(model, "selection-changed") { [weak self] in
      self?.onUserSelection?()
    }
  }

  /// The places of the selected rows, in order. Wraps `gtk_selection_model_get_selection`.
  var selectedPositions: [Int] {
    guard selectionMode != .none, let set = gtk_selection_model_get_selection(selectionModel)
    else { return [] }
    defer { gtk_bitset_unref(set) }
    let size = gtk_bitset_get_size(set)
    return (0..<size).map { Int(gtk_bitset_get_nth(set, guint($0))) }
  }

  /// Whether the row at `position` is selected. Wraps `gtk_selection_model_is_selected`.
  func isSelected(_ position: Int) -> Bool {
    selectionMode != .none && position >= 0 && position < count
      && gtk_selection_model_is_selected(selectionModel, guint(position)) != 0
  }

  /// Selects exactly the rows at `positions` (those in range), without telling
  /// ``onUserSelection``. Wraps `gtk_single_selection_set_selected` and
  /// `gtk_selection_model_set_selection`.
  func select(_ positions: Set<Int>) {
    let valid = positions.filter { $0 >= 0 && $0 < count }
    guard valid != Set(selectedPositions) else { return }
    let apply = { [self] in
      switch selectionMode {
      case .none:
        return
      case .single:
        let position = valid.min().map(guint.init) ?? guint.max  // GTK_INVALID_LIST_POSITION
        gtk_single_selection_set_selected(selectionModel, position)
      case .multiple:
        let selected = gtk_bitset_new_empty()!
        let mask = gtk_bitset_new_range(0, guint(count))!
        for position in valid { gtk_bitset_add(selected, guint(position)) }
        _ = gtk_selection_model_set_selection(selectionModel, selected, mask)
        gtk_bitset_unref(selected)
        gtk_bitset_unref(mask)
      }
    }
    if selectionChanged != nil { selectionChanged!.blocked(apply) } else { apply() }
    hideLabelRowsSelectedState()
  }
  private var listView: OpaquePointer { OpaquePointer(pointer) }

  /// Whether rows go top to bottom or leading to trailing. Wraps `gtk_orientable_get_orientation`.
  var orientation: GtkOrientation { gtk_orientable_get_orientation(listView) }

  /// How many columns a grid view may lay its rows out in. Wraps
  /// `gtk_grid_view_set_min_columns` and `_set_max_columns`.
  func setColumns(_ columns: ClosedRange<Int>) {
    guard isGrid else { return }
    let lower = guint(max(1, columns.lowerBound))
    let upper = guint(max(columns.upperBound, columns.lowerBound, 1))
    // NB: GTK clamps max-columns to min-columns and the reverse: widen first.
    gtk_grid_view_set_max_columns(listView, max(upper, gtk_grid_view_get_max_columns(listView)))
    gtk_grid_view_set_min_columns(listView, lower)
    gtk_grid_view_set_max_columns(listView, upper)
  }

  /// Replaces `removed` rows at `position` with `added` new ones: one `items-changed`.
  func splice(at position: Int, removed: Int, added: Int) {
    precondition(position >= 0 && removed >= 0 && added >= 0 && position + removed <= count)
    count += added - removed
    // NB: rows leaving take their selection with them; that is no choice of the user's.
    let apply = { [rows] in
      cgtk_row_model_splice(rows, guint(position), guint(removed), guint(added))
    }
    if selectionChanged != nil { selectionChanged!.blocked(apply) } else { apply() }
  }

  /// Scrolls so that the row at `position` is shown.
  ///
  /// NB: the "list.scroll-to-item" action, which GTK 4.8 to 4.18 all have (4.12's
  /// `gtk_list_view_scroll_to` is not in 4.8).
  func scrollTo(_ position: Int) {
    guard position >= 0, position < count else { return }
    _ = gtk_widget_activate_action_variant(
      pointer, "list.scroll-to-item", g_variant_new_uint32(guint32(position)))
  }

  /// Makes `widgets` what the row of `item` shows, taking them out of another row first
  /// (GTK may bind an element's new row before it unbinds its old one).
  func show(_ widgets: [Widget], in item: OpaquePointer) {
    guard let box = boxes[item] else { return }
    for widget in widgets {
      guard let parent = gtk_widget_get_parent(widget.pointer), parent != box.pointer,
        boxes.values.contains(where: { $0.pointer == parent })
      else { continue }
      gtk_box_remove(
        UnsafeMutableRawPointer(parent).assumingMemoryBound(to: GtkBox.self), widget.pointer)
    }
    box.setChildren(widgets)
    // A header or footer that shows nothing (`header: { if flag { Text(…) } }` with the flag
    // off) takes no room, as in a list box, instead of a blank label row: its row is
    // hidden (GTK measures a hidden row 0 high), and shown again when it shows something.
    let visible: gboolean = widgets.isEmpty && labelRows.contains(item) ? 0 : 1
    if let row = gtk_widget_get_parent(box.pointer), gtk_widget_get_visible(row) != visible {
      gtk_widget_set_visible(row, visible)
    }
  }

  /// The place in the model of the row that holds the window's focus (the row itself or a
  /// control in it), if one does. Wraps `gtk_root_get_focus` and `gtk_widget_is_ancestor`.
  var focusedPosition: Int? {
    guard let root = gtk_widget_get_root(pointer), let focus = gtk_root_get_focus(root) else {
      return nil
    }
    for (item, box) in boxes
    where focus == box.pointer || gtk_widget_is_ancestor(focus, box.pointer) != 0
      || focus == gtk_widget_get_parent(box.pointer)
    {
      return gtk_list_item_get_item(item) == nil ? nil : Self.position(of: item)
    }
    return nil
  }

  /// Runs `body` once GTK has laid the rows out after a change (the next frame's paint):
  /// GTK 4.12 and later bind and unbind rows for an `items-changed` only then (4.8 at once),
  /// so which row widget shows which place is known after it. At once when the list is not
  /// shown. Wraps the frame clock's "after-paint".
  func afterRowsUpdate(_ body: @escaping @MainActor () -> Void) {
    guard gtk_widget_get_mapped(pointer) != 0, let clock = gtk_widget_get_frame_clock(pointer)
    else { return body() }
    pendingAfterUpdate.append(body)
    gtk_widget_queue_allocate(pointer)
    guard afterPaint == nil else { return }
    afterPaint = SignalConnection.connect(clock, "after-paint") { [weak self] in
      guard let self else { return }
      self.afterPaint = nil
      let pending = self.pendingAfterUpdate
      self.pendingAfterUpdate = []
      for body in pending { body() }
    }
  }

  private var pendingAfterUpdate: [@MainActor () -> Void] = []
  private var afterPaint: SignalConnection?

  /// Whether the window's focus is the list view or a widget inside it. Wraps
  /// `gtk_root_get_focus` and `gtk_widget_is_ancestor`.
  var holdsFocus: Bool {
    guard let root = gtk_widget_get_root(pointer), let focus = gtk_root_get_focus(root) else {
      return false
    }
    return focus == pointer || gtk_widget_is_ancestor(focus, pointer) != 0
  }

  /// The place in the model of the row that has the keyboard focus itself (not a control
  /// inside it), if one does. Wraps `gtk_root_get_focus`.
  var focusedRowPosition: Int? {
    guard let root = gtk_widget_get_root(pointer), let focus = gtk_root_get_focus(root) else {
      return nil
    }
    return shownRows.first { $0.widget == focus }?.position
  }

  /// The place in the model of the row `item` shows. Wraps `gtk_list_item_get_position`.
  static func position(of item: OpaquePointer) -> Int { Int(gtk_list_item_get_position(item)) }

  /// The model item a list item shows, held: whether GTK binds the same item again.
  final class ShownItem {
    private let object: UnsafeMutableRawPointer

    /// The item `item` shows now, or nil when it shows none. Wraps `gtk_list_item_get_item`.
    init?(of item: OpaquePointer) {
      guard let object = gtk_list_item_get_item(item) else { return nil }
      self.object = object
      g_object_ref(object)
    }

    deinit { g_object_unref(object) }

    /// Whether `item` shows this item now.
    func isShown(by item: OpaquePointer) -> Bool { gtk_list_item_get_item(item) == object }
  }

  /// Lays out a row's box: `spacing` pixels between rows (half before, half after), a grid
  /// cell's least width (height, for a horizontal grid) and where its widgets sit across.
  func layOut(_ box: Box, spacing: Int, cellExtent: Int?, alignment: GtkAlign?) {
    let vertical = box.orientation == GTK_ORIENTATION_VERTICAL
    if isGrid {
      let extent = gint(cellExtent ?? -1)
      gtk_widget_set_size_request(box.pointer, vertical ? extent : -1, vertical ? -1 : extent)
    }
    let before = gint(spacing / 2)
    let after = gint(spacing - spacing / 2)
    if vertical {
      gtk_widget_set_margin_top(box.pointer, before)
      gtk_widget_set_margin_bottom(box.pointer, after)
    } else {
      gtk_widget_set_margin_start(box.pointer, before)
      gtk_widget_set_margin_end(box.pointer, after)
    }
    guard let alignment else { return }
    var widget = gtk_widget_get_first_child(box.pointer)
    while let current = widget {
      if vertical {
        gtk_widget_set_halign(current, alignment)
      } else {
        gtk_widget_set_valign(current, alignment)
      }
      widget = gtk_widget_get_next_sibling(current)
    }
  }

  /// The rows GTK shows now (bound to a place), in the model's order: each row's widget
  /// (GTK's list item widget, which takes focus) and place.
  var shownRows: [(widget: UnsafeMutablePointer<GtkWidget>, position: Int)] {
    boxes.compactMap { item, box in
      // NB: GTK 4.18 keeps row widgets it recycles out of the list view, some with an item.
      guard gtk_list_item_get_item(item) != nil, let row = gtk_widget_get_parent(box.pointer),
        gtk_widget_get_parent(row) == pointer
      else { return nil }
      return (row, Self.position(of: item))
    }.sorted { $0.position < $1.position }
  }

  /// The row widget GTK shows for `position`, if it shows one now.
  func rowWidget(at position: Int) -> UnsafeMutablePointer<GtkWidget>? {
    shownRows.first { $0.position == position }?.widget
  }

  /// Gives the keyboard focus to the row at `position` itself, not to a control inside it;
  /// false when GTK shows no row there or the row cannot take focus.
  ///
  /// NB: GTK 4.8's list item widget hands `gtk_widget_grab_focus` to its first focusable
  /// child; GtkWidget's own `grab_focus` (the parent class's) focuses the row, as the arrow
  /// keys do.
  @discardableResult
  func focusRow(at position: Int) -> Bool {
    guard let row = rowWidget(at: position), gtk_widget_get_focusable(row) != 0 else {
      return false
    }
    return Self.grabOwnFocus(row)
  }

  static func grabOwnFocus(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
    let base = g_type_class_peek(gtk_widget_get_type())!.assumingMemoryBound(
      to: GtkWidgetClass.self)
    return base.pointee.grab_focus(widget) != 0
  }

  /// Lets the user drag rows to new places (``RowDragging``), each row told by its place in
  /// the model; nil (the default): rows are not dragged.
  var rowMoves: RowMoves<Int>? {
    didSet {
      guard let rowMoves else {
        rowDragging = nil
        return
      }
      let handlers = RowDragging.Handlers(rowMoves) { [weak self] widget in
        self?.shownRows.first { $0.widget == widget }?.position
      }
      if let rowDragging {
        rowDragging.handlers = handlers
      } else {
        rowDragging = RowDragging(
          list: self, rows: { [weak self] in self?.shownRows.map(\.widget) ?? [] },
          handlers: handlers)
      }
    }
  }
  /// The drag of rows, while ``rowMoves`` is set.
  private(set) var rowDragging: RowDragging?

  /// The box that holds what the row of `item` shows.
  func box(of item: OpaquePointer) -> Box? { boxes[item] }

  /// How many rows GTK has set up (made a widget for) now.
  var rowWidgetCount: Int { boxes.count }

  fileprivate func handle(_ item: OpaquePointer, _ phase: CgtkRowPhase) {
    switch phase {
    case CGTK_ROW_SETUP:
      let box = Box(orientation: gtk_orientable_get_orientation(listView), spacing: 0)
      boxes[item] = box
      gtk_list_item_set_child(item, box.pointer)
    case CGTK_ROW_BIND:
      guard let box = boxes[item] else { return }
      cgtk_list_item_set_focusable(item, rowsAreStops ? 1 : 0)
      gtk_list_item_set_activatable(item, rowsAreStops ? 1 : 0)
      // NB: a row that is a stop is "selectable" also without a selection (the model selects
      // nothing then): GTK 4.8's row refuses `gtk_widget_grab_focus`, and so a click's focus,
      // unless it is.
      gtk_list_item_set_selectable(item, selectionMode != .none || rowsAreStops ? 1 : 0)
      rowHandler?(Row(item: item, box: box), .bind)
    case CGTK_ROW_UNBIND:
      guard let box = boxes[item] else { return }
      rowHandler?(Row(item: item, box: box), .unbind)
    default:
      boxes[item] = nil
      labelRows.remove(item)
    }
  }
}

/// The list view a row factory's callback reaches, held weakly (see `ListViewWidget.init`).
@MainActor
private final class WeakListView {
  weak var list: ListViewWidget?
}

private let callRowHandler: cgtk_row_callback = { context, item, phase in
  let box = SignalContext<WeakListView>.from(context)
  // NB: the pointer passed as bits: an `OpaquePointer` is not `Sendable`.
  let bits = UInt(bitPattern: item)
  assumeMainActor {
    guard let item = OpaquePointer(bitPattern: bits) else { return }
    box.handler.list?.handle(item, phase)
  }
}
