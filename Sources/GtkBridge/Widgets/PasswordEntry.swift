import CGtk

/// A handle on a `GtkPasswordEntry`, the widget behind ``SecureField``.
///
/// ```swift
/// SecureField("Password", text: $password)
///   .configure { ($0 as? PasswordEntry)?.showsPeekIcon = true }
/// ```
@MainActor
public final class PasswordEntry: EditableWidget {
  /// Wraps `gtk_password_entry_new`.
  public init() {
    super.init(retaining: UnsafeMutableRawPointer(gtk_password_entry_new()))
  }

  private var entry: OpaquePointer { OpaquePointer(pointer) }

  /// Whether an eye icon lets the user reveal the text.
  /// Wraps `gtk_password_entry_set_show_peek_icon`.
  public var showsPeekIcon: Bool {
    get { gtk_password_entry_get_show_peek_icon(entry) != 0 }
    set { gtk_password_entry_set_show_peek_icon(entry, newValue ? 1 : 0) }
  }
}
