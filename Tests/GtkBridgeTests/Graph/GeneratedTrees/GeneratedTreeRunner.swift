import CGtk
import Observation

@testable import GtkBridge

/// One window reused by many trees: each tree is mounted while the window is hidden, under a
/// new identity (a one-element `ForEach` keyed by a generation number), and the window is
/// presented again, so the tree sees a launch: nothing focused, then GTK's present. Realizing
/// a window per tree costs about 35 ms with the GL renderer, which CI's shared process uses.
@MainActor
final class GenWindowPool {
  @MainActor
  @Observable
  final class Slot {
    var generation = 0
    @ObservationIgnored var root: GenRoot?
  }

  struct SlotView: View {
    let slot: Slot

    var body: some View {
      ForEach(CollectionOfOne(slot.generation), id: \.self) { _ in
        if let root = slot.root { root }
      }
    }
  }

  let slot = Slot()
  let host: HostingWindow<SlotView>

  init() {
    let slot = slot
    host = try! HostingWindow(title: "generated tree", width: 480, height: 480) {
      SlotView(slot: slot)
    }
  }

  /// Hides the window, drops its focus and shows `root` (or nothing) in it.
  func load(_ root: GenRoot?) {
    let window = host.window.pointer
    gtk_widget_set_visible(window, 0)
    gtk_root_set_focus(OpaquePointer(window), nil)
    slot.root = root
    slot.generation += 1
    MainLoop.drain()
  }

  func close() {
    host.close()
    MainLoop.drain()
  }
}

/// A disagreement between GTK and the reference model.
struct GenFailure {
  /// The operation after which it showed (-1: at launch).
  let index: Int
  /// What disagreed and after what kind of operation, e.g. "field text (@State) after
  /// flipping a same-type if/else"; disagreements are counted by kind.
  let kind: String
  let message: String
}

/// One generated tree in a real window: applies operations, drains the main loop, and
/// compares what GTK shows with the reference model after each.
@MainActor
final class GenRun {
  let tree: GenTree
  private(set) var reference: GenReference
  let model: GenModel
  let harness = GenHarness()
  /// The window: the pool's, or a fresh one closed with the run.
  let window: Window
  private let pool: GenWindowPool?
  private var freshHost: HostingWindow<GenRoot>?
  /// The widget of each leaf at the last check (a reference held, so no address is reused).
  private var previous: [String: UnsafeMutablePointer<GtkWidget>] = [:]
  /// The widgets GTK shows for the leaves at the last check, in order.
  private var shown: [UnsafeMutablePointer<GtkWidget>] = []
  private var warnings = GLibWarnings.messages.count
  private(set) var checks = 0

  /// Shows `tree` in `pool`'s window (hidden, emptied and presented again, as a new window
  /// would be), or in a fresh window without a pool.
  init(tree: GenTree, pool: GenWindowPool?) {
    self.tree = tree
    self.pool = pool
    reference = GenReference(tree: tree)
    let model = GenModel(tree.values)
    self.model = model
    let harness = harness
    let root = GenRoot(shape: tree.shape, model: model, harness: harness)
    if let pool {
      window = pool.host.window
      pool.load(root)
    } else {
      let host = try! HostingWindow(title: "generated tree", width: 480, height: 480) { root }
      freshHost = host
      window = host.window
    }
    window.present()
    MainLoop.run(timeout: 5) { gtk_widget_get_mapped(self.window.pointer) != 0 }
  }

  func close() {
    for widget in previous.values { g_object_unref(widget) }
    previous = [:]
    if let pool {
      pool.load(nil)
    } else {
      freshHost?.close()
      MainLoop.drain()
    }
  }

  /// The disagreements seen at the last check (see `note` in `check`).
  private var reported: Set<String> = []
  /// Whether a wrong widget list stopped the run.
  private(set) var broken = false

  /// Checks the launch, then applies `ops`. Returns the disagreements in order: only the
  /// first unless `keepGoing`, in which case the run goes on after a disagreement (adopting
  /// what GTK shows, see `check`) until the operations end or the widget list is wrong.
  func run(_ ops: [GenOp], keepGoing: Bool = false) -> [GenFailure] {
    MainLoop.drain()
    var failures = check(after: nil, claimed: false).map {
      GenFailure(index: -1, kind: $0.kind, message: $0.message)
    }
    for (index, op) in ops.enumerated() {
      if !failures.isEmpty && !keepGoing || broken { break }
      failures += step(op).map { GenFailure(index: index, kind: $0.kind, message: $0.message) }
    }
    return keepGoing ? failures : Array(failures.prefix(1))
  }

