/// iOS's navigation bar: the names its modifiers take. On a desktop the header bar plays
/// that part.
public struct NavigationBarItem: Sendable {
  /// How iOS draws a navigation title: large under the bar, or inline in it.
  public enum TitleDisplayMode: Sendable {
    case automatic, inline, large
  }
}

extension View {
  /// Accepted, and has no effect: GNOME's header bar has one title size, inline. SwiftUI's
  /// `navigationBarTitleDisplayMode` (iOS).
  ///
  /// ```swift
  /// Form { … }
  ///   .navigationTitle("Settings")
  ///   .navigationBarTitleDisplayMode(.inline)
  /// ```
  public func navigationBarTitleDisplayMode(_ displayMode: NavigationBarItem.TitleDisplayMode)
    -> some View
  {
    self
  }

  /// Puts `leading` at the header bar's start and `trailing` at its end, as the toolbar
  /// placements `.navigation` and `.primaryAction` do: SwiftUI's deprecated
  /// `navigationBarItems(leading:trailing:)`.
  ///
  /// ```swift
  /// List { … }
  ///   .navigationBarItems(trailing: Button("Add") { add() })
  /// ```
  public func navigationBarItems<L: View, T: View>(leading: L, trailing: T) -> some View {
    ToolbarView(
      content: self,
      items: [
        ToolbarEntry(placement: .navigation, view: leading).under(0),
        ToolbarEntry(placement: .primaryAction, view: trailing).under(1),
      ])
  }

  /// The same, with items at the start only.
  public func navigationBarItems<L: View>(leading: L) -> some View {
    ToolbarView(content: self, items: [ToolbarEntry(placement: .navigation, view: leading)])
  }

  /// The same, with items at the end only.
  public func navigationBarItems<T: View>(trailing: T) -> some View {
    ToolbarView(content: self, items: [ToolbarEntry(placement: .primaryAction, view: trailing)])
  }
}
