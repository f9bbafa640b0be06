// GtkBridge side of the benchmarks: the same work as Benchmarks/c/bench.c and
// Benchmarks/python/bench.py, written with GtkBridge's declarative API (HostingWindow, View,
// @State, @Observable models through @Bindable, TextField, .focused).
//
//   gtkbridge-bench WORKLOAD N OPS      (prints one JSON line)
//
// The harness around the views (clock, first-frame wait, synthetic keystrokes on the focused
// GtkText, reading results back) calls GTK through CGtk exactly as the C runner does.
import CGtk
import Glibc
import GtkBridge
import Observation

// MARK: - Models and views

/// One bound text field's state.
@MainActor
@Observable
final class Row: Identifiable {
  let id: Int
  var text = ""

  init(id: Int) {
    self.id = id
  }
}

/// The app's state: one row per field, and which field has focus.
@MainActor
@Observable
final class FormModel {
  let rows: [Row]
  var focus: Int?

  init(count: Int) {
    rows = (0..<count).map(Row.init(id:))
  }
}

struct RowField: View {
  @Bindable var row: Row

  var body: some View {
    TextField("", text: $row.text)
  }
}

/// N text fields in a vertical stack (W1, W3, W5).
struct Form: View {
  let model: FormModel

  var body: some View {
    VStack(spacing: 8) {
      ForEach(model.rows) { row in
        RowField(row: row)
      }
    }
  }
}

/// N text fields whose focus follows `model.focus` (W4).
struct FocusForm: View {
  @Bindable var model: FormModel

  var body: some View {
    VStack(spacing: 8) {
      ForEach(model.rows) { row in
        RowField(row: row)
          .focused($model.focus, equals: row.id)
      }
    }
  }
}

/// A text field whose text flows into `@State` and into a label that shows it (W2).
struct TypingForm: View {
  @State var text = ""

  var body: some View {
    VStack(spacing: 8) {
      TextField("", text: $text)
      Text(text)
    }
  }
}

/// W6: every row's text in one array of an `@Observable` model, bound by index.
@MainActor
@Observable
final class TextsModel {
  var texts: [String]

  init(count: Int) {
    texts = Array(repeating: "", count: count)
  }
}

/// W6: `ForEach(model.texts.indices, id: \.self)` with `$model.texts[i]`, and a label showing
/// row `shown`.
struct TextsForm: View {
  @Bindable var model: TextsModel
  let shown: Int

  var body: some View {
    VStack(spacing: 8) {
      ForEach(model.texts.indices, id: \.self) { i in
        TextField("", text: $model.texts[i])
      }
      Text(model.texts[shown])
    }
  }
}

/// What the W7 and W8 views do in their `.onChange`, and the handles through which the
/// harness reaches a view's `@State` and `@FocusState` (set in `.onAppear`, as an action
/// of the view would write them).
@MainActor
final class Probe {
  var changes = 0
  var setName: (Int, String) -> Void = { _, _ in }
  var name: (Int) -> String = { _ in "" }
  var focus: () -> Int? = { nil }
}

/// W7: one row's value.
struct Item: Identifiable {
  let id: Int
  var name: String
}

/// W7: `@State var items: [Item]` in the view, the binding `ForEach`, `.focused` and
/// `.onChange` on every row, and a label showing row `shown`.
struct ItemsForm: View {
  @State var items: [Item]
  @FocusState var focus: Int?
  let shown: Int
  let probe: Probe

  var body: some View {
    VStack(spacing: 8) {
      ForEach($items) { $item in
        TextField("Name", text: $item.name)
          .focused($focus, equals: item.id)
          .onChange(of: item.name) { probe.changes += 1 }
      }
      Text(items[shown].name)
    }
    .onAppear {
      probe.setName = { items[$0].name = $1 }
      probe.name = { items[$0].name }
      probe.focus = { focus }
    }
  }
}

/// W8: one `@Observable` object per row.
@MainActor
@Observable
final class Person: Identifiable {
  let id: Int
  var name = ""

  init(id: Int) {
    self.id = id
  }
}

