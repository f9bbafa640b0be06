/// How a view comes in and goes out: SwiftUI's `AnyTransition`.
///
/// A view with `.transition(_:)` that appears in an animated change (``withAnimation(_:_:)``,
/// a `Binding.animation()` write, or under `.animation(_:value:)`) comes in through a CSS
/// keyframe animation of that animation's duration and curve: `.opacity` fades in, `.scale`
/// grows, `.slide` and `.move(edge:)` slide in from that side while fading. A view that goes
/// is removed at once: GTK gives its widget up in the same update.
///
/// ```swift
/// if showDetails {
///   DetailsView().transition(.opacity)
/// }
/// ```
public struct AnyTransition: Hashable, Sendable {
  /// The keyframe animations (in GtkBridge's stylesheet) that bring the view in.
  let keyframes: [String]
  /// An animation of its own, from ``animation(_:)``.
  var animation: Animation?

  init(keyframes: [String]) {
    self.keyframes = keyframes
  }

  /// Fades in.
  public static let opacity = AnyTransition(keyframes: ["gtkbridge-appear-opacity"])
  /// Grows from nothing.
  public static let scale = AnyTransition(keyframes: ["gtkbridge-appear-scale"])
  /// Slides in from the leading edge.
  public static let slide = AnyTransition(keyframes: ["gtkbridge-appear-leading"])
  /// No transition: the view shows at once.
  public static let identity = AnyTransition(keyframes: [])

  /// Grows from `scale` of its size; `anchor` is accepted (CSS grows from the centre).
  public static func scale(scale: Double, anchor: UnitPoint = .center) -> AnyTransition {
    .scale
  }

  /// Slides in from `edge`.
  public static func move(edge: Edge) -> AnyTransition {
    let name =
      switch edge {
      case .top: "gtkbridge-appear-top"
      case .bottom: "gtkbridge-appear-bottom"
      case .leading: "gtkbridge-appear-leading"
      case .trailing: "gtkbridge-appear-trailing"
      }
    return AnyTransition(keyframes: [name])
  }

  /// Slides in from `edge`, fading: SwiftUI's `push(from:)`.
  public static func push(from edge: Edge) -> AnyTransition {
    move(edge: edge)
  }

  /// Comes in moved by `x`, `y`; CSS slides it from the nearest edge's side.
  public static func offset(x: Double = 0, y: Double = 0) -> AnyTransition {
    if abs(y) > abs(x) { return move(edge: y < 0 ? .top : .bottom) }
    return x == 0 ? .identity : move(edge: x < 0 ? .leading : .trailing)
  }

  /// A transition in and another out; the way out is at once here, so `insertion` is used.
  public static func asymmetric(insertion: AnyTransition, removal: AnyTransition)
    -> AnyTransition
  {
    insertion
  }

  /// Both transitions at once.
  public func combined(with other: AnyTransition) -> AnyTransition {
    var combined = AnyTransition(keyframes: keyframes + other.keyframes)
    combined.animation = animation ?? other.animation
    return combined
  }

  /// The same transition with its own animation, used whatever animation the change had.
  public func animation(_ animation: Animation?) -> AnyTransition {
    var transition = self
    transition.animation = animation
    return transition
  }

  /// The keyframes of every transition, for GtkBridge's display-wide stylesheet.
  static let css = """
    @keyframes gtkbridge-appear-opacity { from { opacity: 0; } to { opacity: 1; } }
    @keyframes gtkbridge-appear-scale { from { transform: scale(0.01); } to { transform: none; } }
    @keyframes gtkbridge-appear-leading { from { opacity: 0; transform: translate(-40px, 0); } \
    to { opacity: 1; transform: none; } }
    @keyframes gtkbridge-appear-trailing { from { opacity: 0; transform: translate(40px, 0); } \
    to { opacity: 1; transform: none; } }
    @keyframes gtkbridge-appear-top { from { opacity: 0; transform: translate(0, -40px); } \
    to { opacity: 1; transform: none; } }
    @keyframes gtkbridge-appear-bottom { from { opacity: 0; transform: translate(0, 40px); } \
    to { opacity: 1; transform: none; } }
    """
}

extension View {
  /// How this view comes in when an animated change adds it: SwiftUI's `transition(_:)`.
  /// A CSS keyframe animation on its widgets (see ``AnyTransition``); leaving is at once.
  ///
  /// ```swift
  /// if isExpanded { Text(details).transition(.move(edge: .top)) }
  /// ```
  public func transition(_ transition: AnyTransition) -> some View {
    modifier(TransitionModifier(transition: transition))
  }
}

/// Runs a transition's keyframes on the widgets a view comes in with, when the change that
/// added it is animated.
struct TransitionModifier: WidgetModifier {
  let transition: AnyTransition

  /// The class that names the keyframes, and the per-widget sheet that times them.
  @MainActor
  final class Storage {
    var isInserted = false
    var sheets: [ScopedStyleSheet] = []
  }

  func makeStorage(node: ModifierNode<some View, Self>) -> Storage { Storage() }

  static var readsState: Bool { false }

  func update(_ storage: Storage, node: ModifierNode<some View, Self>) {
    guard !storage.isInserted else { return }
    storage.isInserted = true
    // NB: a window's first views are not animated in, as in SwiftUI: the graph has no root
    // until its first views are made.
    guard node.graph.root != nil, !transition.keyframes.isEmpty,
      let animation = transition.animation ?? AnimationTransaction.pending
        ?? node.environment.implicitAnimation
    else { return }
    GtkBridgeStyleClasses.install()
    for widget in node.widgets {
      widget.addCSSClass(TransitionModifier.styleClass)
      let sheet = ScopedStyleSheet()
      let css =
        "animation-name: \(transition.keyframes.joined(separator: ", ")); "
        + animation.cssDeclarations
      if let error = sheet.apply(WidgetStyle(rawCSS: [css]), to: widget.pointer) {
        StyleDiagnostics.handler(error, widget)
      }
      storage.sheets.append(sheet)
    }
  }

  /// Marks a widget a transition brought in (for tests and the inspector).
  static let styleClass = "gtkbridge-transition"
}
