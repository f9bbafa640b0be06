import CGtk

/// A key a shortcut or a key press names: SwiftUI's `KeyEquivalent`.
///
/// A character (`"s"`, `"?"`) or one of the named keys below, which carry the character
/// values AppKit gives them (`.upArrow` is U+F700), so code that compares them keeps working.
///
/// ```swift
/// Button("Save") { save() }.keyboardShortcut("s")
/// List(...).onKeyPress(.upArrow) { select(-1); return .handled }
/// ```
public struct KeyEquivalent: Sendable, Hashable, ExpressibleByExtendedGraphemeClusterLiteral,
  CustomStringConvertible
{
  /// The character of the key.
  public var character: Character

  /// The key that types `character`.
  public init(_ character: Character) {
    self.character = character
  }

  public init(extendedGraphemeClusterLiteral value: Character) {
    character = value
  }

  public var description: String { name ?? String(character) }

  public static let upArrow = KeyEquivalent("\u{F700}")
  public static let downArrow = KeyEquivalent("\u{F701}")
  public static let leftArrow = KeyEquivalent("\u{F702}")
  public static let rightArrow = KeyEquivalent("\u{F703}")
  /// Backspace (AppKit's delete key).
  public static let delete = KeyEquivalent("\u{7F}")
  /// Delete (forward).
  public static let deleteForward = KeyEquivalent("\u{F728}")
  public static let escape = KeyEquivalent("\u{1B}")
  public static let home = KeyEquivalent("\u{F729}")
  public static let end = KeyEquivalent("\u{F72B}")
  public static let pageUp = KeyEquivalent("\u{F72C}")
  public static let pageDown = KeyEquivalent("\u{F72D}")
  public static let clear = KeyEquivalent("\u{F739}")
  public static let tab = KeyEquivalent("\t")
  public static let space = KeyEquivalent(" ")
  public static let `return` = KeyEquivalent("\r")

  /// The named keys and their GDK keyvals.
  private static let named: [(KeyEquivalent, UInt32, String)] = [
    (.upArrow, UInt32(GDK_KEY_Up), "upArrow"),
    (.downArrow, UInt32(GDK_KEY_Down), "downArrow"),
    (.leftArrow, UInt32(GDK_KEY_Left), "leftArrow"),
    (.rightArrow, UInt32(GDK_KEY_Right), "rightArrow"),
    (.delete, UInt32(GDK_KEY_BackSpace), "delete"),
    (.deleteForward, UInt32(GDK_KEY_Delete), "deleteForward"),
    (.escape, UInt32(GDK_KEY_Escape), "escape"),
    (.home, UInt32(GDK_KEY_Home), "home"),
    (.end, UInt32(GDK_KEY_End), "end"),
    (.pageUp, UInt32(GDK_KEY_Page_Up), "pageUp"),
    (.pageDown, UInt32(GDK_KEY_Page_Down), "pageDown"),
    (.clear, UInt32(GDK_KEY_Clear), "clear"),
    (.tab, UInt32(GDK_KEY_Tab), "tab"),
    (.space, UInt32(GDK_KEY_space), "space"),
    (.return, UInt32(GDK_KEY_Return), "return"),
  ]

  /// Keypad and shifted variants GDK reports for the named keys.
  private static let aliases: [UInt32: KeyEquivalent] = [
    UInt32(GDK_KEY_KP_Enter): .return, UInt32(GDK_KEY_ISO_Left_Tab): .tab,
    UInt32(GDK_KEY_KP_Up): .upArrow, UInt32(GDK_KEY_KP_Down): .downArrow,
    UInt32(GDK_KEY_KP_Left): .leftArrow, UInt32(GDK_KEY_KP_Right): .rightArrow,
    UInt32(GDK_KEY_KP_Home): .home, UInt32(GDK_KEY_KP_End): .end,
    UInt32(GDK_KEY_KP_Page_Up): .pageUp, UInt32(GDK_KEY_KP_Page_Down): .pageDown,
    UInt32(GDK_KEY_KP_Delete): .deleteForward, UInt32(GDK_KEY_KP_Space): .space,
  ]

  private var name: String? { Self.named.first { $0.0 == self }?.2 }

  /// The GDK keyval of the key: a named key's, else the character's (lower case, as GTK's
  /// shortcut triggers store letters). 0 when GDK has none (a character of several scalars).
  var keyval: UInt32 {
    if let named = Self.named.first(where: { $0.0 == self }) { return named.1 }
    let scalars = character.unicodeScalars
    guard scalars.count == 1, let scalar = scalars.first else { return 0 }
    return Keyvals.keyval(typing: scalar)
  }

  /// The key GDK's `keyval` stands for, if it stands for one.
  init?(keyval: UInt32) {
    if let named = Self.named.first(where: { $0.1 == keyval }) {
      self = named.0
    } else if let alias = Self.aliases[keyval] {
      self = alias
    } else {
      guard let scalar = Keyvals.scalar(of: keyval) else { return nil }
      self.init(Character(scalar))
    }
  }
}