/// W8: the rows and which one has focus.
@MainActor
@Observable
final class PeopleModel {
  let rows: [Person]
  var focus: Int?

  init(count: Int) {
    rows = (0..<count).map(Person.init(id:))
  }
}

struct PersonField: View {
  @Bindable var person: Person

  var body: some View {
    TextField("Name", text: $person.name)
  }
}

/// W8: W5's shape with `.focused($model.focus, equals:)` and `.onChange` on every row, and a
/// label showing row `shown`.
struct PeopleForm: View {
  @Bindable var model: PeopleModel
  let shown: Int
  let probe: Probe

  var body: some View {
    VStack(spacing: 8) {
      ForEach(model.rows) { person in
        PersonField(person: person)
          .focused($model.focus, equals: person.id)
          .onChange(of: person.name) { probe.changes += 1 }
      }
      Text(model.rows[shown].name)
    }
  }
}

// MARK: - Harness

/// The callgrind region markers of region.c, when BENCH_REGION names that library.
enum Region {
  typealias Marker = @convention(c) () -> Void
  nonisolated(unsafe) static var begin: Marker?
  nonisolated(unsafe) static var end: Marker?

  static func load() {
    guard let path = getenv("BENCH_REGION"), path.pointee != 0 else { return }
    guard let library = dlopen(path, RTLD_NOW) else {
      print("cannot load \(String(cString: path))")
      exit(2)
    }
    begin = unsafeBitCast(dlsym(library, "bench_region_begin"), to: Marker.self)
    end = unsafeBitCast(dlsym(library, "bench_region_end"), to: Marker.self)
  }
}

func now() -> Double {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

nonisolated(unsafe) var painted = false

/// BENCH_FRAMES=1 (Benchmarks/profile --shown): every operation ends with a frame of the
/// shown window, as in the C runner (its `end_frame`).
let withFrames = getenv("BENCH_FRAMES") != nil && getenv("BENCH_NO_PRESENT") == nil
/// The window whose frames BENCH_FRAMES waits for: the last one shown.
nonisolated(unsafe) var frameWindow: UnsafeMutablePointer<GtkWidget>?

/// Processes every pending event without waiting (`MainLoop.drain()`, as an app's main loop
/// would), and with BENCH_FRAMES ends the operation with a frame.
@MainActor
func drain() {
  MainLoop.drain()
  if withFrames { endFrame() }
}

/// One frame of the shown window: a paint phase requested and the loop run until it is
/// over (a paint with nothing invalidated draws nothing), the same in all three runners.
@MainActor
func endFrame() {
  guard let window = frameWindow, gtk_widget_get_mapped(window) != 0 else { return }
  painted = false
  let clock = gtk_widget_get_frame_clock(window)
  let id = cgtk_connect_void(
    UnsafeMutableRawPointer(clock), "after-paint", { _ in painted = true }, nil, nil)
  gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_PAINT)
  while !painted { g_main_context_iteration(nil, 1) }
  g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), id)
  MainLoop.drain()
}

@MainActor
func widgetPointer(_ widget: Widget) -> UnsafeMutablePointer<GtkWidget> {
  widget.rawPointer.assumingMemoryBound(to: GtkWidget.self)
}

/// Iterates the loop until the window's frame clock has painted once (as the C runner does).
@MainActor
func waitFirstFrame(_ window: Window) {
  frameWindow = widgetPointer(window)
  painted = false
  let clock = gtk_widget_get_frame_clock(widgetPointer(window))
  let id = cgtk_connect_void(
    UnsafeMutableRawPointer(clock), "after-paint", { _ in painted = true }, nil, nil)
  while !painted { g_main_context_iteration(nil, 1) }
  g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), id)
}

/// BENCH_NO_PRESENT=1 (Benchmarks/profile): W2-W4 windows are never shown, so no frame is
/// drawn during the loop and instruction counts are repeatable. Timing runs always present.
@MainActor
func show(_ host: HostingWindow<some View>) {
  showWindow(host.window)
}

