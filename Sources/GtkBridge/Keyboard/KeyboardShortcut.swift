import CGtk

/// A key combination that runs a button: SwiftUI's `KeyboardShortcut`.
///
/// ```swift
/// Button("Save") { save() }.keyboardShortcut("s")                 // Ctrl+S
/// Button("Cancel", role: .cancel) { dismiss() }.keyboardShortcut(.cancelAction)  // Escape
/// Button("Sign In") { signIn() }.keyboardShortcut(.defaultAction)  // Return
/// ```
public struct KeyboardShortcut: Sendable, Hashable {
  /// The key.
  public var key: KeyEquivalent
  /// The modifier keys held with it (`.command` is Ctrl on Linux).
  public var modifiers: EventModifiers

  /// `key` with `modifiers`, by default Ctrl (SwiftUI's `.command`).
  public init(_ key: KeyEquivalent, modifiers: EventModifiers = .command) {
    self.key = key
    self.modifiers = modifiers
  }

  /// The same; `localization` is accepted and changes nothing (GTK matches the keyval the
  /// active keyboard layout produces, whatever the layout).
  public init(
    _ key: KeyEquivalent, modifiers: EventModifiers = .command, localization: Localization
  ) {
    self.init(key, modifiers: modifiers)
  }

  /// How a shortcut adapts to keyboard layouts and right-to-left languages: SwiftUI's
  /// `KeyboardShortcut.Localization`, accepted for compatibility.
  public struct Localization: Sendable, Hashable {
    let name: String

    public static let automatic = Localization(name: "automatic")
    public static let withoutMirroring = Localization(name: "withoutMirroring")
    public static let custom = Localization(name: "custom")
  }

  /// Return, when no focused control handles it (a focused text field runs `.onSubmit`): the
  /// window's default button. GtkBridge makes the button the window's default widget
  /// (`gtk_window_set_default_widget`), which GTK activates on Return. (Adwaita in GTK 4.8
  /// draws a default widget like any other; a toolbar's `.confirmationAction` item is also
  /// styled `suggested-action`.)
  public static let defaultAction = KeyboardShortcut(.return, modifiers: [])

  /// Escape, anywhere in the window, unless the focused control uses Escape itself.
  public static let cancelAction = KeyboardShortcut(.escape, modifiers: [])

  /// The accelerator GTK writes for the shortcut, such as `<Control>s` or `Escape`; `nil` for
  /// a key GDK has no keyval for.
  public var accelerator: String? {
    let keyval = key.keyval
    guard keyval != 0 else { return nil }
    return Keyvals.acceleratorName(keyval: keyval, modifiers: modifiers.gdkMask)
  }
}
