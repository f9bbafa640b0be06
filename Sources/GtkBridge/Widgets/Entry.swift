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
public final class Entry: Widget {
  /// Creates a new, empty `GtkEntry`. Wraps `gtk_entry_new`.
  public init() {
    super.init(retaining: UnsafeMutableRawPointer(gtk_entry_new()))
  }

  var editable: OpaquePointer { OpaquePointer(pointer) }
  var entry: UnsafeMutablePointer<GtkEntry> { pointer.cast(to: GtkEntry.self) }

  /// The text as GTK holds it. Setting it replaces the text; GTK then puts the cursor at 0.
  /// Wraps `gtk_editable_get_text` / `gtk_editable_set_text`.
  ///
  /// A C string ends at NUL, so text is cut at its first `"\0"` on the way in.
  public var text: String {
    get { String(cString: gtk_editable_get_text(editable)) }
    set { gtk_editable_set_text(editable, newValue) }
  }

  /// The cursor position in characters; `-1` when set means "at the end".
  /// Wraps `gtk_editable_get_position` / `gtk_editable_set_position`.
  public var cursorPosition: Int {
    get { Int(gtk_editable_get_position(editable)) }
    set { gtk_editable_set_position(editable, gint(clamping: newValue)) }
  }

  /// The selected range in characters, or `nil` when nothing is selected.
  /// Wraps `gtk_editable_get_selection_bounds` / `gtk_editable_select_region`.
  public var selection: Range<Int>? {
    get {
      var start: gint = 0
      var end: gint = 0
      guard gtk_editable_get_selection_bounds(editable, &start, &end) != 0 else { return nil }
      return Int(start)..<Int(end)
    }
    set {
      let range = newValue ?? cursorPosition..<cursorPosition
      gtk_editable_select_region(
        editable, gint(clamping: range.lowerBound), gint(clamping: range.upperBound))
    }
  }

  /// The maximum number of characters; 0 means no limit, GTK caps it at 65,535. Longer text
  /// is cut by GTK, and a bound ``LegacyTextField`` writes the cut text back to its binding.
  /// Wraps `gtk_entry_set_max_length`.
  public var maxLength: Int {
    get { Int(gtk_entry_get_max_length(entry)) }
    set { gtk_entry_set_max_length(entry, gint(clamping: min(max(newValue, 0), 65_535))) }
  }

  /// Text shown while the entry is empty. Wraps `gtk_entry_set_placeholder_text`.
  public var placeholderText: String? {
    get { gtk_entry_get_placeholder_text(entry).map { String(cString: $0) } }
    set { gtk_entry_set_placeholder_text(entry, newValue) }
  }

  /// Whether the text is shown (`false` shows bullets). Wraps `gtk_entry_set_visibility`.
  public var isTextVisible: Bool {
    get { gtk_entry_get_visibility(entry) != 0 }
    set { gtk_entry_set_visibility(entry, newValue ? 1 : 0) }
  }

  /// The inner `GtkText` that really holds focus, draws the text and emits the keybinding
  /// signals. Wraps `gtk_editable_get_delegate`.
  var delegate: UnsafeMutablePointer<GtkWidget> {
    UnsafeMutableRawPointer(gtk_editable_get_delegate(editable)!)
      .assumingMemoryBound(to: GtkWidget.self)
  }

  /// Connects GtkEditable::changed.
  func connectChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    Signals.connectChanged(rawPointer, handler)
  }
}