@MainActor
func showWindow(_ window: Window) {
  if getenv("BENCH_NO_PRESENT") != nil { return MainLoop.drain() }
  window.present()
  waitFirstFrame(window)
}

/// The children of the window's stack, in order.
@MainActor
func stackChildren(_ window: Window) -> [UnsafeMutablePointer<GtkWidget>] {
  var children: [UnsafeMutablePointer<GtkWidget>] = []
  // The root view is one stack, so its box is the window's child (WindowContent).
  guard let box = gtk_window_get_child(window.rawPointer.assumingMemoryBound(to: GtkWindow.self))
  else { return children }
  var child = gtk_widget_get_first_child(box)
  while let current = child {
    children.append(current)
    child = gtk_widget_get_next_sibling(current)
  }
  return children
}

/// The index of the child holding the window's focus, if any.
@MainActor
func focusedRow(_ window: Window, _ children: [UnsafeMutablePointer<GtkWidget>]) -> Int? {
  guard let focus = gtk_root_get_focus(OpaquePointer(widgetPointer(window))) else { return nil }
  return children.firstIndex { $0 == focus || gtk_widget_is_ancestor(focus, $0) != 0 }
}

@MainActor
func entryText(_ entry: UnsafeMutablePointer<GtkWidget>) -> String {
  String(cString: gtk_editable_get_text(OpaquePointer(entry)))
}

func result(_ workload: String, _ n: Int, _ ops: Int, _ seconds: Double, _ ok: Bool) {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  let perOp = ops > 0 ? "\(seconds / Double(ops) * 1e6)" : "null"
  print(
    "{\"impl\": \"gtkbridge\", \"workload\": \"\(workload)\", \"n\": \(n), \"ops\": \(ops), "
      + "\"seconds\": \(seconds), \"us_per_op\": \(perOp), \"maxrss_kb\": \(usage.ru_maxrss), "
      + "\"ok\": \(ok)}")
}

let typed = Array("abcdefgh").map(String.init)

// MARK: - Workloads

@MainActor
func w1(_ n: Int) throws {
  Region.begin?()
  let start = now()
  let model = FormModel(count: n)
  let host = try HostingWindow(title: "bench", width: 640, height: 480) { Form(model: model) }
  host.present()
  waitFirstFrame(host.window)
  let seconds = now() - start
  Region.end?()
  let children = stackChildren(host.window)
  result("W1", n, 0, seconds, children.count == n && gtk_widget_get_mapped(children[n - 1]) != 0)
}

/// Keystroke `op` of the 16-step cycle every keystroke workload types ("abcdefgh", then
/// backspaced). One cycle runs before the measured region, as in the other runners: the first
/// use of each glyph is one-off work (font loading, shaping caches), not the operation's.
@MainActor
func keystroke(_ text: UnsafeMutablePointer<GtkWidget>, _ op: Int) {
  let step = op % 16
  if step < 8 {
    cgtk_text_insert_at_cursor(text, typed[step])
  } else {
    cgtk_emit(text, "backspace")
  }
  drain()
}

@MainActor
func w2(_ ops: Int) throws {
  let host = try HostingWindow(title: "bench", width: 640, height: 480) { TypingForm() }
  show(host)
  let children = stackChildren(host.window)
  gtk_widget_grab_focus(children[0])
  drain()
  guard let text = gtk_root_get_focus(OpaquePointer(widgetPointer(host.window))) else {
    fatalError("no focused field")
  }
  for op in 0..<16 { keystroke(text, op) }
  Region.begin?()
  let start = now()
  for op in 0..<ops { keystroke(text, op) }
  let seconds = now() - start
  Region.end?()
  let left = ops % 16 <= 8 ? ops % 16 : 16 - ops % 16
  let expected = typed[0..<left].joined()
  let label = String(cString: gtk_label_get_text(OpaquePointer(children[1])))
  result("W2", 1, ops, seconds, entryText(children[0]) == expected && label == expected)
}