  private func step(_ op: GenOp) -> [(kind: String, message: String)] {
    let before = reference
    let focusBefore = gtk_root_get_focus(OpaquePointer(window.pointer))
    // Whether a present view that can take focus claims the value written.
    var claimed = false
    switch op {
    case .flip(let id):
      let value = !(reference.values.flags[id] ?? true)
      reference.values.flags[id] = value
      model.flags[id] = value
    case .setCase(let id, let value):
      reference.values.cases[id] = value
      model.cases[id] = value
    case .insertRow(let id, let at, let key):
      return editRows(id, op) { rows in
        guard !rows.contains(key), rows.count < 5 else { return false }
        rows.insert(key, at: at % (rows.count + 1))
        return true
      }
    case .deleteRow(let id, let at):
      return editRows(id, op) { rows in
        guard !rows.isEmpty else { return false }
        rows.remove(at: at % rows.count)
        return true
      }
    case .moveRow(let id, let from, let to):
      return editRows(id, op) { rows in
        guard rows.count > 1 else { return false }
        let old = rows
        let key = rows.remove(at: from % rows.count)
        rows.insert(key, at: to % (rows.count + 1))
        return rows != old
      }
    case .setDisabled(let id, let value):
      guard (reference.values.disabled[id] ?? false) != value else { return [] }
      reference.values.disabled[id] = value
      model.disabled[id] = value
    case .setHidden(let id, let value):
      guard (reference.values.hidden[id] ?? false) != value else { return [] }
      reference.values.hidden[id] = value
      model.hidden[id] = value
    case .setTag(let id, let value):
      guard (reference.values.tags[id] ?? 0) != value else { return [] }
      reference.values.tags[id] = value
      model.tags[id] = value
    case .changeID(let id):
      let value = (reference.values.ids[id] ?? 0) + 1
      reference.values.ids[id] = value
      model.ids[id] = value
    case .bumpScope(let id, let instance):
      let keys = reference.stateKeys(scope: id)
      guard !keys.isEmpty else { return [] }
      let key = keys[instance % keys.count]
      guard let binding = harness.scopes[key] else {
        return [
          ("state binding missing after \(kind(of: op, claimed: false))", "no binding for \(key)")
        ]
      }
      let value = (reference.scopes[key] ?? 0) + 1
      reference.scopes[key] = value
      binding.wrappedValue = value
    case .bumpNote(let id, let instance):
      let keys = reference.stateKeys(rows: id)
      guard !keys.isEmpty else { return [] }
      let key = keys[instance % keys.count]
      guard let binding = harness.notes[key] else {
        return [
          ("state binding missing after \(kind(of: op, claimed: false))", "no binding for \(key)")
        ]
      }
      let value = (reference.notes[key] ?? 0) + 1
      reference.notes[key] = value
      binding.wrappedValue = value
    case .type(let character):
      guard let key = reference.focused,
        let index = reference.leaves.firstIndex(where: { $0.key == key && $0.kind == .field }),
        index < shown.count
      else { return [] }
      let entry = shown[index]
      let cursor = Int(gtk_editable_get_position(OpaquePointer(entry)))
      var scalars = Array((reference.texts[key] ?? "").unicodeScalars)
      scalars.insert(
        contentsOf: String(character).unicodeScalars, at: min(max(cursor, 0), scalars.count))
      reference.texts[key] = String(String.UnicodeScalarView(scalars))
      cgtk_text_insert_at_cursor(delegate(of: entry), String(character))
    case .click(let index):
      let fields = reference.leaves.indices.filter { reference.leaves[$0].kind == .field }
      guard !fields.isEmpty else { return [] }
      let leafIndex = fields[index % fields.count]
      guard leafIndex < shown.count else { return [] }
      gtk_widget_grab_focus(delegate(of: shown[leafIndex]))
    case .press(let index):
      let buttons = reference.leaves.indices.filter { reference.leaves[$0].kind == .button }
      guard !buttons.isEmpty else { return [] }
      let leafIndex = buttons[index % buttons.count]
      let leaf = reference.leaves[leafIndex]
      // A user cannot click a disabled or hidden button.
      guard !leaf.disabled, !leaf.hidden, leafIndex < shown.count else { return [] }
      reference.counts[leaf.key, default: 0] += 1
      cgtk_emit(shown[leafIndex], "clicked")
    case .focus(let value):
      if let value {
        claimed = reference.fields.contains { $0.tag == value && $0.focusable }
      }
      guard let focus = harness.focus else {
        return [("focus binding missing", "the root view never published its @FocusState")]
      }
      focus.wrappedValue = value
    }
    return finish(op, before: before, focusBefore: focusBefore, claimed: claimed)
  }

