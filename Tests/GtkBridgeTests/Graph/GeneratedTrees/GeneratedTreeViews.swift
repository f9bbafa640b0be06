import Observation

@testable import GtkBridge

// The views of the generated-view-tree test: a small fixed vocabulary of view structs that
// interpret a `GenShape`, so a random tree is data while every view is a static type, as in
// an app. Identity paths: each view passes its children a `path` string naming the dynamic
// identity above them (branch taken, row key, `.id` value); the reference model computes the
// same strings (GeneratedTreeReference.swift).

/// The app model: the values views read, by node id. One property per kind, so a write
/// re-runs the views that read that kind.
@MainActor
@Observable
final class GenModel {
  var flags: [Int: Bool]
  var cases: [Int: Int]
  var rows: [Int: [Int]]
  var disabled: [Int: Bool]
  var hidden: [Int: Bool]
  var tags: [Int: Int]
  var ids: [Int: Int]
  /// The rows a `BoundRows` view starts with (its own state after that).
  @ObservationIgnored let initialRows: [Int: [Int]]

  init(_ values: GenValues) {
    initialRows = values.rows
    flags = values.flags
    cases = values.cases
    rows = values.rows
    disabled = values.disabled
    hidden = values.hidden
    tags = values.tags
    ids = values.ids
  }
}

/// Where the views hand the test their state bindings (written in `body`, read by the test
/// for app writes). Not observed.
@MainActor
final class GenHarness {
  var focus: FocusState<Int?>.Binding?
  /// `Scope` `n` and `Rows` `note` bindings by the reference model's state key.
  var scopes: [String: Binding<Int>] = [:]
  var notes: [String: Binding<Int>] = [:]
  /// `BoundRows` `items` bindings by state key.
  var bound: [String: Binding<[GenItem]>] = [:]
}

/// What every generated view passes down.
struct GenEnv {
  let model: GenModel
  let harness: GenHarness
  let focus: FocusState<Int?>.Binding
}

/// The window's root: owns the `@FocusState` every tagged field binds to.
struct GenRoot: View {
  let shape: GenShape
  let model: GenModel
  let harness: GenHarness
  @FocusState private var focus: Int?

  var body: some View {
    let _ = (harness.focus = $focus)
    VStack {
      GenNodeView(
        shape: shape, path: "", env: GenEnv(model: model, harness: harness, focus: $focus))
    }
  }
}

/// Interprets one node of a shape.
struct GenNodeView: View {
  let shape: GenShape
  let path: String
  let env: GenEnv

  var body: some View {
    switch shape {
    case .field(let id, let tagged):
      GenFieldLeaf(id: id, tagged: tagged, path: path, env: env)
    case .button(let id):
      GenButtonLeaf(id: id, env: env)
    case .stack(_, let horizontal, let children):
      GenStackNodeView(horizontal: horizontal, children: children, path: path, env: env)
    case .group(_, let children):
      GtkBridge.Group { GenChildrenView(children: children, path: path, env: env) }
    case .branch(let id, true, let a, let b):
      GenSameTypeBranchView(id: id, a: a, b: b, path: path, env: env)
    case .branch(let id, false, let a, let b):
      GenMixedBranchView(id: id, a: a, b: b, path: path, env: env)
    case .optional(let id, let child):
      GenOptionalNodeView(id: id, child: child, path: path, env: env)
    case .switch3(let id, let a, let b, let c):
      GenSwitchNodeView(id: id, a: a, b: b, c: c, path: path, env: env)
    case .rows(let id, let readsState, let row):
      GenRowsView(id: id, readsState: readsState, row: row, path: path, env: env)
    case .scope(let id, let child):
      GenScopeView(id: id, child: child, path: path, env: env)
    case .disabled(let id, let child):
      GenNodeView(shape: child, path: path, env: env).disabled(env.model.disabled[id] ?? false)
    case .hidden(let id, let child):
      GenHiddenView(id: id, child: child, path: path, env: env)
    case .identified(let id, let child):
      GenIdentifiedView(id: id, child: child, path: path, env: env)
    case .boundRows(let id):
      GenBoundRowsView(id: id, keys: env.model.initialRows[id] ?? [], path: path, env: env)
    }
  }
}

/// A leaf with its own text state.
struct GenFieldLeaf: View {
  let id: Int
  let tagged: Bool
  let env: GenEnv
  @State private var text: String

  init(id: Int, tagged: Bool, path: String, env: GenEnv) {
    self.id = id
    self.tagged = tagged
    self.env = env
    // NB: the text starts as the identity it belongs to, so a view showing another
    // identity's state says whose.
    _text = State(initialValue: GenReference.initialText(field: id, path: path))
  }

  var body: some View {
    let disabled = env.model.disabled[id] ?? false
    if tagged {
      TextField("f\(id)", text: $text)
        .focused(env.focus, equals: env.model.tags[id] ?? 0)
        .disabled(disabled)
    } else {
      TextField("f\(id)", text: $text)
        .disabled(disabled)
    }
  }
}

/// A leaf with its own counter state, shown in the button's label.
struct GenButtonLeaf: View {
  let id: Int
  let env: GenEnv
  @State private var count = 0

  var body: some View {
    Button(GenReference.buttonLabel(id: id, count: count)) { count += 1 }
      .disabled(env.model.disabled[id] ?? false)
  }
}

struct GenStackNodeView: View {
  let horizontal: Bool
  let children: [GenShape]
  let path: String
  let env: GenEnv

  var body: some View {
    if horizontal {
      HStack { GenChildrenView(children: children, path: path, env: env) }
    } else {
      VStack { GenChildrenView(children: children, path: path, env: env) }
    }
  }
}

