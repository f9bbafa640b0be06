// The data behind the generated-view-tree test (GeneratedTreeTests.swift): random view trees
// as values (`GenShape`), the app model values they read (`GenValues`), random update
// sequences (`GenOp`), and the generator. The views that interpret a shape are in
// GeneratedTreeViews.swift, the reference model in GeneratedTreeReference.swift.

@testable import GtkBridge

/// Which shapes the generator makes. Flags, so a shape whose library support is not there
/// yet can be turned off (or on) in one place.
struct GenFeatures: Sendable {
  /// `.id(value)` nodes whose value changes.
  var identified = true
  /// Containers hidden with `.hidden()` while `hidden[id]` (`if hidden { child.hidden() }
  /// else { child }`, as an app writes a conditional `.hidden()`).
  var hidden = true
  /// `ForEach($items) { $item in TextField(…, text: $item.text) }` over `@State` rows.
  var boundRows = true
  /// Some trees hold only buttons (the launch-focus case of issue 16).
  var buttonOnlyWindows = true
  /// What holds keyed rows.
  var rows = GenRowsContainer.stack

  /// What the views being built put keyed rows in (read by `GenRowsView`).
  @MainActor static var buildsRowsIn = GenRowsContainer.stack

  /// Defaults, changed by GTKBRIDGE_GENERATED_FEATURES ("hidden,-identified", …).
  static func fromEnvironment() -> GenFeatures {
    var features = GenFeatures()
    let list = (ProcessEnvironment.value("GTKBRIDGE_GENERATED_FEATURES") ?? "")
      .split(separator: ",").map { String($0).trimmingSpaces }
    for item in list {
      let on = !item.hasPrefix("-")
      switch on ? item : String(item.dropFirst()) {
      case "identified", "id": features.identified = on
      case "hidden": features.hidden = on
      case "buttons": features.buttonOnlyWindows = on
      case "bound": features.boundRows = on
      case "lazy": features.rows = on ? .lazyStack : .stack
      case "list": features.rows = on ? .list : .stack
      default: break
      }
    }
    return features
  }
}

/// What holds a tree's keyed rows: the same trees over each container.
enum GenRowsContainer: Sendable {
  /// `VStack { ForEach … }`.
  case stack
  /// `ScrollView { LazyVStack { ForEach … } }`: GTK makes the rows as it shows them.
  case lazyStack
  /// `List { ForEach … }`: a `GtkListView`, rows made as GTK shows them.
  case list

  /// How a run's summary names it.
  var summaryName: String {
    switch self {
    case .stack: ""
    case .lazyStack: " (lazy rows)"
    case .list: " (list rows)"
    }
  }
}

extension String {
  var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}

