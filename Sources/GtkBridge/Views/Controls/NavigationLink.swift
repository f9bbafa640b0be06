/// A button that pushes a view on the enclosing ``NavigationStack``: SwiftUI's
/// `NavigationLink`.
///
/// The destination is a view, or a value that the stack's
/// ``View/navigationDestination(for:destination:)`` turns into one. While the pushed view is
/// shown, a change of the link's destination (state it reads) updates it in place.
///
/// ```swift
/// NavigationLink("Edit profile") { ProfileEditor(profile: $profile) }
/// NavigationLink {
///   ScoreView()
/// } label: {
///   Text("Show Detail View")
/// }
/// NavigationLink("Recipe", value: recipe)
/// ```
///
/// A link outside any stack, or a value no `navigationDestination` accepts, pushes nothing
/// and logs one warning.
public struct NavigationLink<Label: View, Destination: View>: View, PrimitiveView {
  let title: String?
  let label: Label?
  let destination: Destination?
  let value: AnyHashable?

  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    NavigationLinkNode(graph: graph, parent: parent, link: self)
  }
}

extension NavigationLink {
  /// A link showing `label` that pushes `destination`.
  public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
    self.init(title: nil, label: label(), destination: destination(), value: nil)
  }

  /// The same, with the destination as a value (deprecated in SwiftUI, still common).
  public init(destination: Destination, @ViewBuilder label: () -> Label) {
    self.init(title: nil, label: label(), destination: destination, value: nil)
  }
}

extension NavigationLink where Label == Text {
  /// A link titled `title` that pushes `destination`.
  public init(_ title: String, @ViewBuilder destination: () -> Destination) {
    self.init(title: title, label: nil, destination: destination(), value: nil)
  }

  /// The same, with the destination as a value.
  public init(_ title: String, destination: Destination) {
    self.init(title: title, label: nil, destination: destination, value: nil)
  }
}

extension NavigationLink where Destination == Never {
  /// A link showing `label` that pushes `value` (onto the stack's path, if it has one); the
  /// stack's `navigationDestination(for:)` for its type shows it. A `nil` value disables
  /// the link.
  public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) {
    let hashable: AnyHashable? = if let value { AnyHashable(value) } else { nil }
    self.init(title: nil, label: label(), destination: nil, value: hashable)
  }
}

extension NavigationLink where Label == Text, Destination == Never {
  /// A link titled `title` that pushes `value`.
  public init<P: Hashable>(_ title: String, value: P?) {
    let hashable: AnyHashable? = if let value { AnyHashable(value) } else { nil }
    self.init(title: title, label: nil, destination: nil, value: hashable)
  }
}

/// The node of a ``NavigationLink``: a ``Button`` whose action pushes the destination.
@MainActor
final class NavigationLinkNode<Label: View, Destination: View>: ViewNode {
  private var link: NavigationLink<Label, Destination>
  private var button: ViewNode!
  /// The page this link pushed, while it is on the stack: updated when the link is.
  private weak var pushed: NavigationPageNode?

  init(graph: ViewGraph, parent: ViewNode?, link: NavigationLink<Label, Destination>) {
    self.link = link
    super.init(graph: graph, parent: parent)
    button = graph.makeNode(for: buttonView(), parent: self)
  }

  override var childNodes: [ViewNode] { [button] }
  override var widgets: [Widget] { button.widgets }

  override func update(to view: any View) -> Bool {
    guard let view = view as? NavigationLink<Label, Destination> else { return false }
    isDirty = false
    link = view
    if let new = replacement(for: button, with: buttonView()) {
      button = new
      widgetsChanged()
    }
    if let pushed, !pushed.isDismantled, let destination = view.destination {
      pushed.update(content: destination)
    }
    return true
  }

  private func buttonView() -> any View {
    let action: @MainActor () -> Void = { [weak self] in self?.activate() }
    // NB: a value link whose value is nil is disabled, as in SwiftUI.
    let disabled = link.destination == nil && link.value == nil
    if let title = link.title {
      return Button(title, action: action).disabled(disabled)
    }
    guard let label = link.label else { return EmptyView() }
    return Button(action: action) { label }.disabled(disabled)
  }

  private func activate() {
    guard let stack = environment.navigationStack else {
      Log.warning("a NavigationLink outside a NavigationStack pushes nothing")
      return
    }
    if let destination = link.destination {
      pushed = stack.push(.view(destination), from: self)
    } else if let value = link.value {
      pushed = stack.push(.value(value), from: self)
    }
  }

  override func dismantle() {
    button.dismantle()
    super.dismantle()
  }
}