@MainActor
func w3(_ ops: Int) throws {
  let model = FormModel(count: 1)
  let host = try HostingWindow(title: "bench", width: 640, height: 480) { Form(model: model) }
  show(host)
  let row = model.rows[0]
  Region.begin?()
  let start = now()
  for op in 0..<ops {
    row.text = "value \(op)"
    drain()
  }
  let seconds = now() - start
  Region.end?()
  let entry = stackChildren(host.window)[0]
  result("W3", 1, ops, seconds, entryText(entry) == "value \(ops - 1)")
}

@MainActor
func w4(_ n: Int, _ ops: Int) throws {
  let model = FormModel(count: n)
  let host = try HostingWindow(title: "bench", width: 640, height: 480) { FocusForm(model: model) }
  show(host)
  Region.begin?()
  let start = now()
  for op in 0..<ops {
    model.focus = (op + 1) % n
    drain()
  }
  let seconds = now() - start
  Region.end?()
  let last = ops % n
  let entry = stackChildren(host.window)[last]
  let focus = gtk_root_get_focus(OpaquePointer(widgetPointer(host.window)))
  let ok = model.focus == last && focus != nil && gtk_widget_is_ancestor(focus, entry) != 0
  result("W4", n, ops, seconds, ok)
}

@MainActor
func w5(_ n: Int, _ ops: Int) throws {
  let model = FormModel(count: n)
  let host = try HostingWindow(title: "bench", width: 640, height: 480) { Form(model: model) }
  drain()
  Region.begin?()
  let start = now()
  for op in 0..<ops {
    model.rows[(op * 7919) % n].text = "row \(op)"
    drain()
  }
  let seconds = now() - start
  Region.end?()
  var ok = true
  if ops > 0 {
    let entry = stackChildren(host.window)[((ops - 1) * 7919) % n]
    ok = entryText(entry) == "row \(ops - 1)"
  }
  result("W5", n, ops, seconds, ok)
  host.close()
}

// MARK: - W6-W8: N rows and a label showing row N / 2

/// One of W6-W8, as the harness drives it: the window, and the app's state seen through it.
@MainActor
struct RowsCase {
  let window: Window
  let close: () -> Void
  /// Writes row `i`'s text as the app would (W6 `model.texts[i] = …`, W7 the view's
  /// `items[i].name = …`, W8 `model.rows[i].name = …`).
  let write: (Int, String) -> Void
  let read: (Int) -> String
  /// The focus state (nil for W6, which has none).
  let focus: () -> Int?
  /// How many times `.onChange` ran (W6 has none: -1).
  let changes: () -> Int
}

@MainActor
func makeRows(_ workload: String, _ n: Int) throws -> RowsCase {
  let shown = n / 2
  switch workload.prefix(2) {
  case "W6":
    let model = TextsModel(count: n)
    let host = try HostingWindow(title: "bench", width: 640, height: 480) {
      TextsForm(model: model, shown: shown)
    }
    return RowsCase(
      window: host.window, close: host.close, write: { model.texts[$0] = $1 },
      read: { model.texts[$0] }, focus: { nil }, changes: { -1 })
  case "W7":
    let probe = Probe()
    let items = (0..<n).map { Item(id: $0, name: "") }
    let host = try HostingWindow(title: "bench", width: 640, height: 480) {
      ItemsForm(items: items, shown: shown, probe: probe)
    }
    drain()  // runs .onAppear
    return RowsCase(
      window: host.window, close: host.close, write: { probe.setName($0, $1) },
      read: { probe.name($0) }, focus: { probe.focus() }, changes: { probe.changes })
  default:
    let probe = Probe()
    let model = PeopleModel(count: n)
    let host = try HostingWindow(title: "bench", width: 640, height: 480) {
      PeopleForm(model: model, shown: shown, probe: probe)
    }
    return RowsCase(
      window: host.window, close: host.close, write: { model.rows[$0].name = $1 },
      read: { model.rows[$0].name }, focus: { model.focus }, changes: { probe.changes })
  }
}