/// A view tree as data. Every node has an id, unique in its tree, that keys the app model
/// values it reads (`GenValues`) and names it in operations.
indirect enum GenShape: Equatable, Sendable {
  /// A leaf view with `@State var text` shown in a `TextField`, `.disabled(disabled[id])`,
  /// and (when tagged) `.focused($focus, equals: tags[id])`.
  case field(id: Int, tagged: Bool)
  /// A leaf view with `@State var count` shown in a `Button` that increments it.
  case button(id: Int)
  /// `VStack`/`HStack` of one to three children (a `TupleView`).
  case stack(id: Int, horizontal: Bool, [GenShape])
  /// `Group` of one to three children.
  case group(id: Int, [GenShape])
  /// `if flags[id] { a } else { b }`; `sameType`: both arms are `GenNodeView`, else the false
  /// arm is `Group { GenNodeView }`.
  case branch(id: Int, sameType: Bool, GenShape, GenShape)
  /// `if flags[id] { a }`.
  case optional(id: Int, GenShape)
  /// `switch cases[id] { case 0: a; case 1: b (same type as a); default: Group { c } }`.
  case switch3(id: Int, GenShape, GenShape, GenShape)
  /// A view with `@State var note`, showing `ForEach(rows[id], id: \.self) { key in … }`;
  /// `readsState`: each row starts with `Text("r\(key):\(note)")`, a read of the enclosing
  /// state made only inside the row closure.
  case rows(id: Int, readsState: Bool, row: GenShape)
  /// A view with `@State var n`, showing `Text("s\(id):\(n)")` above its child.
  case scope(id: Int, GenShape)
  /// `child.disabled(disabled[id])`.
  case disabled(id: Int, GenShape)
  /// `if hidden[id] { child.hidden() } else { child }` (two identities, as for any `if`).
  case hidden(id: Int, GenShape)
  /// `child.id(ids[id])`.
  case identified(id: Int, GenShape)
  /// A view with `@State var items: [GenItem]` (starting as `rows[id]`, texts "t<key>"),
  /// showing `ForEach($items) { $item in TextField(…, text: $item.text)
  /// .focused($focus, equals: item.id % 4) }`.
  case boundRows(id: Int)

  var id: Int {
    switch self {
    case .field(let id, _), .button(let id), .stack(let id, _, _), .group(let id, _),
      .branch(let id, _, _, _), .optional(let id, _), .switch3(let id, _, _, _),
      .rows(let id, _, _), .scope(let id, _), .disabled(let id, _), .hidden(let id, _),
      .identified(let id, _), .boundRows(let id):
      id
    }
  }

  var children: [GenShape] {
    switch self {
    case .field, .button, .boundRows: []
    case .stack(_, _, let children), .group(_, let children): children
    case .branch(_, _, let a, let b): [a, b]
    case .switch3(_, let a, let b, let c): [a, b, c]
    case .optional(_, let child), .rows(_, _, let child), .scope(_, let child),
      .disabled(_, let child), .hidden(_, let child), .identified(_, let child):
      [child]
    }
  }

  /// This node and all below it, depth first.
  var allNodes: [GenShape] { [self] + children.flatMap(\.allNodes) }

  var leafCount: Int { children.isEmpty ? 1 : children.map(\.leafCount).reduce(0, +) }

  /// The tree as a SwiftUI-like sketch, one node per line.
  func sketch(indent: String = "") -> String {
    let inner = indent + "  "
    func block(_ head: String, _ items: [GenShape], _ tail: String = "}") -> String {
      ([indent + head + " {"] + items.map { $0.sketch(indent: inner) } + [indent + tail])
        .joined(separator: "\n")
    }
    switch self {
    case .field(let id, let tagged):
      return indent + "Field#\(id)  // @State text; TextField"
        + (tagged ? ".focused($focus, equals: tags[\(id)])" : "") + ".disabled(disabled[\(id)])"
    case .button(let id):
      return indent + "ButtonLeaf#\(id)  // @State count; Button.disabled(disabled[\(id)])"
    case .stack(let id, let horizontal, let children):
      return block((horizontal ? "HStack" : "VStack") + "  // #\(id)", children)
    case .group(let id, let children):
      return block("Group  // #\(id)", children)
    case .branch(let id, let sameType, let a, let b):
      return [
        indent + "if flags[\(id)] {  // #\(id), " + (sameType ? "same type" : "different types"),
        a.sketch(indent: inner),
        indent + (sameType ? "} else {" : "} else { Group {"),
        b.sketch(indent: inner),
        indent + (sameType ? "}" : "} }"),
      ].joined(separator: "\n")
    case .optional(let id, let child):
      return block("if flags[\(id)]", [child])
    case .switch3(let id, let a, let b, let c):
      return [
        indent + "switch cases[\(id)] {",
        indent + "case 0:", a.sketch(indent: inner),
        indent + "case 1:", b.sketch(indent: inner),
        indent + "case 2: Group {", c.sketch(indent: inner), indent + "}",
        indent + "}",
      ].joined(separator: "\n")
    case .rows(let id, let readsState, let row):
      var lines: [String] = [
        indent + "Rows#\(id) {  // @State note",
        indent + "  ForEach(rows[\(id)], id: \\.self) { key in",
      ]
      if readsState {
        lines.append(inner + "  Text(\"r\\(key):\\(note)\")  // reads note in the row closure only")
      }
      lines += [row.sketch(indent: inner + "  "), indent + "  }", indent + "}"]
      return lines.joined(separator: "\n")
    case .scope(let id, let child):
      return block("Scope#\(id)  // @State n; Text(\"s\(id):\\(n)\")", [child])
    case .disabled(let id, let child):
      return block("Group", [child], "}.disabled(disabled[\(id)])")
    case .hidden(let id, let child):
      return [
        indent + "if hidden[\(id)] {", child.sketch(indent: inner), indent + "}.hidden() else {",
        child.sketch(indent: inner), indent + "}",
      ].joined(separator: "\n")
    case .boundRows(let id):
      return indent + "BoundRows#\(id)  // @State items; ForEach($items) { $item in "
        + "TextField(text: $item.text).focused($focus, equals: item.id % 4) }"
    case .identified(let id, let child):
      return block("Group", [child], "}.id(ids[\(id)])")
    }
  }

  // MARK: Simplifications, for shrinking

  /// Smaller trees that could still show a failure: each node replaced by one of its
  /// children or by a field leaf, and a child dropped from a stack or group.
  func simplifications() -> [GenShape] {
    var result: [GenShape] = []
    for child in children { result.append(child) }
    if case .field = self {} else { result.append(.field(id: id, tagged: true)) }
    switch self {
    case .stack(let id, let horizontal, let items) where items.count > 1:
      for index in items.indices {
        var fewer = items
        fewer.remove(at: index)
        result.append(.stack(id: id, horizontal: horizontal, fewer))
      }
    case .group(let id, let items) where items.count > 1:
      for index in items.indices {
        var fewer = items
        fewer.remove(at: index)
        result.append(.group(id: id, fewer))
      }
    default: break
    }
    // One child simplified in place.
    for (index, child) in children.enumerated() {
      for smaller in child.simplifications() {
        result.append(replacingChild(at: index, with: smaller))
      }
    }
    return result
  }

  func replacingChild(at index: Int, with child: GenShape) -> GenShape {
    var items = children
    items[index] = child
    switch self {
    case .field, .button, .boundRows: return self
    case .stack(let id, let horizontal, _): return .stack(id: id, horizontal: horizontal, items)
    case .group(let id, _): return .group(id: id, items)
    case .branch(let id, let sameType, _, _):
      return .branch(id: id, sameType: sameType, items[0], items[1])
    case .switch3(let id, _, _, _): return .switch3(id: id, items[0], items[1], items[2])
    case .optional(let id, _): return .optional(id: id, items[0])
    case .rows(let id, let readsState, _):
      return .rows(id: id, readsState: readsState, row: items[0])
    case .scope(let id, _): return .scope(id: id, items[0])
    case .disabled(let id, _): return .disabled(id: id, items[0])
    case .hidden(let id, _): return .hidden(id: id, items[0])
    case .identified(let id, _): return .identified(id: id, items[0])
    }
  }
}

