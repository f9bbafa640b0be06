import CGtk

/// Rows of a list the user drags to new places, as on a Mac: a `GtkDragSource` and a
/// `GtkDropTargetAsync` on the list widget (a `GtkListBox` or `GtkListView`), and a drop
/// indicator, a line above or below the row under the pointer (``dropBeforeClass`` and
/// ``dropAfterClass`` on the row widget).
///
/// The list that owns it says which row widget is where (``Rows``) and decides, through
/// ``Handlers``, which row may be dragged and where it may land; this handle does the GTK
/// side only. A drag offers one private format, so nothing else is dropped on a list (text
/// dragged out of a field) and a row goes to no other program; a drop is taken only from this
/// list's own drag (the `GdkDrag` it started), so a row does not land in another list.
///
/// A drag never starts on a text field or text view in a row: there the mouse selects text
/// (GtkText claims the press first; the start point is checked as well).
///
/// A drag held near the top or bottom edge of the scrolled window around the list scrolls it,
/// a few pixels a frame, as a Mac's list does, so rows move to places off screen.
///
/// NB: the handlers return values (`prepare` a content provider, `drop` a gboolean) and take
/// doubles; they are connected from Swift, `@convention(c)` functions cast to `GCallback`,
/// with GLib's `GClosureNotify` releasing the context: the C shim stays as it is.
@MainActor
final class RowDragging {
  /// Where a drop lands, next to the row under the pointer.
  enum Edge: Equatable, Sendable {
    case before, after
  }

  /// The CSS class of the row a drop would land before (its upper half is under the pointer).
  static let dropBeforeClass = "gtkbridge-drop-before"
  /// The CSS class of the row a drop would land after.
  static let dropAfterClass = "gtkbridge-drop-after"
  /// The private format a row drag offers and a list accepts.
  static let format = "application/x-gtkbridge-list-row"

  /// What the owner decides, in row widgets (a `GtkListBoxRow`, or a list view's row widget).
  struct Handlers {
    /// A drag starts from `row`: whether it may (the owner remembers what moves).
    var begin: @MainActor (UnsafeMutablePointer<GtkWidget>) -> Bool
    /// Whether the rows dragged may land at `edge` of `row`.
    var canDrop: @MainActor (UnsafeMutablePointer<GtkWidget>, Edge) -> Bool
    /// The rows dragged land at `edge` of `row`; whether they were taken.
    var drop: @MainActor (UnsafeMutablePointer<GtkWidget>, Edge) -> Bool
    /// The drag is over, dropped or not.
    var end: @MainActor () -> Void
  }

  // NB: unowned: the list's handle owns this one (its `rowMoves`), and outlives it.
  private unowned let list: Widget
  /// The row widgets in the order the list shows them (only those GTK shows, for a list view).
  private let rows: @MainActor () -> [UnsafeMutablePointer<GtkWidget>]
  var handlers: Handlers
  private let source: EventController
  private let target: EventController
  /// The drag this list started, while it lasts: the only one it takes a drop from.
  private var drag: OpaquePointer?
  /// The row showing the drop indicator, and which.
  private var indicated: (row: UnsafeMutablePointer<GtkWidget>, edge: Edge)?