/// One to three children in a `TupleView` (structural identity by position).
struct GenChildrenView: View {
  let children: [GenShape]
  let path: String
  let env: GenEnv

  var body: some View {
    switch children.count {
    case 1:
      GenNodeView(shape: children[0], path: path, env: env)
    case 2:
      GenNodeView(shape: children[0], path: path, env: env)
      GenNodeView(shape: children[1], path: path, env: env)
    default:
      GenNodeView(shape: children[0], path: path, env: env)
      GenNodeView(shape: children[1], path: path, env: env)
      GenNodeView(shape: children[2], path: path, env: env)
    }
  }
}

/// `if`/`else` with the same view type in both arms: two identities all the same.
struct GenSameTypeBranchView: View {
  let id: Int
  let a: GenShape
  let b: GenShape
  let path: String
  let env: GenEnv

  var body: some View {
    if env.model.flags[id] ?? true {
      GenNodeView(shape: a, path: path + "/\(id)T", env: env)
    } else {
      GenNodeView(shape: b, path: path + "/\(id)F", env: env)
    }
  }
}

/// `if`/`else` with different view types in the two arms.
struct GenMixedBranchView: View {
  let id: Int
  let a: GenShape
  let b: GenShape
  let path: String
  let env: GenEnv

  var body: some View {
    if env.model.flags[id] ?? true {
      GenNodeView(shape: a, path: path + "/\(id)T", env: env)
    } else {
      GtkBridge.Group { GenNodeView(shape: b, path: path + "/\(id)F", env: env) }
    }
  }
}

struct GenOptionalNodeView: View {
  let id: Int
  let child: GenShape
  let path: String
  let env: GenEnv

  var body: some View {
    if env.model.flags[id] ?? true {
      GenNodeView(shape: child, path: path + "/\(id)T", env: env)
    }
  }
}

/// A `switch` over three cases; cases 0 and 1 have the same view type.
struct GenSwitchNodeView: View {
  let id: Int
  let a: GenShape
  let b: GenShape
  let c: GenShape
  let path: String
  let env: GenEnv

  var body: some View {
    switch GenCase(rawValue: env.model.cases[id] ?? 0) ?? .first {
    case .first:
      GenNodeView(shape: a, path: path + "/\(id)c0", env: env)
    case .second:
      GenNodeView(shape: b, path: path + "/\(id)c1", env: env)
    case .third:
      GtkBridge.Group { GenNodeView(shape: c, path: path + "/\(id)c2", env: env) }
    }
  }
}

enum GenCase: Int {
  case first, second, third
}

/// Keyed rows, in a view with state that the row closure (and only it) reads.
struct GenRowsView: View {
  let id: Int
  let readsState: Bool
  let row: GenShape
  let path: String
  let env: GenEnv
  @State private var note = 0

  var body: some View {
    let _ = (env.harness.notes[GenReference.rowsKey(id: id, path: path)] = $note)
    switch GenFeatures.buildsRowsIn {
    case .lazyStack:
      ScrollView {
        LazyVStack { rows }
      }
      .frame(minHeight: 400)
    case .list:
      List { rows }
        .frame(minHeight: 400)
    case .stack:
      VStack { rows }
    }
  }

  private var rows: some View {
    ForEach(env.model.rows[id] ?? [], id: \.self) { key in
      if readsState { Text(GenReference.rowLabel(key: key, note: note)) }
      GenNodeView(shape: row, path: path + "/\(id)k\(key)", env: env)
    }
  }
}

/// A container with state read in its own body.
struct GenScopeView: View {
  let id: Int
  let child: GenShape
  let path: String
  let env: GenEnv
  @State private var n = 0

  var body: some View {
    let _ = (env.harness.scopes[GenReference.scopeKey(id: id, path: path)] = $n)
    VStack {
      Text(GenReference.scopeLabel(id: id, n: n))
      GenNodeView(shape: child, path: path, env: env)
    }
  }
}

/// `if hidden[id] { child.hidden() } else { child }`.
struct GenHiddenView: View {
  let id: Int
  let child: GenShape
  let path: String
  let env: GenEnv

  var body: some View {
    if env.model.hidden[id] ?? false {
      GenNodeView(shape: child, path: path + "/\(id)H", env: env).hidden()
    } else {
      GenNodeView(shape: child, path: path + "/\(id)V", env: env)
    }
  }
}

/// `child.id(ids[id])`.
struct GenIdentifiedView: View {
  let id: Int
  let child: GenShape
  let path: String
  let env: GenEnv

  var body: some View {
    let value = env.model.ids[id] ?? 0
    GenNodeView(shape: child, path: path + "/\(id)i\(value)", env: env).id(value)
  }
}

struct GenItem: Identifiable, Equatable {
  let id: Int
  var text: String
}

/// Rows held in the view's own `@State`, edited through a binding `ForEach`.
struct GenBoundRowsView: View {
  let id: Int
  let env: GenEnv
  let path: String
  @State private var items: [GenItem]

  init(id: Int, keys: [Int], path: String, env: GenEnv) {
    self.id = id
    self.path = path
    self.env = env
    _items = State(
      initialValue: keys.map { GenItem(id: $0, text: GenReference.initialText(boundRow: $0)) })
  }

  var body: some View {
    let _ = (env.harness.bound[GenReference.boundKey(id: id, path: path)] = $items)
    VStack {
      ForEach($items) { $item in
        TextField("row", text: $item.text).focused(env.focus, equals: item.id % 4)
      }
    }
  }
}
