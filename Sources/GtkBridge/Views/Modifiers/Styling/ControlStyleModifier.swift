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
  /// `.accentColor(_:)`: the tint and the accent colour (``ControlStyle/accent``); `nil`
  /// keeps those from above.
  case accent(Color?)

  /// Whether the change sets what `.tint` paints with (``StylePalette``).
  var setsPalette: Bool {
    switch self {
    case .tint, .accent: true
    default: false
    }
  }
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
    /// A `.tint` under a foreground style painted with the tint: the text colour the style
    /// resolves to in this tint (nil: none), on this view's widgets.
    var foreground: Color?
    var foregroundSheets: ScopedStyleModifier.Storage?
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
    case .accent(let accent):
      if let accent {
        environment.controlStyle.tint = accent
        environment.controlStyle.accent = accent
      }
    }
  }

  func update(_ storage: Storage, node: ModifierNode<some View, Self>) {
    if change.setsPalette { applyForeground(storage, node: node) }
    // NB: the controls below applied the style when they were made; only a change walks
    // them again.
    guard storage.last != change else { return }
    storage.last = change
    node.inheritedAttributesChanged()
    for key in environmentKeys { EnvironmentDependents.changed(.keyPath(key), below: node) }
  }

  func needsUpdate(afterInheritedChange storage: Storage, node: ModifierNode<some View, Self>)
    -> Bool
  {
    change.setsPalette && Self.foreground(at: node) != storage.foreground
  }

  /// The text colour a foreground style painted with the tint around this `.tint` resolves
  /// to in it: SwiftUI resolves `.foregroundStyle(.tint)` in the environment of the view that
  /// draws, so `VStack { Text("a").tint(.red); Text("b") }.foregroundStyle(.tint)` draws "a"
  /// red. Nil where the nearest foreground style does not read the tint.
  private static func foreground(at node: ViewNode) -> Color? {
    let environment = node.environment
    guard let style = environment.foregroundShapeStyle, style.readsTint else { return nil }
    return style.resolvedColor(in: StylePalette(environment.controlStyle))
  }

  /// Gives this view's widgets the foreground style around it resolved in this tint (CSS
  /// `color`, inherited by what they hold), at this node's depth: a style set inside wins.
  private func applyForeground(_ storage: Storage, node: ModifierNode<some View, Self>) {
    let color = Self.foreground(at: node)
    storage.foreground = color
    guard color != nil || storage.foregroundSheets != nil else { return }
    let sheets =
      storage.foregroundSheets
      ?? ScopedStyleModifier.Storage(priority: .nested(depth: node.depth, modifiesFont: false))
    storage.foregroundSheets = sheets
    for widget in node.widgets {
      if let error = sheets.sheet(for: widget).apply(
        WidgetStyle(textColor: color), to: widget.pointer, priority: sheets.priority)
      {
        StyleDiagnostics.handler(error, widget)
      }
    }
  }
}