  /// Makes `list`'s rows draggable; `rows` lists its row widgets in the order shown.
  init(
    list: Widget, rows: @escaping @MainActor () -> [UnsafeMutablePointer<GtkWidget>],
    handlers: Handlers
  ) {
    self.list = list
    self.rows = rows
    self.handlers = handlers
    let dragSource = gtk_drag_source_new()!
    gtk_drag_source_set_actions(dragSource, GDK_ACTION_MOVE)
    // NB: before the rows' own click gestures, which claim the press (GTK 4.8's list item
    // does): seen in the capture phase, the drag source still lets a press and release be a
    // click, and takes the pointer only once it moved past GTK's drag threshold.
    gtk_event_controller_set_propagation_phase(dragSource, GTK_PHASE_CAPTURE)
    source = EventController(dragSource)
    let formats = Self.format.withCString { name -> OpaquePointer in
      var names: [UnsafePointer<CChar>?] = [name]
      return names.withUnsafeMutableBufferPointer { gdk_content_formats_new($0.baseAddress, 1) }
    }
    // NB: the drop target takes the formats' reference.
    target = EventController(gtk_drop_target_async_new(formats, GDK_ACTION_MOVE)!)
    ListCSS.install()
    // NB: the controllers are this handle's alone once detached: their handlers go with them.
    connect(source, "prepare", unsafeBitCast(prepareCallback, to: GCallback.self))
    connect(source, "drag-begin", unsafeBitCast(dragBeginCallback, to: GCallback.self))
    connect(source, "drag-end", unsafeBitCast(dragEndCallback, to: GCallback.self))
    connect(target, "drag-enter", unsafeBitCast(motionCallback, to: GCallback.self))
    connect(target, "drag-motion", unsafeBitCast(motionCallback, to: GCallback.self))
    connect(target, "drag-leave", unsafeBitCast(leaveCallback, to: GCallback.self))
    connect(target, "drop", unsafeBitCast(dropCallback, to: GCallback.self))
    source.attach(to: list)
    target.attach(to: list)
    Self.registry = Self.registry.filter { $0.value.dragging != nil }
    Self.registry[UInt(bitPattern: list.pointer)] = WeakRowDragging(self)
  }

  /// The drags of rows by list widget, for tests (``on(_:)``).
  private static var registry: [UInt: WeakRowDragging] = [:]

  /// The drag of rows set up on the list widget at `list`, if any.
  static func on(_ list: UnsafeMutablePointer<GtkWidget>) -> RowDragging? {
    registry[UInt(bitPattern: list)]?.dragging
  }

  /// Whether a drag this list started is under way.
  var isDragging: Bool { drag != nil }

  isolated deinit {
    clearIndicator()
    source.detach()
    target.detach()
  }

  /// Connects `callback` to `signal` of `controller`, with this handle (weakly) as context.
  /// Wraps `g_signal_connect_data`.
  private func connect(_ controller: EventController, _ signal: String, _ callback: GCallback) {
    let context = SignalContext<WeakRowDragging>(WeakRowDragging(self))
    _ = g_signal_connect_data(
      controller.rawPointer, signal, callback, context.retainedPointer, releaseClosureContext,
      GConnectFlags(rawValue: 0))
  }

  // MARK: Where

  /// The row under `y` (the list's coordinates) and the edge of it a drop there lands at:
  /// before the row for its upper half, after it for its lower half; between rows (a
  /// section's header) before the next row; below every row, after the last.
  func target(atY y: Double) -> (row: UnsafeMutablePointer<GtkWidget>, edge: Edge)? {
    let shown = rows().compactMap { row -> (UnsafeMutablePointer<GtkWidget>, Double, Double)? in
      guard gtk_widget_get_visible(row) != 0, let (top, height) = bounds(of: row) else {
        return nil
      }
      return (row, top, height)
    }
    for (row, top, height) in shown where y >= top && y < top + height {
      return (row, y < top + height / 2 ? .before : .after)
    }
    if let next = shown.first(where: { $0.1 > y }) { return (next.0, .before) }
    return shown.last.map { ($0.0, .after) }
  }

  /// The row widget at `x`, `y` (the list's coordinates), if one is there.
  private func row(atX x: Double, y: Double) -> UnsafeMutablePointer<GtkWidget>? {
    let shown = rows()
    var widget = gtk_widget_pick(list.pointer, x, y, GTK_PICK_DEFAULT)
    while let current = widget, current != list.pointer {
      if shown.contains(current) { return current }
      widget = gtk_widget_get_parent(current)
    }
    return nil
  }

  /// The top and height of `row` in the list's coordinates. Wraps `gtk_widget_compute_bounds`.
  private func bounds(of row: UnsafeMutablePointer<GtkWidget>) -> (Double, Double)? {
    var rect = graphene_rect_t()
    guard gtk_widget_compute_bounds(row, list.pointer, &rect) != 0 else { return nil }
    return (Double(rect.origin.y), Double(rect.size.height))
  }