/// The app model's values that the views read, by node id. Missing entries read as the
/// defaults (`flags` true, `cases` 0, `rows` empty, `disabled`/`hidden` false, `tags` 0,
/// `ids` 0).
struct GenValues: Equatable, Sendable {
  var flags: [Int: Bool] = [:]
  var cases: [Int: Int] = [:]
  var rows: [Int: [Int]] = [:]
  var disabled: [Int: Bool] = [:]
  var hidden: [Int: Bool] = [:]
  var tags: [Int: Int] = [:]
  var ids: [Int: Int] = [:]

  var description: String {
    func list<V>(_ name: String, _ values: [Int: V]) -> String? {
      values.isEmpty
        ? nil
        : name + " "
          + values.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
          .joined(separator: ", ")
    }
    return [
      list("flags", flags), list("cases", cases), list("rows", rows), list("disabled", disabled),
      list("hidden", hidden), list("tags", tags), list("ids", ids),
    ].compactMap { $0 }.joined(separator: "; ")
  }
}

/// A generated tree: its shape and the model values it starts with.
struct GenTree: Equatable, Sendable {
  var shape: GenShape
  var values: GenValues

  var description: String {
    let ids = Set(shape.allNodes.map(\.id))
    var used = values
    used.flags = used.flags.filter { ids.contains($0.key) }
    used.cases = used.cases.filter { ids.contains($0.key) }
    used.rows = used.rows.filter { ids.contains($0.key) }
    used.disabled = used.disabled.filter { ids.contains($0.key) }
    used.hidden = used.hidden.filter { ids.contains($0.key) }
    used.tags = used.tags.filter { ids.contains($0.key) }
    used.ids = used.ids.filter { ids.contains($0.key) }
    return shape.sketch(indent: "    ") + "\n    initial model: " + used.description
  }
}

/// One update: what the app, the user or the window does between two checks.
enum GenOp: Equatable, Sendable, CustomStringConvertible {
  /// App: `flags[id].toggle()` (an `if`, `if`/`else`).
  case flip(Int)
  /// App: `cases[id] = value`.
  case setCase(Int, Int)
  /// App: inserts row `key` at `at` (modulo the row count + 1) of `rows[id]`.
  case insertRow(Int, at: Int, key: Int)
  /// App: removes row `at` (modulo the count) of `rows[id]`.
  case deleteRow(Int, at: Int)
  /// App: moves row `from` to `to` (both modulo the count) in `rows[id]`.
  case moveRow(Int, from: Int, to: Int)
  /// App: `disabled[id] = value` (a `.disabled` node, a field or a button).
  case setDisabled(Int, Bool)
  /// App: `hidden[id] = value`.
  case setHidden(Int, Bool)
  /// App: `tags[id] = value`, the `equals:` value of a field's `.focused`.
  case setTag(Int, Int)
  /// App: `ids[id] += 1`.
  case changeID(Int)
  /// App: `n += 1` on a present `Scope#id` (instance `instance` modulo the count).
  case bumpScope(Int, instance: Int)
  /// App: `note += 1` on a present `Rows#id`, read only inside its row closure.
  case bumpNote(Int, instance: Int)
  /// User: types a character into the focused field (GtkText "insert-at-cursor").
  case type(Character)
  /// User: clicks (grabs focus on) the present field `index` modulo the field count.
  case click(Int)
  /// User: clicks the present button `index` modulo the button count.
  case press(Int)
  /// App: `focus = value`.
  case focus(Int?)

