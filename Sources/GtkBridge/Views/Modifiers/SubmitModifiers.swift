/// The label of the Return key on an on-screen keyboard: SwiftUI's `SubmitLabel`.
///
/// GTK has no Return-key label (neither `GtkEntry` nor input methods take one), so
/// ``View/submitLabel(_:)`` accepts these values and changes nothing.
public struct SubmitLabel: Hashable, Sendable {
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

extension View {
  /// Accepted for SwiftUI code and ignored: GTK has no label for the Return key.
  ///
  /// ```swift
  /// TextField("Email", text: $email).submitLabel(.next)
  /// ```
  public func submitLabel(_ label: SubmitLabel) -> some View {
    self
  }

  /// Keeps a Return inside this view from running the `.onSubmit` actions around it:
  /// SwiftUI's `submitScope(_:)`. `.onSubmit` actions inside the scope still run.
  ///
  /// ```swift
  /// VStack {
  ///   TextField("Search", text: $query).onSubmit { search() }   // runs
  ///   TextField("Note", text: $note).submitScope()               // Return runs nothing
  /// }
  /// .onSubmit { save() }                                         // not for the note
  /// ```
  ///
  /// - Parameter isBlocking: whether the scope blocks; `false` lets submits through.
  public func submitScope(_ isBlocking: Bool = true) -> some View {
    modifier(SubmitScopeModifier(isBlocking: isBlocking))
  }
}

struct SubmitScopeModifier: WidgetModifier {
  let isBlocking: Bool

  static var readsState: Bool { false }

  func modifyEnvironment(_ environment: inout EnvironmentValues) {
    // NB: walking down from the root, the actions collected so far are the ancestors'.
    if isBlocking { environment.submitActions = [] }
  }
}
