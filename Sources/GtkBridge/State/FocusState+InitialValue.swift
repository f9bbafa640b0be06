extension FocusState {
  /// A focus state with a written initial value, as SwiftUI accepts:
  /// `@FocusState private var emailFieldIsFocused: Bool = false`. An initial `true` (or a
  /// field) asks for focus on the window's first frame, as assigning it in `onAppear` would.
  public init(wrappedValue: Value) {
    link = StorageLink(StateBox(wrappedValue))
  }
}
