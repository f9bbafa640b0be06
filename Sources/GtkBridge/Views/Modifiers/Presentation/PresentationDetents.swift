/// A height a sheet can rest at on iOS: SwiftUI's `PresentationDetent`. Accepted so iOS
/// sheet code compiles; a sheet here is a window the user sizes (macOS ignores detents too).
public struct PresentationDetent: Hashable, Sendable {
  let name: String

  /// Half the screen on iOS.
  public static let medium = PresentationDetent(name: "medium")
  /// The full height on iOS.
  public static let large = PresentationDetent(name: "large")

  /// A fraction of the screen height on iOS.
  public static func fraction(_ fraction: Double) -> PresentationDetent {
    PresentationDetent(name: "fraction \(fraction)")
  }

  /// A fixed height on iOS.
  public static func height(_ height: Double) -> PresentationDetent {
    PresentationDetent(name: "height \(height)")
  }
}

extension View {
  /// Accepted, no effect: SwiftUI's `presentationDetents(_:)` (iOS). A sheet here is a
  /// window, sized by the user, as on macOS.
  ///
  /// ```swift
  /// SettingsView().presentationDetents([.medium, .large])
  /// ```
  public func presentationDetents(_ detents: Set<PresentationDetent>) -> some View { self }
}