  /// Whether the widget at `x`, `y` is text the mouse selects (a field's text, a text view),
  /// or inside it: no drag starts there.
  private func isText(atX x: Double, y: Double) -> Bool {
    var widget = gtk_widget_pick(list.pointer, x, y, GTK_PICK_DEFAULT)
    while let current = widget, current != list.pointer {
      if isA(current, gtk_editable_get_type()) || isA(current, gtk_text_view_get_type()) {
        return true
      }
      widget = gtk_widget_get_parent(current)
    }
    return false
  }

  private func isA(_ widget: UnsafeMutablePointer<GtkWidget>, _ type: GType) -> Bool {
    g_type_check_instance_is_a(
      UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), type) != 0
  }

  // MARK: The drag

  /// GtkDragSource::prepare: the content of a drag from `x`, `y`, or nil for no drag.
  fileprivate func prepare(x: Double, y: Double) -> UnsafeMutableRawPointer? {
    guard drag == nil, !isText(atX: x, y: y), let row = row(atX: x, y: y), handlers.begin(row)
    else { return nil }
    // The row itself under the pointer, where the user took it.
    if let (top, _) = bounds(of: row), let paintable = gtk_widget_paintable_new(row) {
      var rect = graphene_rect_t()
      let left = gtk_widget_compute_bounds(row, list.pointer, &rect) != 0 ? rect.origin.x : 0
      gtk_drag_source_set_icon(
        source.pointer, paintable, gint(x - Double(left)), gint(y - top))
      g_object_unref(UnsafeMutableRawPointer(paintable))
    }
    let bytes = g_bytes_new(nil, 0)
    defer { g_bytes_unref(bytes) }
    return UnsafeMutableRawPointer(gdk_content_provider_new_for_bytes(Self.format, bytes))
  }

  fileprivate func began(_ drag: OpaquePointer?) {
    self.drag = drag
  }

  fileprivate func ended() {
    drag = nil
    edgeScroll = 0
    clearIndicator()
    handlers.end()
  }

  /// Whether `drop` comes from this list's own drag. Wraps `gdk_drop_get_drag`.
  private func isOwn(_ drop: OpaquePointer?) -> Bool {
    guard let drop, let drag else { return false }
    return gdk_drop_get_drag(drop) == drag
  }

  /// GtkDropTargetAsync::drag-enter and ::drag-motion: shows where a drop at `y` lands, and
  /// answers the action (none where the rows may not land).
  fileprivate func motion(_ drop: OpaquePointer?, y: Double) -> GdkDragAction {
    if isOwn(drop) { scrollNearEdges(atY: y) }
    guard isOwn(drop), let (row, edge) = target(atY: y), handlers.canDrop(row, edge) else {
      clearIndicator()
      return GdkDragAction(rawValue: 0)
    }
    indicate(row, edge)
    return GDK_ACTION_MOVE
  }

  fileprivate func left() {
    clearIndicator()
    edgeScroll = 0
  }

  /// GtkDropTargetAsync::drop: the rows land at `y`; finishes the drop.
  fileprivate func dropped(_ drop: OpaquePointer?, y: Double) -> Bool {
    clearIndicator()
    guard isOwn(drop), let drop, let (row, edge) = target(atY: y), handlers.canDrop(row, edge)
    else { return false }
    let taken = handlers.drop(row, edge)
    gdk_drop_finish(drop, taken ? GDK_ACTION_MOVE : GdkDragAction(rawValue: 0))
    return taken
  }

  private func indicate(_ row: UnsafeMutablePointer<GtkWidget>, _ edge: Edge) {
    if let indicated, indicated.row == row, indicated.edge == edge { return }
    clearIndicator()
    gtk_widget_add_css_class(row, edge == .before ? Self.dropBeforeClass : Self.dropAfterClass)
    indicated = (row, edge)
  }

  private func clearIndicator() {
    guard let (row, _) = indicated else { return }
    gtk_widget_remove_css_class(row, Self.dropBeforeClass)
    gtk_widget_remove_css_class(row, Self.dropAfterClass)
    indicated = nil
  }

  // MARK: Scrolling at the edges

  /// Which way a drag held near an edge scrolls the list: -1 up, 1 down, 0 not.
  private var edgeScroll = 0
  /// Whether the frame clock calls ``scrollTick()`` (a tick callback on the list).
  private var isScrolling = false
  /// How near (pixels) the scrolled window's top or bottom edge a drag scrolls.
  static let edgeScrollMargin = 24.0
  /// How far (pixels) a frame scrolls.
  static let edgeScrollStep = 8.0

  /// The scrolled window around the list, if any.
  private var scrolledWindow: UnsafeMutablePointer<GtkWidget>? {
    gtk_widget_get_ancestor(list.pointer, gtk_scrolled_window_get_type())
  }

  /// A drag at `y` (the list's coordinates) near the top or bottom edge of the scrolled
  /// window scrolls it each frame until the drag moves away, ends or the list's end shows.
  /// Wraps `gtk_widget_add_tick_callback`.
  private func scrollNearEdges(atY y: Double) {
    guard let scrolled = scrolledWindow else { return }
    var x = 0.0
    var shownY = 0.0
    guard cgtk_widget_translate_point(list.pointer, scrolled, 0, y, &x, &shownY) != 0 else {
      return
    }
    let height = Double(gtk_widget_get_height(scrolled))
    edgeScroll =
      shownY < Self.edgeScrollMargin ? -1 : shownY > height - Self.edgeScrollMargin ? 1 : 0
    guard edgeScroll != 0, !isScrolling else { return }
    isScrolling = true
    let context = SignalContext<WeakRowDragging>(WeakRowDragging(self))
    _ = gtk_widget_add_tick_callback(
      list.pointer, scrollTickCallback, context.retainedPointer, releaseContextNotify)
  }

  /// One frame of scrolling at an edge; false when it is over (the tick callback goes).
  fileprivate func scrollTick() -> Bool {
    guard drag != nil, edgeScroll != 0, let scrolled = scrolledWindow,
      let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolled))
    else {
      isScrolling = false
      return false
    }
    let value = gtk_adjustment_get_value(adjustment)
    let last = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
    let next = min(max(value + Double(edgeScroll) * Self.edgeScrollStep, 0), max(last, 0))
    guard next != value else {
      isScrolling = false
      return false
    }
    gtk_adjustment_set_value(adjustment, next)
    return true
  }

  // MARK: For tests

  /// The row showing the drop indicator, and at which edge.
  var indicator: (row: UnsafeMutablePointer<GtkWidget>, edge: Edge)? { indicated }

  /// What a drag from `row` and a drop at `edge` of `target` do, run as GTK's signal
  /// handlers run them, without GDK's drag and drop (which needs a pointer): the checks,
  /// the indicator, the owner's handlers. Returns whether the drop was taken.
  func simulateDrag(
    from row: UnsafeMutablePointer<GtkWidget>, to target: UnsafeMutablePointer<GtkWidget>,
    edge: Edge
  ) -> Bool {
    guard handlers.begin(row) else { return false }
    defer { ended() }
    guard handlers.canDrop(target, edge) else { return false }
    indicate(target, edge)
    clearIndicator()
    return handlers.drop(target, edge)
  }
}

