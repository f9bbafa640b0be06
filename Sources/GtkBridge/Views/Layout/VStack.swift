import CGtk

/// Views stacked top to bottom in a vertical `GtkBox`: SwiftUI's `VStack`.
///
/// ```swift
/// VStack(alignment: .leading, spacing: 12) {
///   Text("Sign in")
///   TextField("Username", text: $username)
/// }
/// ```
public struct VStack<Content: View>: View, PrimitiveView, StackView {
  let alignment: HorizontalAlignment?
  let spacing: Int
  let content: Content

  /// - Parameters:
  ///   - alignment: where children narrower than the stack sit; `nil` stretches them to
  ///     the stack's width (GTK's fill, what text fields want).
  ///   - spacing: pixels between children.
  ///   - content: the children, top first.
  public init(
    alignment: HorizontalAlignment? = nil, spacing: Int = 8,
    @ViewBuilder content: () -> Content
  ) {
    self.alignment = alignment
    self.spacing = spacing
    self.content = content()
  }

  typealias Layout = BoxStackLayout
  var layout: BoxStackLayout.Parameters {
    BoxStackLayout.Parameters(
      orientation: GTK_ORIENTATION_VERTICAL, spacing: spacing, alignment: alignment?.gtk)
  }

  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    StackNode(graph: graph, parent: parent, stack: self)
  }
}

/// Views side by side, leading first, in a horizontal `GtkBox`: SwiftUI's `HStack`.
///
/// ```swift
/// HStack {
///   Spacer()
///   Button("Sign in") { submit() }
/// }
/// ```
public struct HStack<Content: View>: View, PrimitiveView, StackView {
  let alignment: VerticalAlignment?
  let spacing: Int
  let content: Content

  public init(
    alignment: VerticalAlignment? = .center, spacing: Int = 8,
    @ViewBuilder content: () -> Content
  ) {
    self.alignment = alignment
    self.spacing = spacing
    self.content = content()
  }

  typealias Layout = BoxStackLayout
  var layout: BoxStackLayout.Parameters {
    BoxStackLayout.Parameters(
      orientation: GTK_ORIENTATION_HORIZONTAL, spacing: spacing, alignment: alignment?.gtk)
  }

  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    StackNode(graph: graph, parent: parent, stack: self)
  }
}

/// Where a `VStack` places children narrower than itself.
public enum HorizontalAlignment: Sendable {
  case leading, center, trailing

  var gtk: GtkAlign {
    switch self {
    case .leading: GTK_ALIGN_START
    case .center: GTK_ALIGN_CENTER
    case .trailing: GTK_ALIGN_END
    }
  }
}

/// Where an `HStack` places children shorter than itself.
public enum VerticalAlignment: Sendable {
  case top, center, bottom

  var gtk: GtkAlign {
    switch self {
    case .top: GTK_ALIGN_START
    case .center: GTK_ALIGN_CENTER
    case .bottom: GTK_ALIGN_END
    }
  }
}
