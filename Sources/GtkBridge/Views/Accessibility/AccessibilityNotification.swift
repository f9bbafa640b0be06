/// Notifications for assistive technologies: SwiftUI's `AccessibilityNotification`.
///
/// GtkBridge has ``Announcement``: text a screen reader speaks although no focus moved, such
/// as a validation error or a status that appeared in answer to the user.
///
/// ```swift
/// Button("Save") {
///   save()
///   AccessibilityNotification.Announcement("Saved").post()
/// }
/// ```
public enum AccessibilityNotification {
  /// Text a screen reader speaks at once: SwiftUI's `AccessibilityNotification.Announcement`.
  ///
  /// Spoken from the active window through `gtk_accessible_announce`, which GTK has from 4.14
  /// on. GTK 4.8 to 4.12 cannot announce: there `post()` does nothing (and ``isSpoken`` is
  /// false), so show such text where the user's focus is, too.
  ///
  /// ```swift
  /// if !isValid {
  ///   AccessibilityNotification.Announcement("The name is too short").post()
  /// }
  /// ```
  public struct Announcement: Sendable {
    /// What is spoken.
    public let text: String

    public init(_ text: String) {
      self.text = text
    }

    /// Whether this GTK speaks announcements (4.14 and later).
    @MainActor
    public static var isSpoken: Bool { GTKVersion.hasAnnouncements }

    /// Speaks the text, after what the screen reader is saying.
    @MainActor
    public func post() {
      Announcements.post(text)
    }
  }
}

/// Where announcements go, and who hears of them in tests.
@MainActor
enum Announcements {
  /// Called with each announcement posted, spoken or not (GtkBridgeTesting records them).
  static var observers: [(String) -> Void] = []

  static func post(_ text: String) {
    for observer in observers { observer(text) }
    Widget.activeWindow?.announce(text)
  }
}

extension AccessibilityNotification.Announcement {
  /// Runs `body` and returns the texts announced meanwhile, spoken or not.
  @_spi(Testing)
  @MainActor
  public static func recording(_ body: () throws -> Void) rethrows -> [String] {
    var posted: [String] = []
    Announcements.observers.append { posted.append($0) }
    defer { Announcements.observers.removeLast() }
    try body()
    return posted
  }
}
