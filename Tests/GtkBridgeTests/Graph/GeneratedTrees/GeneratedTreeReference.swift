// The reference model of the generated-view-tree test: what SwiftUI would show for a
// `GenShape` and its model values, following SwiftUI's rules (docs/graph-design-notes.md,
// docs/focus-semantics.md, issues 10 and 16):
// - identity: a view's identity is its static position plus the branch taken, the `ForEach`
//   key and the `.id` value above it (the `key` of each leaf here). A new identity is a new
//   view: fresh `@State`, a new widget. A kept identity keeps both.
// - state lifetime: state lives exactly as long as its identity.
// - inheritance: a view is disabled if any enclosing `.disabled` says so, hidden if any
//   enclosing container is hidden.
// - dependencies: a row closure sees every value of the body that built it.
// - focus: the focus state reads the `equals:` value of the field that holds focus, `nil`
//   when none does; a write focuses the first present, enabled, visible view claiming the
//   value; a write no such view claims leaves the truth; a field that leaves the tree, is
//   disabled or hidden while focused drops focus; a click focuses an enabled, visible field;
//   buttons never take focus from a click, a write or the launch.

/// One leaf view as the reference model expects it on screen, in declaration order.
struct GenLeaf: Equatable {
  enum Kind: String { case field, button, label }
  let kind: Kind
  /// The leaf's identity (node, branch, row key and `.id` value on its path).
  let key: String
  /// For a tagged field: its `equals:` value.
  let tag: Int?
  let disabled: Bool
  let hidden: Bool
  /// A field's text, a button's or a label's title.
  let text: String

  /// Whether the leaf can take focus (a field that is enabled and visible).
  var focusable: Bool { kind == .field && !disabled && !hidden }
}

/// What SwiftUI would show, updated operation by operation.
struct GenReference {
  var values: GenValues
  let shape: GenShape
  /// State by key: field texts, button counts, scope `n`, rows `note`.
  var texts: [String: String] = [:]
  var counts: [String: Int] = [:]
  var scopes: [String: Int] = [:]
  var notes: [String: Int] = [:]
  /// `BoundRows` state: the row keys of each instance (texts are in `texts`, by row leaf).
  var bound: [String: [Int]] = [:]
  /// The leaves on screen, in order.
  private(set) var leaves: [GenLeaf] = []
  /// Keys of the leaves that appeared with the last evaluation (new identities).
  private(set) var appeared: Set<String> = []
  /// The leaf holding focus, as agreed with GTK after the last check.
  var focused: String?

  init(tree: GenTree) {
    shape = tree.shape
    values = tree.values
    evaluate()
  }

  static func initialText(field id: Int, path: String) -> String { "i\(id)\(path)" }
  static func buttonLabel(id: Int, count: Int) -> String { "b\(id) \(count)" }
  static func rowLabel(key: Int, note: Int) -> String { "r\(key):\(note)" }
  static func scopeLabel(id: Int, n: Int) -> String { "s\(id):\(n)" }
  static func rowsKey(id: Int, path: String) -> String { "R\(id)@\(path)" }
  static func scopeKey(id: Int, path: String) -> String { "S\(id)@\(path)" }
  static func boundKey(id: Int, path: String) -> String { "BR\(id)@\(path)" }
  static func initialText(boundRow key: Int) -> String { "t\(key)" }

  func leaf(_ key: String?) -> GenLeaf? {
    guard let key else { return nil }
    return leaves.first { $0.key == key }
  }

  var fields: [GenLeaf] { leaves.filter { $0.kind == .field } }
  var buttons: [GenLeaf] { leaves.filter { $0.kind == .button } }

  /// Present `Scope#id` (or `Rows#id`) state keys, in order.
  func stateKeys(scope id: Int) -> [String] { present.scopes.filter { $0.hasPrefix("S\(id)@") } }
  func stateKeys(rows id: Int) -> [String] { present.rows.filter { $0.hasPrefix("R\(id)@") } }
  func stateKeys(bound id: Int) -> [String] { present.bound.filter { $0.hasPrefix("BR\(id)@") } }

  private var present: (scopes: [String], rows: [String], bound: [String]) = ([], [], [])

  /// Recomputes the leaves from the shape, the values and the state; state whose identity
  /// left is dropped, new identities start fresh.
  mutating func evaluate() {
    let before = Set(leaves.map(\.key))
    var out: [GenLeaf] = []
    var scopeKeys: [String] = []
    var rowKeys: [String] = []
    var boundKeys: [String] = []
    walk(
      shape, path: "", disabled: false, hidden: false, into: &out, &scopeKeys, &rowKeys,
      &boundKeys)
    leaves = out
    appeared = Set(out.map(\.key)).subtracting(before)
    present = (scopeKeys, rowKeys, boundKeys)
    bound = bound.filter { boundKeys.contains($0.key) }
    let keys = Set(out.map(\.key))
    texts = texts.filter { keys.contains($0.key) }
    counts = counts.filter { keys.contains($0.key) }
    scopes = scopes.filter { scopeKeys.contains($0.key) }
    notes = notes.filter { rowKeys.contains($0.key) }
  }

