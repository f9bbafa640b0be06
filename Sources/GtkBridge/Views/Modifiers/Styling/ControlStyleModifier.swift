extension EnvironmentValues {
  /// The styles of the controls here (``ControlStyle``), as the nearest modifiers set them.
  var controlStyle: ControlStyle {
    get { self[ControlStyleKey.self] }
    set { self[ControlStyleKey.self] = newValue }
  }
}

struct ControlStyleKey: EnvironmentKey {
  static let defaultValue = ControlStyle()
}

/// One of the changes the control-style modifiers make to ``ControlStyle``.
enum ControlStyleChange: Equatable, Sendable {
  case buttonClasses([String])
  case textFieldClasses([String])
  case controlSize(ControlSize)
  case textAlignment(TextAlignment)
  case lineLimits(LineLimits)
  case input(purpose: InputPurpose?, hints: InputHints, family: InputHints)
  case contentType(purpose: InputPurpose, hints: InputHints)
  /// `nil` keeps the tint from above.
  case tint(Color?)
}

/// `.buttonStyle`, `.textFieldStyle`, `.controlSize`, `.tint` and the text-input traits: a
/// change of the environment's ``ControlStyle``, which the controls below apply to their
/// widgets when they are made and, through ``InheritedAttributes``, when the modifier's input
/// changes.
@usableFromInline
struct ControlStyleModifier: WidgetModifier {
  static var isRecyclable: Bool { true }
  static var readsState: Bool { false }
  let change: ControlStyleChange

  init(_ change: ControlStyleChange) {
    self.change = change
    ControlStyle.inUse = true
  }

  @MainActor
  final class Storage {
    var last: ControlStyleChange
    init(_ change: ControlStyleChange) { last = change }
  }

  /// The public environment values the change sets, which views may read.
  private var environmentKeys: [AnyKeyPath] {
    switch change {
    case .controlSize: [\EnvironmentValues.controlSize]
    case .textAlignment: [\EnvironmentValues.multilineTextAlignment]
    case .lineLimits: [\EnvironmentValues.lineLimit, \EnvironmentValues.lineLimits]
    default: []
    }
  }

  func makeStorage(node: ModifierNode<some View, Self>) -> Storage {
    // NB: views that read `@Environment(\.controlSize)` and the like hear of its changes.
    for key in environmentKeys { EnvironmentDependents.declare(.keyPath(key)) }
    return Storage(change)
  }

  func modifyEnvironment(_ environment: inout EnvironmentValues) {
    switch change {
    case .buttonClasses(let classes): environment.controlStyle.buttonClasses = classes
    case .textFieldClasses(let classes): environment.controlStyle.textFieldClasses = classes
    case .controlSize(let size): environment.controlStyle.controlSize = size
    case .textAlignment(let alignment): environment.controlStyle.textAlignment = alignment
    case .lineLimits(let limits): environment.controlStyle.lineLimits = limits
    case .input(let purpose, let hints, let family):
      environment.controlStyle.decide(purpose: purpose, hints: hints, family: family)
    case .contentType(let purpose, let hints):
      environment.controlStyle.inputPurpose = purpose
      environment.controlStyle.contentTypeHints = hints
    case .tint(let tint):
      if let tint { environment.controlStyle.tint = tint }
    }
  }

  func update(_ storage: Storage, node: ModifierNode<some View, Self>) {
    // NB: the controls below applied the style when they were made; only a change walks
    // them again.
    guard storage.last != change else { return }
    storage.last = change
    node.inheritedAttributesChanged()
    for key in environmentKeys { EnvironmentDependents.changed(.keyPath(key), below: node) }
  }
}