  /// Edits the rows of `Rows#id` (the app model's) or of the first present `BoundRows#id`
  /// (its `@State`, through the binding it handed out), then finishes the step.
  private func editRows(_ id: Int, _ op: GenOp, _ edit: (inout [Int]) -> Bool) -> [(
    kind: String, message: String
  )] {
    let before = reference
    let focusBefore = gtk_root_get_focus(OpaquePointer(window.pointer))
    if case .boundRows = tree.shape.allNodes.first(where: { $0.id == id }) {
      guard let stateKey = reference.stateKeys(bound: id).first else { return [] }
      var rows = reference.bound[stateKey] ?? []
      guard edit(&rows) else { return [] }
      guard let binding = harness.bound[stateKey] else {
        return [("state binding missing after \(kind(of: op, claimed: false))", stateKey)]
      }
      reference.bound[stateKey] = rows
      let items = binding.wrappedValue
      binding.wrappedValue = rows.map { key in
        items.first { $0.id == key }
          ?? GenItem(id: key, text: GenReference.initialText(boundRow: key))
      }
    } else {
      var rows = reference.values.rows[id] ?? []
      guard edit(&rows) else { return [] }
      reference.values.rows[id] = rows
      model.rows[id] = rows
    }
    return finish(op, before: before, focusBefore: focusBefore, claimed: false)
  }

  private func finish(
    _ op: GenOp, before: GenReference, focusBefore: UnsafeMutablePointer<GtkWidget>?,
    claimed: Bool
  ) -> [(kind: String, message: String)] {
    reference.evaluate()
    MainLoop.drain()
    // GTK moves focus away from a removed, hidden or insensitive widget only on a later frame:
    // let that happen before checking, so it is seen.
    // (Whatever held GTK's focus: a field the reference agreed on, or a button.)
    if let key = before.focused, reference.leaf(key)?.focusable != true {
      waitForFrames(2)
    } else if let focusBefore, !canHoldFocus(focusBefore) {
      waitForFrames(2)
    }
    return check(after: op, claimed: claimed)
  }

  /// Whether the widget is drawn: visible, and neither it nor an ancestor is transparent
  /// (`.hidden()` keeps the layout and sets the opacity to 0).
  private func isShown(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
    guard gtk_widget_is_visible(widget) != 0 else { return false }
    var current: UnsafeMutablePointer<GtkWidget>? = widget
    while let node = current {
      if gtk_widget_get_opacity(node) == 0 { return false }
      current = gtk_widget_get_parent(node)
    }
    return true
  }

  /// Whether `widget` is still in this window, visible and sensitive.
  private func canHoldFocus(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
    gtk_widget_get_root(widget) == OpaquePointer(window.pointer)
      && gtk_widget_is_visible(widget) != 0
      && gtk_widget_is_sensitive(widget) != 0
  }

  private func waitForFrames(_ count: Int64) {
    guard let clock = gtk_widget_get_frame_clock(window.pointer) else { return }
    let start = gdk_frame_clock_get_frame_counter(clock)
    gtk_widget_queue_draw(window.pointer)
    MainLoop.run(timeout: 0.5) {
      gtk_widget_queue_draw(self.window.pointer)
      return Int64(gdk_frame_clock_get_frame_counter(clock)) >= Int64(start) + count
    }
  }

