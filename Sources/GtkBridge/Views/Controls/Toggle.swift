/// A labelled check box in a `GtkCheckButton`, bound to a `Bool`: SwiftUI's `Toggle`.
/// `.toggleStyle(.switch)` makes it a label and a `GtkSwitch`, `.toggleStyle(.button)` a
/// `GtkToggleButton`.
///
/// ```swift
/// Toggle("Remember me", isOn: $remember)
/// ```
///
/// Under a ``ToggleStyle`` of the app's own, the toggle is that style's
/// `makeBody(configuration:)`.
public struct Toggle: WidgetRepresentable, PrimitiveView {
  let title: String
  @Binding var isOn: Bool
  /// The label view it was given, for a custom style's configuration.
  var labelView: AnyView?

  /// A toggle titled `title` as it is (a `String` value is not translated).
  // NB: disfavoured, as in SwiftUI, so that a literal is a `LocalizedStringKey`.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {
    self.init(verbatim: String(title), isOn: isOn)
  }

  /// A toggle titled with the translation of `titleKey` (see ``LocalizedStringKey``).
  public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) {
    self.init(verbatim: titleKey.resolved(), isOn: isOn)
  }

  private init(verbatim title: String, isOn: Binding<Bool>) {
    self.title = title
    self._isOn = isOn
  }

  /// A toggle labelled by a view: `Toggle(isOn: $on) { Text("Notifications") }`. The
  /// label's text (a ``Text``'s, or a ``Label``'s title) is the toggle's text.
  public init<Label: View>(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
    let label = label()
    let title =
      (label as? Text)?.content ?? (label as? GtkBridge.Label)?.title
      ?? (label as? ToggleStyleConfiguration.Label)?.title ?? ""
    self.init(verbatim: title, isOn: isOn)
    labelView = (label as? ToggleStyleConfiguration.Label)?.content ?? AnyView(label)
  }

  public var body: Never { fatalError("Toggle is backed by a GTK widget, not by body") }

  /// What a custom style is given.
  var configuration: ToggleStyleConfiguration {
    ToggleStyleConfiguration(
      label: ToggleStyleConfiguration.Label(
        title: title, content: labelView ?? AnyView(Text(verbatim: title))),
      isOn: $isOn)
  }

  /// The GTK toggle, or, under a custom style, the style's body.
  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    guard parent?.environment.customToggleStyle != nil else {
      return RepresentableNode(graph: graph, parent: parent, representable: self)
    }
    return StyledControlNode(
      graph: graph, parent: parent, control: self,
      render: { toggle, environment in
        guard let style = environment.customToggleStyle else { return AnyView(toggle) }
        return style.makeBody(toggle.configuration)
      },
      withoutStyle: { $0.customToggleStyle = nil })
  }

  /// Writes the binding when GTK notifies "active".
  @MainActor
  public final class Coordinator {
    var isOn: Binding<Bool>
    var toggled: SignalConnection?

    init(isOn: Binding<Bool>) {
      self.isOn = isOn
      LiveObjects.increment(LiveObjects.coordinators)
    }

    isolated deinit { LiveObjects.decrement(LiveObjects.coordinators) }
  }

  public func makeCoordinator() -> Coordinator { Coordinator(isOn: $isOn) }

  public func makeWidget(context: Context) -> ToggleWidget {
    let check = ToggleWidget(kind: context.environment.toggleWidgetKind, label: title)
    let coordinator = context.coordinator
    coordinator.toggled = check.connectToggled { [weak coordinator, weak check] in
      guard let coordinator, let check else { return }
      let binding = coordinator.isOn
      let value = check.isActive
      UpdateScheduler.shared.performOutsideUpdate { binding.setIfChanged(value) }
    }
    return check
  }

  public func updateWidget(_ check: ToggleWidget, context: Context) {
    let coordinator = context.coordinator
    coordinator.isOn = $isOn
    if check.label != title { check.label = title }
    if check.isActive != isOn {
      coordinator.toggled?.blocked { check.isActive = isOn }
    }
  }

  public static func dismantleWidget(_ check: ToggleWidget, coordinator: Coordinator) {
    coordinator.toggled = nil
  }
}