  var description: String {
    switch self {
    case .flip(let id): "app: flags[\(id)].toggle()"
    case .setCase(let id, let value): "app: cases[\(id)] = \(value)"
    case .insertRow(let id, let at, let key): "app: rows[\(id)].insert(\(key), at: \(at))"
    case .deleteRow(let id, let at): "app: rows[\(id)].remove(at: \(at))"
    case .moveRow(let id, let from, let to): "app: rows[\(id)] move \(from) -> \(to)"
    case .setDisabled(let id, let value): "app: disabled[\(id)] = \(value)"
    case .setHidden(let id, let value): "app: hidden[\(id)] = \(value)"
    case .setTag(let id, let value): "app: tags[\(id)] = \(value)"
    case .changeID(let id): "app: ids[\(id)] += 1"
    case .bumpScope(let id, let instance): "app: Scope#\(id)[\(instance)].n += 1"
    case .bumpNote(let id, let instance): "app: Rows#\(id)[\(instance)].note += 1"
    case .type(let character): "user: type \(character.debugDescription)"
    case .click(let index): "user: click field[\(index)]"
    case .press(let index): "user: click button[\(index)]"
    case .focus(let value): "app: focus = \(value.map(String.init) ?? "nil")"
    }
  }
}

/// Makes random trees and operation sequences from a seeded generator.
struct GenGenerator {
  var rng: SeededGenerator
  let features: GenFeatures
  private var nextID = 1
  private var nextKey = 100

  init(seed: UInt64, features: GenFeatures) {
    rng = SeededGenerator(state: seed)
    self.features = features
  }

  private mutating func roll(_ range: Range<Int>) -> Int { Int.random(in: range, using: &rng) }
  private mutating func chance(_ percent: Int) -> Bool { roll(0..<100) < percent }
  private mutating func newID() -> Int {
    defer { nextID += 1 }
    return nextID
  }

  /// A tree of at most about `budget` leaves.
  mutating func tree() -> GenTree {
    nextID = 1
    nextKey = 100
    var values = GenValues()
    let buttonsOnly = features.buttonOnlyWindows && chance(4)
    let shape = node(depth: 0, budget: roll(2..<9), buttonsOnly: buttonsOnly, values: &values)
    return GenTree(shape: shape, values: values)
  }

  private mutating func leaf(buttonsOnly: Bool, values: inout GenValues) -> GenShape {
    let id = newID()
    if chance(10) { values.disabled[id] = true }
    if buttonsOnly || chance(15) { return .button(id: id) }
    let tagged = chance(85)
    if tagged { values.tags[id] = roll(0..<4) }
    return .field(id: id, tagged: tagged)
  }