  private func delegate(of entry: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<
    GtkWidget
  > {
    UnsafeMutableRawPointer(gtk_editable_get_delegate(OpaquePointer(entry))!)
      .assumingMemoryBound(to: GtkWidget.self)
  }

  /// The leaf widgets GTK shows, in order: entries, buttons and labels (not those inside an
  /// entry or a button).
  private func gtkLeaves() -> [(kind: GenLeaf.Kind?, widget: UnsafeMutablePointer<GtkWidget>)] {
    var result: [(GenLeaf.Kind?, UnsafeMutablePointer<GtkWidget>)] = []
    func visit(_ widget: UnsafeMutablePointer<GtkWidget>) {
      let name = String(cString: gtk_widget_get_css_name(widget))
      switch name {
      case "entry": result.append((.field, widget))
      case "button": result.append((.button, widget))
      case "label": result.append((.label, widget))
      default:
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
          visit(current)
          child = gtk_widget_get_next_sibling(current)
        }
      }
    }
    if let root = gtk_window_get_child(window.pointer.cast(to: GtkWindow.self)) { visit(root) }
    return result
  }

  private func text(of widget: UnsafeMutablePointer<GtkWidget>, kind: GenLeaf.Kind) -> String {
    switch kind {
    case .field: String(cString: gtk_editable_get_text(OpaquePointer(widget)))
    case .button:
      gtk_button_get_label(widget.cast(to: GtkButton.self)).map { String(cString: $0) } ?? ""
    case .label: String(cString: gtk_label_get_text(OpaquePointer(widget)))
    }
  }

  /// Compares GTK with the reference and returns the disagreements. Then records GTK's focus
  /// holder and the widgets, and adopts the texts GTK shows for fields that disagreed, so a
  /// run that keeps going (`keepGoing`) checks the next operations against a consistent base.
  /// After a wrong widget list the run cannot go on: `broken` is set.
  private func check(after op: GenOp?, claimed: Bool) -> [(kind: String, message: String)] {
    checks += 1
    let after = kind(of: op, claimed: claimed)
    var found: [(kind: String, message: String)] = []
    var signatures: Set<String> = []
    defer { reported = signatures }
    // A disagreement that persists from the last check (same thing, same leaf, same values)
    // is reported once, after the operation that caused it.
    func note(_ what: String, _ message: String, _ signature: String? = nil) {
      let signature = what + "|" + (signature ?? message)
      signatures.insert(signature)
      if !reported.contains(signature) { found.append(("\(what) after \(after)", message)) }
    }
    if GLibWarnings.messages.count > warnings {
      let new = GLibWarnings.messages.dropFirst(warnings)
      warnings = GLibWarnings.messages.count
      note("GTK warning", new.joined(separator: "\n"), "\(checks)")
    }
    let leaves = reference.leaves
    let gtk = gtkLeaves()
    if gtk.map(\.kind) != leaves.map(\.kind) {
      let expected = leaves.map { "\($0.kind.rawValue) \($0.text.debugDescription)" }
      let shownNow = gtk.map {
        "\($0.kind?.rawValue ?? "?") \(text(of: $0.widget, kind: $0.kind ?? .label).debugDescription)"
      }
      note(
        "widget list",
        "SwiftUI shows [\(expected.joined(separator: ", "))]\n    GTK shows ["
          + shownNow.joined(separator: ", ") + "]")
      broken = true
      return found
    }
    let previousWidgets = Set(previous.values)
    for (leaf, (_, widget)) in zip(leaves, gtk) {
      let shownText = text(of: widget, kind: leaf.kind)
      if shownText != leaf.text {
        let what =
          switch leaf.kind {
          case .field: "field text (@State text)"
          case .button: "button title (@State count)"
          case .label:
            leaf.key.hasPrefix("L")
              ? "row label (@State read in a row closure)" : "label (@State n)"
          }
        note(
          what,
          "\(leaf.key): GTK shows \(shownText.debugDescription), SwiftUI \(leaf.text.debugDescription)"
        )
        if leaf.kind == .field { reference.texts[leaf.key] = shownText }
      }
      if reference.appeared.contains(leaf.key) {
        if previousWidgets.contains(widget) {
          let old = previous.first { $0.value == widget }?.key ?? "?"
          note("new view kept an old widget", "\(leaf.key) is new but has \(old)'s widget")
        }
      } else if let old = previous[leaf.key], old != widget {
        note(
          "kept view got a new widget", "\(leaf.key) kept its identity but its widget was replaced")
      }
      let sensitive = gtk_widget_is_sensitive(widget) != 0
      if sensitive == leaf.disabled {
        note(
          "sensitivity",
          "\(leaf.key): GTK \(sensitive ? "sensitive" : "insensitive"), SwiftUI "
            + (leaf.disabled ? "disabled (an enclosing .disabled(true))" : "enabled"), leaf.key)
      }
      let visible = isShown(widget)
      if visible == leaf.hidden {
        note(
          "visibility", "\(leaf.key): GTK \(visible ? "visible" : "hidden"), SwiftUI the opposite")
      }
    }
    // Focus: GTK's focus widget, as a leaf.
    var actual: String?
    if let focus = gtk_root_get_focus(OpaquePointer(window.pointer)) {
      let holder = zip(leaves, gtk).first {
        focus == $0.1.widget || gtk_widget_is_ancestor(focus, $0.1.widget) != 0
      }?.0
      if let holder, holder.kind == .field {
        actual = holder.key
      } else if let holder {
        note(
          "a button holds focus",
          "\(holder.key) has GTK's focus; SwiftUI never focuses a button here")
      } else {
        note(
          "GTK focus on no view",
          "GTK's focus widget is a \(String(cString: gtk_widget_get_css_name(focus)))")
      }
    }
    let allowed = reference.allowedFocus(after: op)
    func name(_ key: String?) -> String { key ?? "nothing" }
    if !allowed.contains(actual) {
      note(
        "GTK focus",
        "GTK's focus is on \(name(actual)); SwiftUI: "
          + allowed.map(name).sorted().joined(separator: " or "))
    }
    let state = harness.focus?.wrappedValue
    let truth = reference.focusValue(holder: actual)
    if state != truth {
      note(
        "focus state",
        "@FocusState reads \(state.map(String.init) ?? "nil"), but \(name(actual)) holds focus"
          + " (SwiftUI reads \(truth.map(String.init) ?? "nil"))",
        // A wrong value that stays is reported once.
        "\(String(describing: state))")
    }
    reference.focused = actual
    for widget in previous.values { g_object_unref(widget) }
    previous = [:]
    for (leaf, (_, widget)) in zip(leaves, gtk) {
      g_object_ref(widget)
      previous[leaf.key] = widget
    }
    shown = gtk.map(\.widget)
    return found
  }