/// The drag a list's controllers' handlers reach, held weakly: the controllers live as long
/// as their list widget, which may outlive the handle.
@MainActor
private final class WeakRowDragging {
  weak var dragging: RowDragging?
  init(_ dragging: RowDragging) { self.dragging = dragging }
}

/// Balances `SignalContext.retainedPointer`: the `GClosureNotify` of `g_signal_connect_data`.
private let releaseClosureContext: GClosureNotify = { data, _ in
  Unmanaged<AnyObject>.fromOpaque(data!).release()
}

/// Balances `SignalContext.retainedPointer`: the `GDestroyNotify` of a tick callback.
private let releaseContextNotify: GDestroyNotify = { data in
  Unmanaged<AnyObject>.fromOpaque(data!).release()
}

private let scrollTickCallback: GtkTickCallback = { _, _, context in
  let box = dragging(context)
  return assumeMainActor { box.handler.dragging?.scrollTick() ?? false } ? 1 : 0
}

private typealias PrepareCallback =
  @convention(c) (OpaquePointer?, Double, Double, UnsafeMutableRawPointer?)
  -> UnsafeMutableRawPointer?
private typealias DragCallback =
  @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void
private typealias DragEndCallback =
  @convention(c) (OpaquePointer?, OpaquePointer?, gboolean, UnsafeMutableRawPointer?) -> Void
