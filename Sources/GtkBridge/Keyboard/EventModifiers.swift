import CGtk

/// Modifier keys of a shortcut or a key press: SwiftUI's `EventModifiers`.
///
/// On Linux, Ctrl does what Command does on a Mac, so `.command` and `.control` both mean Ctrl:
/// `.keyboardShortcut("s")` (whose default modifier is `.command`) is Ctrl+S, and a key press
/// with Ctrl held reports `[.command, .control]`. `.option` is Alt. `.capsLock`, `.numericPad`
/// and `.function` take no part in shortcuts.
///
/// ```swift
/// Button("Save As…") { saveAs() }.keyboardShortcut("s", modifiers: [.command, .shift])
/// ```
public struct EventModifiers: OptionSet, Sendable, Hashable {
  public let rawValue: Int

  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  public static let capsLock = EventModifiers(rawValue: 1 << 0)
  public static let shift = EventModifiers(rawValue: 1 << 1)
  /// Ctrl (the same key as `.command` on Linux).
  public static let control = EventModifiers(rawValue: 1 << 2)
  /// Alt.
  public static let option = EventModifiers(rawValue: 1 << 3)
  /// Ctrl: the desktop's command key on Linux.
  public static let command = EventModifiers(rawValue: 1 << 4)
  public static let numericPad = EventModifiers(rawValue: 1 << 5)
  public static let function = EventModifiers(rawValue: 1 << 6)
  public static let all: EventModifiers = [
    .capsLock, .shift, .control, .option, .command, .numericPad, .function,
  ]

  /// The GDK modifier mask a shortcut trigger uses.
  var gdkMask: GdkModifierType {
    var mask: UInt32 = 0
    if contains(.shift) { mask |= GDK_SHIFT_MASK.rawValue }
    if !isDisjoint(with: [.command, .control]) { mask |= GDK_CONTROL_MASK.rawValue }
    if contains(.option) { mask |= GDK_ALT_MASK.rawValue }
    return GdkModifierType(rawValue: mask)
  }

  /// The modifiers a GDK event state holds (Ctrl as both `.command` and `.control`).
  init(gdkState state: GdkModifierType) {
    var modifiers: EventModifiers = []
    if state.rawValue & GDK_SHIFT_MASK.rawValue != 0 { modifiers.insert(.shift) }
    if state.rawValue & GDK_CONTROL_MASK.rawValue != 0 {
      modifiers.formUnion([.command, .control])
    }
    if state.rawValue & GDK_ALT_MASK.rawValue != 0 { modifiers.insert(.option) }
    if state.rawValue & GDK_LOCK_MASK.rawValue != 0 { modifiers.insert(.capsLock) }
    self = modifiers
  }
}
