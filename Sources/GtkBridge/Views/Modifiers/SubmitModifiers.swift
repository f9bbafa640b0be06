extension View {
  /// Stops Return in the text fields inside this view from running the `.onSubmit` actions
  /// of views around it; `.onSubmit` inside the scope still runs.
  ///
  /// ```swift
  /// VStack {
  ///   TextField("Search", text: $query).onSubmit(search).submitScope()
  ///   TextField("Name", text: $name)
  /// }
  /// .onSubmit(save)   // Return in "Name" saves; Return in "Search" only searches
  /// ```
  public func submitScope(_ isBlocking: Bool = true) -> some View {
    modifier(SubmitScopeModifier(isBlocking: isBlocking))
  }

  /// Accepted so form code compiles; GTK has no label for the Return key of an on-screen
  /// keyboard (nor does a desktop keyboard), so it changes nothing.
  ///
  /// ```swift
  /// TextField("Search", text: $query).submitLabel(.search)
  /// ```
  public func submitLabel(_ submitLabel: SubmitLabel) -> some View {
    modifier(SubmitLabelModifier(label: submitLabel))
  }
}

/// The label of the Return key on iOS's keyboard: SwiftUI's `SubmitLabel`. Accepted and
/// ignored: GTK has no such label.
public struct SubmitLabel: Sendable, Hashable {
  let name: String

  public static let done = SubmitLabel(name: "done")
  public static let go = SubmitLabel(name: "go")
  public static let send = SubmitLabel(name: "send")
  public static let join = SubmitLabel(name: "join")
  public static let route = SubmitLabel(name: "route")
  public static let search = SubmitLabel(name: "search")
  public static let `return` = SubmitLabel(name: "return")
  public static let next = SubmitLabel(name: "next")
  public static let `continue` = SubmitLabel(name: "continue")
}

@usableFromInline
struct SubmitScopeModifier: WidgetModifier {
  static var readsState: Bool { false }

  let isBlocking: Bool

  func modifyEnvironment(_ environment: inout EnvironmentValues) {
    if isBlocking { environment.submitActions = [] }
  }
}

@usableFromInline
struct SubmitLabelModifier: WidgetModifier {
  static var readsState: Bool { false }

  let label: SubmitLabel
}