private typealias MotionCallback =
  @convention(c) (OpaquePointer?, OpaquePointer?, Double, Double, UnsafeMutableRawPointer?)
  -> guint
private typealias DropCallback =
  @convention(c) (OpaquePointer?, OpaquePointer?, Double, Double, UnsafeMutableRawPointer?)
  -> gboolean

private func dragging(_ context: UnsafeMutableRawPointer?) -> SignalContext<WeakRowDragging> {
  SignalContext<WeakRowDragging>.from(context)
}

// NB: pointers cross into the main actor as bits: `OpaquePointer` is not `Sendable`.

private let prepareCallback: PrepareCallback = { _, x, y, context in
  let box = dragging(context)
  let bits = assumeMainActor {
    box.handler.dragging?.prepare(x: x, y: y).map(UInt.init(bitPattern:))
  }
  return bits.flatMap { UnsafeMutableRawPointer(bitPattern: $0) }
}

private let dragBeginCallback: DragCallback = { _, drag, context in
  let box = dragging(context)
  let bits = UInt(bitPattern: drag)
  assumeMainActor { box.handler.dragging?.began(OpaquePointer(bitPattern: bits)) }
}

private let dragEndCallback: DragEndCallback = { _, _, _, context in
  let box = dragging(context)
  assumeMainActor { box.handler.dragging?.ended() }
}

private let motionCallback: MotionCallback = { _, drop, _, y, context in
  let box = dragging(context)
  let bits = UInt(bitPattern: drop)
  return assumeMainActor {
    box.handler.dragging?.motion(OpaquePointer(bitPattern: bits), y: y).rawValue ?? 0
  }
}

private let leaveCallback: DragCallback = { _, _, context in
  let box = dragging(context)
  assumeMainActor { box.handler.dragging?.left() }
}

private let dropCallback: DropCallback = { _, drop, _, y, context in
  let box = dragging(context)
  let bits = UInt(bitPattern: drop)
  let taken = assumeMainActor {
    box.handler.dragging?.dropped(OpaquePointer(bitPattern: bits), y: y) ?? false
  }
  return taken ? 1 : 0
}

/// What a list's owner decides of rows dragged, in the list's own terms for a row (a list
/// box's child widget, a list view's position): ``RowDragging/Handlers`` before the list
/// maps its row widgets.
struct RowMoves<Row> {
  /// A drag starts from `row`: whether it may (the owner remembers what moves).
  var begin: @MainActor (Row) -> Bool
  /// Whether the rows dragged may land at `edge` of `row`.
  var canDrop: @MainActor (Row, RowDragging.Edge) -> Bool
  /// The rows dragged land at `edge` of `row`; whether they were taken.
  var drop: @MainActor (Row, RowDragging.Edge) -> Bool
  /// The drag is over, dropped or not.
  var end: @MainActor () -> Void
}

extension RowDragging.Handlers {
  /// `moves`, with each row widget mapped by `row` (nil: no row of the owner's).
  init<Row>(
    _ moves: RowMoves<Row>, row: @escaping @MainActor (UnsafeMutablePointer<GtkWidget>) -> Row?
  ) {
    self.init(
      begin: { row($0).map(moves.begin) ?? false },
      canDrop: { widget, edge in row(widget).map { moves.canDrop($0, edge) } ?? false },
      drop: { widget, edge in row(widget).map { moves.drop($0, edge) } ?? false },
      end: moves.end)
  }
}