  private mutating func node(
    depth: Int, budget: Int, buttonsOnly: Bool, values: inout GenValues
  ) -> GenShape {
    if budget <= 1 && chance(70) || depth >= 5 {
      return leaf(buttonsOnly: buttonsOnly, values: &values)
    }
    let id = newID()
    func sub(_ budget: Int) -> (inout GenGenerator, inout GenValues) -> GenShape {
      { generator, values in
        generator.node(
          depth: depth + 1, budget: max(budget, 1), buttonsOnly: buttonsOnly, values: &values)
      }
    }
    var kinds = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
    if features.hidden { kinds.append(10) }
    if features.identified { kinds.append(11) }
    if features.boundRows { kinds.append(12) }
    switch kinds[roll(0..<kinds.count)] {
    case 0, 1:
      let count = roll(1..<4)
      let children = (0..<count).map { _ in sub(budget / count)(&self, &values) }
      return .stack(id: id, horizontal: chance(30), children)
    case 2:
      let count = roll(1..<3)
      let children = (0..<count).map { _ in sub(budget / count)(&self, &values) }
      return .group(id: id, children)
    case 3, 4:
      if chance(30) { values.flags[id] = false }
      let a = sub(budget / 2)(&self, &values)
      let b = sub(budget / 2)(&self, &values)
      return .branch(id: id, sameType: chance(65), a, b)
    case 5:
      if chance(30) { values.flags[id] = false }
      return .optional(id: id, sub(budget - 1)(&self, &values))
    case 6:
      values.cases[id] = roll(0..<3)
      let a = sub(budget / 3)(&self, &values)
      let b = sub(budget / 3)(&self, &values)
      let c = sub(budget / 3)(&self, &values)
      return .switch3(id: id, a, b, c)
    case 7:
      let count = roll(0..<4)
      values.rows[id] = (0..<count).map { _ in
        nextKey += 1
        return nextKey
      }
      return .rows(id: id, readsState: chance(60), row: sub(budget / 3)(&self, &values))
    case 8:
      return .scope(id: id, sub(budget)(&self, &values))
    case 9:
      if chance(40) { values.disabled[id] = true }
      return .disabled(id: id, sub(budget)(&self, &values))
    case 10:
      if chance(30) { values.hidden[id] = true }
      return .hidden(id: id, sub(budget)(&self, &values))
    case 11:
      return .identified(id: id, sub(budget)(&self, &values))
    default:
      values.rows[id] = (0..<roll(0..<4)).map { _ in
        nextKey += 1
        return nextKey
      }
      return .boundRows(id: id)
    }
  }

  /// `count` random operations on `tree`'s nodes.
  mutating func ops(for tree: GenTree, count: Int) -> [GenOp] {
    let nodes = tree.shape.allNodes
    func ids(_ match: (GenShape) -> Bool) -> [Int] { nodes.filter(match).map(\.id) }
    let flippable = ids {
      switch $0 {
      case .branch, .optional: true
      default: false
      }
    }
    let switches = ids {
      if case .switch3 = $0 { true } else { false }
    }
    let rowNodes = ids {
      switch $0 {
      case .rows, .boundRows: true
      default: false
      }
    }
    let noteNodes = ids {
      if case .rows(_, true, _) = $0 { true } else { false }
    }
    let scopes = ids {
      if case .scope = $0 { true } else { false }
    }
    let disablable = ids {
      switch $0 {
      case .disabled, .field, .button: true
      default: false
      }
    }
    let hiders = ids {
      if case .hidden = $0 { true } else { false }
    }
    let tagged = ids {
      if case .field(_, true) = $0 { true } else { false }
    }
    let identified = ids {
      if case .identified = $0 { true } else { false }
    }
    let letters = Array("abcxyz")
    var result: [GenOp] = []
    while result.count < count {
      let op: GenOp?
      switch roll(0..<100) {
      case 0..<10: op = flippable.randomElement(using: &rng).map { .flip($0) }
      case 10..<14: op = switches.randomElement(using: &rng).map { .setCase($0, roll(0..<3)) }
      case 14..<18:
        nextKey += 1
        let key = nextKey
        op = rowNodes.randomElement(using: &rng).map { .insertRow($0, at: roll(0..<4), key: key) }
      case 18..<21: op = rowNodes.randomElement(using: &rng).map { .deleteRow($0, at: roll(0..<4)) }
      case 21..<23:
        op = rowNodes.randomElement(using: &rng).map {
          .moveRow($0, from: roll(0..<4), to: roll(0..<4))
        }
      case 23..<30: op = disablable.randomElement(using: &rng).map { .setDisabled($0, chance(50)) }
      case 30..<33: op = hiders.randomElement(using: &rng).map { .setHidden($0, chance(50)) }
      case 33..<39: op = tagged.randomElement(using: &rng).map { .setTag($0, roll(0..<4)) }
      case 39..<43: op = identified.randomElement(using: &rng).map { .changeID($0) }
      case 43..<46:
        op = scopes.randomElement(using: &rng).map { .bumpScope($0, instance: roll(0..<3)) }
      case 46..<50:
        op = noteNodes.randomElement(using: &rng).map { .bumpNote($0, instance: roll(0..<3)) }
      case 50..<64: op = .type(letters[roll(0..<letters.count)])
      case 64..<76: op = .click(roll(0..<8))
      case 76..<80: op = .press(roll(0..<8))
      case 80..<92: op = .focus(roll(0..<4))
      case 92..<96: op = .focus(9)
      default: op = .focus(nil)
      }
      if let op { result.append(op) }
    }
    return result
  }
}
