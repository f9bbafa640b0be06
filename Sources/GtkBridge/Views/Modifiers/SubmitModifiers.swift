extension View {
  /// Runs `action` when the user submits a field inside this view: Return in a text field
  /// (`.text`, the default) or in the window's search field (`.search`, the `.searchable`
  /// inside this view).
  ///
  /// ```swift
  /// VStack {
  ///   TextField("Username", text: $username).focused($field, equals: .username)
  ///   SecureField("Password", text: $password).focused($field, equals: .password)
  /// }
  /// .onSubmit {
  ///   if field == .username { field = .password } else { signIn() }
  /// }
  ///
  /// List(results) { Text($0.title) }
  ///   .searchable(text: $query)
  ///   .onSubmit(of: .search) { runSearch(query) }
  /// ```
  public func onSubmit(
    of triggers: SubmitTriggers = .text, _ action: @escaping @MainActor () -> Void
  ) -> some View {
    modifier(OnSubmitModifier(triggers: triggers, action: action))
  }

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

/// Which fields' Return runs an `.onSubmit` action: SwiftUI's `SubmitTriggers`.
public struct SubmitTriggers: OptionSet, Sendable {
  public let rawValue: Int

  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// Text fields, secure fields and the other controls that edit text.
  public static let text = SubmitTriggers(rawValue: 1 << 0)
  /// The search field of a `.searchable`.
  public static let search = SubmitTriggers(rawValue: 1 << 1)
}

/// An `.onSubmit` action and the fields whose Return runs it.
struct SubmitAction {
  let triggers: SubmitTriggers
  let action: @MainActor () -> Void
}

@usableFromInline
struct OnSubmitModifier: WidgetModifier {
  /// No `update`: nothing to track (tracked, every update cost an observation scope).
  static var readsState: Bool { false }

  let triggers: SubmitTriggers
  let action: @MainActor () -> Void

  func modifyEnvironment(_ environment: inout EnvironmentValues) {
    // Walking down from the root, each inner modifier goes first: innermost runs first.
    environment.submitActions.insert(SubmitAction(triggers: triggers, action: action), at: 0)
  }
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