  /// The kind of operation, for counting disagreements by kind.
  func kind(of op: GenOp?, claimed: Bool) -> String {
    guard let op else { return "launch" }
    let node = tree.shape.allNodes.first { $0.id == op.nodeID }
    switch op {
    case .flip:
      if case .branch(_, let sameType, _, _) = node {
        return sameType ? "flipping a same-type if/else" : "flipping an if/else of two types"
      }
      return "flipping an if"
    case .setCase: return "changing a switch case"
    case .insertRow, .deleteRow, .moveRow:
      let what =
        switch op {
        case .insertRow: "inserting"
        case .deleteRow: "deleting"
        default: "moving"
        }
      if case .boundRows = node { return "\(what) a row of ForEach($items)" }
      return "\(what) a row"
    case .setDisabled:
      if case .disabled = node { return "toggling .disabled on a container" }
      return "toggling .disabled on a leaf"
    case .setHidden: return "toggling .hidden() on a container"
    case .setTag: return "changing a field's equals: value"
    case .changeID: return "changing an .id value"
    case .bumpScope: return "writing @State read in body"
    case .bumpNote: return "writing @State read only in a ForEach row closure"
    case .type: return "typing"
    case .click: return "clicking a field"
    case .press: return "clicking a button"
    case .focus(nil): return "focus = nil"
    case .focus:
      return claimed ? "focus = a claimed value" : "focus = a value no focusable view claims"
    }
  }
}

extension GenOp {
  var nodeID: Int? {
    switch self {
    case .flip(let id), .setCase(let id, _), .insertRow(let id, _, _), .deleteRow(let id, _),
      .moveRow(let id, _, _), .setDisabled(let id, _), .setHidden(let id, _), .setTag(let id, _),
      .changeID(let id), .bumpScope(let id, _), .bumpNote(let id, _):
      id
    case .type, .click, .press, .focus: nil
    }
  }
}
