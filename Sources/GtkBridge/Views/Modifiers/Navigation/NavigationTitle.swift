extension View {
  /// Titles the window while this view is shown: SwiftUI's `navigationTitle`, which on macOS
  /// is the window's title. GtkBridge sets the window's title (`gtk_window_set_title`), which
  /// its header bar shows.
  ///
  /// When several titled views are shown, the innermost wins, and within a
  /// ``NavigationStack`` the top page's; a title that changes with state changes the window's.
  /// When no titled view is shown the window's own title comes back.
  ///
  /// ```swift
  /// NavigationStack {
  ///   List(notes) { … }
  ///     .navigationTitle("Notes (\(notes.count))")
  /// }
  /// ```
  public func navigationTitle(_ title: String) -> some View {
    modifier(NavigationBarValueModifier<NavigationTitleKey>(value: title))
  }

  /// The same, with the title as a ``Text``.
  public func navigationTitle(_ title: Text) -> some View {
    modifier(NavigationBarValueModifier<NavigationTitleKey>(value: title.content))
  }
}

/// The window's title: `navigationTitle`.
enum NavigationTitleKey: NavigationBarKey {
  typealias Value = String
}
