extension View {
  /// Hides the back button (and turns off Alt+Left) while this view is on the top page of
  /// its ``NavigationStack``: SwiftUI's `navigationBarBackButtonHidden`. The app then offers
  /// its own way back, such as a ``ToolbarItem`` at `.cancellationAction` that pops the path.
  ///
  /// ```swift
  /// EditorView()
  ///   .navigationBarBackButtonHidden()
  ///   .toolbar {
  ///     ToolbarItem(placement: .cancellationAction) { Button("Discard") { path.removeLast() } }
  ///   }
  /// ```
  public func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true) -> some View {
    modifier(NavigationBarValueModifier<BackButtonHiddenKey>(value: hidesBackButton))
  }
}

/// Whether the back button is hidden: `navigationBarBackButtonHidden`.
enum BackButtonHiddenKey: NavigationBarKey {
  typealias Value = Bool
}