/// W6-key, W7-key, W8-key: keystrokes into row N / 2 (focused by a click's `grab_focus`, which
/// reaches the focus state), W2's sequence: each edit flows into the state, `.onChange` and
/// the label.
@MainActor
func rowsKey(_ workload: String, _ n: Int, _ ops: Int) throws {
  let rows = try makeRows(workload, n)
  let shown = n / 2
  showWindow(rows.window)
  let children = stackChildren(rows.window)
  gtk_widget_grab_focus(children[shown])
  drain()
  guard let text = gtk_root_get_focus(OpaquePointer(widgetPointer(rows.window))) else {
    fatalError("no focused field")
  }
  for op in 0..<16 { keystroke(text, op) }
  Region.begin?()
  let start = now()
  for op in 0..<ops { keystroke(text, op) }
  let seconds = now() - start
  Region.end?()
  let left = ops % 16 <= 8 ? ops % 16 : 16 - ops % 16
  let expected = typed[0..<left].joined()
  let label = String(cString: gtk_label_get_text(OpaquePointer(children[n])))
  var ok = entryText(children[shown]) == expected && label == expected
  ok = ok && rows.read(shown) == expected && rows.read(0) == "" && entryText(children[0]) == ""
  if workload != "W6-key" { ok = ok && rows.focus() == shown && rows.changes() == ops + 16 }
  result(workload, n, ops, seconds, ok)
  rows.close()
}

/// The row W6-set, W7-set and W8-set write at operation `op`: `7919·op mod N`, skipping the
/// row the label shows (so each write reaches one field and nothing else, at every N).
func setRow(_ op: Int, _ n: Int) -> Int {
  let row = (op * 7919) % n
  return row == n / 2 ? (row + 1) % n : row
}

/// W6-set, W7-set, W8-set: the app writes row `setRow(op, N)`'s text; it reaches the field
/// (and `.onChange`).
@MainActor
func rowsSet(_ workload: String, _ n: Int, _ ops: Int) throws {
  let rows = try makeRows(workload, n)
  let shown = n / 2
  showWindow(rows.window)
  Region.begin?()
  let start = now()
  for op in 0..<ops {
    rows.write(setRow(op, n), "value \(op)")
    drain()
  }
  let seconds = now() - start
  Region.end?()
  let children = stackChildren(rows.window)
  var ok = true
  if ops > 0 {
    let last = setRow(ops - 1, n)
    ok = entryText(children[last]) == "value \(ops - 1)" && rows.read(last) == "value \(ops - 1)"
  }
  let label = String(cString: gtk_label_get_text(OpaquePointer(children[n])))
  ok = ok && label == rows.read(shown) && entryText(children[shown]) == rows.read(shown)
  // A shown window focuses its first field itself; the focus state must say so.
  let focused = focusedRow(rows.window, children)
  if workload != "W6-set" { ok = ok && rows.changes() == ops && rows.focus() == focused }
  result(workload, n, ops, seconds, ok)
  rows.close()
}

// MARK: - Main

let arguments = CommandLine.arguments
guard arguments.count == 4, let n = Int(arguments[2]), let ops = Int(arguments[3]) else {
  print("usage: gtkbridge-bench W1|W2|W3|W4|W5|W6-key|W6-set|W7-key|W7-set|W8-key|W8-set N OPS")
  exit(2)
}
Region.load()
try MainLoop.initialize()
if withFrames {
  // Shown and counted frame by frame: a blinking cursor would add frames by wall time.
  var off = GValue()
  g_value_init(&off, g_type_from_name("gboolean"))
  g_value_set_boolean(&off, 0)
  if let settings = gtk_settings_get_default() {
    let object = UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GObject.self)
    g_object_set_property(object, "gtk-cursor-blink", &off)
  }
  g_value_unset(&off)
}
switch arguments[1] {
case "W1": try w1(n)
case "W2": try w2(ops)
case "W3": try w3(ops)
case "W4": try w4(n, ops)
case "W5": try w5(n, ops)
case "W6-key", "W7-key", "W8-key": try rowsKey(arguments[1], n, ops)
case "W6-set", "W7-set", "W8-set": try rowsSet(arguments[1], n, ops)
case let list where list.hasPrefix("L:"): try listWorkload(list, n, ops)
default:
  print("unknown workload \(arguments[1])")
  exit(2)
}