  private mutating func walk(
    _ shape: GenShape, path: String, disabled: Bool, hidden: Bool, into out: inout [GenLeaf],
    _ scopeKeys: inout [String], _ rowKeys: inout [String], _ boundKeys: inout [String]
  ) {
    func go(_ child: GenShape, _ path: String, disabled: Bool = disabled, hidden: Bool = hidden) {
      walk(
        child, path: path, disabled: disabled, hidden: hidden, into: &out, &scopeKeys, &rowKeys,
        &boundKeys)
    }
    switch shape {
    case .field(let id, let tagged):
      let key = "f\(id)@\(path)"
      let text = texts[key] ?? GenReference.initialText(field: id, path: path)
      texts[key] = text
      out.append(
        GenLeaf(
          kind: .field, key: key, tag: tagged ? values.tags[id] ?? 0 : nil,
          disabled: disabled || values.disabled[id] ?? false, hidden: hidden, text: text))
    case .button(let id):
      let key = "b\(id)@\(path)"
      let count = counts[key] ?? 0
      counts[key] = count
      out.append(
        GenLeaf(
          kind: .button, key: key, tag: nil, disabled: disabled || values.disabled[id] ?? false,
          hidden: hidden, text: GenReference.buttonLabel(id: id, count: count)))
    case .stack(_, _, let children), .group(_, let children):
      for child in children { go(child, path) }
    case .branch(let id, _, let a, let b):
      if values.flags[id] ?? true { go(a, path + "/\(id)T") } else { go(b, path + "/\(id)F") }
    case .optional(let id, let child):
      if values.flags[id] ?? true { go(child, path + "/\(id)T") }
    case .switch3(let id, let a, let b, let c):
      switch values.cases[id] ?? 0 {
      case 0: go(a, path + "/\(id)c0")
      case 1: go(b, path + "/\(id)c1")
      default: go(c, path + "/\(id)c2")
      }
    case .rows(let id, let readsState, let row):
      let stateKey = GenReference.rowsKey(id: id, path: path)
      rowKeys.append(stateKey)
      let note = notes[stateKey] ?? 0
      notes[stateKey] = note
      for key in values.rows[id] ?? [] {
        if readsState {
          out.append(
            GenLeaf(
              kind: .label, key: "L\(id)k\(key)@\(path)", tag: nil, disabled: disabled,
              hidden: hidden, text: GenReference.rowLabel(key: key, note: note)))
        }
        go(row, path + "/\(id)k\(key)")
      }
    case .scope(let id, let child):
      let stateKey = GenReference.scopeKey(id: id, path: path)
      scopeKeys.append(stateKey)
      let n = scopes[stateKey] ?? 0
      scopes[stateKey] = n
      out.append(
        GenLeaf(
          kind: .label, key: "s\(id)@\(path)", tag: nil, disabled: disabled, hidden: hidden,
          text: GenReference.scopeLabel(id: id, n: n)))
      go(child, path)
    case .disabled(let id, let child):
      go(child, path, disabled: disabled || values.disabled[id] ?? false)
    case .hidden(let id, let child):
      let isHidden = values.hidden[id] ?? false
      go(child, path + "/\(id)" + (isHidden ? "H" : "V"), hidden: hidden || isHidden)
    case .identified(let id, let child):
      go(child, path + "/\(id)i\(values.ids[id] ?? 0)")
    case .boundRows(let id):
      let stateKey = GenReference.boundKey(id: id, path: path)
      boundKeys.append(stateKey)
      let keys = bound[stateKey] ?? values.rows[id] ?? []
      bound[stateKey] = keys
      for key in keys {
        let leafKey = "B\(id)k\(key)@\(path)"
        let text = texts[leafKey] ?? GenReference.initialText(boundRow: key)
        texts[leafKey] = text
        out.append(
          GenLeaf(
            kind: .field, key: leafKey, tag: key % 4, disabled: disabled, hidden: hidden,
            text: text))
      }
    }
  }

  /// Where SwiftUI may have focus after `op` (applied to the values and state already):
  /// the set of allowed focused leaves (`nil`: none).
  func allowedFocus(after op: GenOp?) -> Set<String?> {
    let current = focused.flatMap { leaf($0) }
    // Structure first: a focused field that left, or can no longer be focused, drops focus.
    let kept: String? = current.flatMap { $0.focusable ? $0.key : nil }
    guard let op else {
      // Launch: nothing, or the first field that can take focus (macOS's first key view).
      return [nil, fields.first { $0.focusable }?.key]
    }
    switch op {
    case .click(let index):
      let fields = self.fields
      guard !fields.isEmpty else { return [kept] }
      let field = fields[index % fields.count]
      return field.focusable ? [field.key] : [kept]
    case .setTag:
      // SwiftUI keeps focus on a view whose `equals:` value changes, and the state reads the
      // new value; dropping focus there (the state reading nil) is accepted too.
      return [kept, nil]
    case .focus(nil):
      // Dismisses focus held by a view bound to the state; a field not bound to it keeps it.
      if let current, current.tag == nil { return [kept] }
      return [nil]
    case .focus(let value?):
      if let current, current.focusable, current.tag == value { return [current.key] }
      let claimants = fields.filter { $0.tag == value }
      let takers = claimants.filter(\.focusable)
      if let first = claimants.first, first.focusable { return [first.key] }
      // No view that can take it is first in line: the state reads the truth, focus
      // staying where it is or dropping (GtkBridge's README: "reads back as the truth").
      var allowed: Set<String?> = [kept, nil]
      if let taker = takers.first { allowed.insert(taker.key) }
      return allowed
    default:
      return [kept]
    }
  }

  /// The focus state value SwiftUI reads while `key` holds focus.
  func focusValue(holder key: String?) -> Int? { leaf(key)?.tag }
}
