/// The kinds of safe area: SwiftUI's `SafeAreaRegions`.
public struct SafeAreaRegions: OptionSet, Hashable, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// The insets of the device's edges and bars.
  public static let container = SafeAreaRegions(rawValue: 1)
  /// The insets of an on-screen keyboard.
  public static let keyboard = SafeAreaRegions(rawValue: 2)
  /// Every region.
  public static let all: SafeAreaRegions = [.container, .keyboard]
}

extension View {
  /// Lets the view reach under the safe area: SwiftUI's `ignoresSafeArea(_:edges:)`.
  /// Accepted, no effect: a GTK window has no notch, home indicator or on-screen keyboard
  /// inset, so the view already reaches its window's edges.
  ///
  /// ```swift
  /// Color.blue.ignoresSafeArea()
  /// ```
  public func ignoresSafeArea(
    _ regions: SafeAreaRegions = .all, edges: Edge.Set = .all
  ) -> some View {
    self
  }

  /// SwiftUI's deprecated `edgesIgnoringSafeArea(_:)`: accepted, as ``ignoresSafeArea(_:edges:)``.
  public func edgesIgnoringSafeArea(_ edges: Edge.Set) -> some View {
    self
  }
}
