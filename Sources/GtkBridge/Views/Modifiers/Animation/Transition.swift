/// How a view comes in and goes out: SwiftUI's `AnyTransition`.
///
/// A view with `.transition(_:)` that appears in an animated change (``withAnimation(_:_:)``,
/// a `Binding.animation()` write, or under `.animation(_:value:)`) comes in through a CSS
/// keyframe animation of that animation's duration and curve: `.opacity` fades in, `.scale`
/// grows, `.slide` and `.move(edge:)` slide in from that side while fading.
///
/// A view that goes in an animated change goes out the same way, reversed (`.slide` leaves
/// towards the trailing edge, as in SwiftUI): the state change and the view tree change at
/// once, and the view's widget stays in its stack, taking no focus and no clicks, until its
/// keyframes end. That holds for a view in a stack (`VStack`, `HStack`, a `Group` or `if` in
/// one); elsewhere (a list row, a tab, a navigation page) and for a view that holds the
/// keyboard focus, it is removed at once.
///
/// ```swift
/// if showDetails {
///   DetailsView().transition(.opacity)
/// }
/// ```
public struct AnyTransition: Hashable, Sendable {
  /// The keyframe animations (in GtkBridge's stylesheet) that bring the view in.
  let keyframes: [String]
  /// Those that take it out.
  let removal: [String]
  /// An animation of its own, from ``animation(_:)``.
  var animation: Animation?

  init(keyframes: [String], removal: [String]) {
    self.keyframes = keyframes
    self.removal = removal
  }

  /// Fades in and out.
  public static let opacity = AnyTransition(
    keyframes: ["gtkbridge-appear-opacity"], removal: ["gtkbridge-leave-opacity"])
  /// Grows from nothing, and shrinks to nothing.
  public static let scale = AnyTransition(
    keyframes: ["gtkbridge-appear-scale"], removal: ["gtkbridge-leave-scale"])
  /// Slides in from the leading edge and out to the trailing one.
  public static let slide = AnyTransition(
    keyframes: ["gtkbridge-appear-leading"], removal: ["gtkbridge-leave-trailing"])
  /// No transition: the view shows and goes at once.
  public static let identity = AnyTransition(keyframes: [], removal: [])

  /// Grows from `scale` of its size; `anchor` is accepted (CSS grows from the centre).
  public static func scale(scale: Double, anchor: UnitPoint = .center) -> AnyTransition {
    .scale
  }

  /// Slides in from `edge`, and out towards it.
  public static func move(edge: Edge) -> AnyTransition {
    let side =
      switch edge {
      case .top: "top"
      case .bottom: "bottom"
      case .leading: "leading"
      case .trailing: "trailing"
      }
    return AnyTransition(
      keyframes: ["gtkbridge-appear-\(side)"], removal: ["gtkbridge-leave-\(side)"])
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

  /// One transition in and another out.
  public static func asymmetric(insertion: AnyTransition, removal: AnyTransition)
    -> AnyTransition
  {
    var transition = AnyTransition(keyframes: insertion.keyframes, removal: removal.removal)
    transition.animation = insertion.animation ?? removal.animation
    return transition
  }

  /// Both transitions at once.
  public func combined(with other: AnyTransition) -> AnyTransition {
    var combined = AnyTransition(
      keyframes: keyframes + other.keyframes, removal: removal + other.removal)
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
    @keyframes gtkbridge-leave-opacity { from { opacity: 1; } to { opacity: 0; } }
    @keyframes gtkbridge-leave-scale { from { transform: none; } to { transform: scale(0.01); } }
    @keyframes gtkbridge-leave-leading { from { opacity: 1; transform: none; } \
    to { opacity: 0; transform: translate(-40px, 0); } }
    @keyframes gtkbridge-leave-trailing { from { opacity: 1; transform: none; } \
    to { opacity: 0; transform: translate(40px, 0); } }
    @keyframes gtkbridge-leave-top { from { opacity: 1; transform: none; } \
    to { opacity: 0; transform: translate(0, -40px); } }
    @keyframes gtkbridge-leave-bottom { from { opacity: 1; transform: none; } \
    to { opacity: 0; transform: translate(0, 40px); } }
    """
}

extension View {
  /// How this view comes in and goes out in an animated change: SwiftUI's `transition(_:)`.
  /// CSS keyframe animations on its widgets (see ``AnyTransition``).
  ///
  /// ```swift
  /// if isExpanded { Text(details).transition(.move(edge: .top)) }
  /// ```
  public func transition(_ transition: AnyTransition) -> some View {
    modifier(TransitionModifier(transition: transition))
  }
}

/// Runs a transition's keyframes on the widgets a view comes in with, and on those it goes
/// with, when the change that added or removed it is animated.
struct TransitionModifier: WidgetModifier {
  let transition: AnyTransition

  /// The widgets the view has now, and the per-widget sheets that time their keyframes.
  @MainActor
  final class Storage {
    var isInserted = false
    var widgets: [Widget] = []
    var sheets: [UnsafeMutablePointer<GtkWidget>: ScopedStyleSheet] = [:]

    func sheet(for widget: Widget) -> ScopedStyleSheet {
      if let sheet = sheets[widget.pointer] { return sheet }
      let sheet = ScopedStyleSheet()
      sheets[widget.pointer] = sheet
      return sheet
    }
  }

  func makeStorage(node: ModifierNode<some View, Self>) -> Storage { Storage() }

  static var readsState: Bool { false }

  /// The animation of the change being made here, if it is animated.
  @MainActor
  private func animation(node: ModifierNode<some View, Self>) -> Animation? {
    transition.animation ?? AnimationTransaction.pending ?? node.environment.implicitAnimation
  }

  func update(_ storage: Storage, node: ModifierNode<some View, Self>) {
    storage.widgets = node.widgets
    guard !storage.isInserted else { return }
    storage.isInserted = true
    // NB: a window's first views are not animated in, as in SwiftUI: the graph has no root
    // until its first views are made.
    guard node.graph.root != nil, !transition.keyframes.isEmpty,
      let animation = animation(node: node)
    else { return }
    GtkBridgeStyleClasses.install()
    for widget in storage.widgets {
      widget.addCSSClass(TransitionModifier.styleClass)
      let css =
        "animation-name: \(transition.keyframes.joined(separator: ", ")); "
        + animation.cssDeclarations
      if let error = storage.sheet(for: widget).apply(
        WidgetStyle(rawCSS: [css]), to: widget.pointer)
      {
        StyleDiagnostics.handler(error, widget)
      }
    }
  }

  /// Sends the view's widgets out through the removal keyframes, when the change that removed
  /// it is animated (see ``LeavingWidgets``).
  func dismantle(_ storage: Storage, node: ModifierNode<some View, Self>) {
    guard !transition.removal.isEmpty, let animation = animation(node: node) else { return }
    GtkBridgeStyleClasses.install()
    var once = animation
    once.repeatCount = 1
    once.autoreverses = false
    let css =
      "animation-name: \(transition.removal.joined(separator: ", ")); "
      + "animation-fill-mode: forwards; " + once.cssDeclarations
    for widget in storage.widgets {
      _ = LeavingWidgets.keep(
        widget, sheet: storage.sheet(for: widget), css: css, for: once.totalSeconds)
    }
  }

  /// Marks a widget a transition brought in (for tests and the inspector).
  static let styleClass = "gtkbridge-transition"
}
