import CGtk

/// A handle on a `GtkEntry`: one line of editable text.
///
/// This is what a ``LegacyTextField`` configuration closure receives. Besides the entry's own
/// properties it carries the typed style properties of every ``Widget`` (`textColor`,
/// `caretColor`, …), which become CSS scoped to this one entry.
///
/// ```swift
/// LegacyTextField(text: $name, isFirstResponder: $editing) {
///   $0.placeholderText = "Your name"
///   $0.textColor = .red
/// }
/// ```
@MainActor
public final class Entry: EditableWidget {
  /// Creates a new, empty `GtkEntry`. Wraps `gtk_entry_new`.
  public init() {
    super.init(retaining: UnsafeMutableRawPointer(gtk_entry_new()))
  }

  var entry: UnsafeMutablePointer<GtkEntry> { pointer.cast(to: GtkEntry.self) }

  /// What the UIKit-named properties keep that GTK has no place for (see `Entry+UIKit`).
  var uikit = UIKitState()

  /// Whether the text is shown (`false` shows bullets). Wraps `gtk_entry_set_visibility`.
  public var isTextVisible: Bool {
    get { gtk_entry_get_visibility(entry) != 0 }
    set { gtk_entry_set_visibility(entry, newValue ? 1 : 0) }
  }
}
