import CGtk

/// GDK's keyvals, the numbers GTK names keys by, and GTK's accelerator names for them: the
/// tables ``KeyEquivalent`` and ``KeyboardShortcut`` translate SwiftUI's keys with. No widget
/// or display is needed.
enum Keyvals {
  /// The keyval of the key that types `scalar`, lower case (GTK's shortcut triggers store
  /// letters so). Wraps `gdk_unicode_to_keyval` and `gdk_keyval_to_lower`.
  static func keyval(typing scalar: Unicode.Scalar) -> UInt32 {
    gdk_keyval_to_lower(gdk_unicode_to_keyval(scalar.value))
  }

  /// The character `keyval` types, if it types one. Wraps `gdk_keyval_to_unicode`.
  static func scalar(of keyval: UInt32) -> Unicode.Scalar? {
    let code = gdk_keyval_to_unicode(keyval)
    return code == 0 ? nil : Unicode.Scalar(code)
  }

  /// GTK's accelerator for `keyval` with `modifiers`, such as `<Control>s`; `nil` when GTK
  /// writes none. Wraps `gtk_accelerator_name`.
  static func acceleratorName(keyval: UInt32, modifiers: GdkModifierType) -> String? {
    guard let name = gtk_accelerator_name(keyval, modifiers) else { return nil }
    defer { g_free(name) }
    return String(cString: name)
  }
}
