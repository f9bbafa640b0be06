import CGtk

/// A handle on a widget that implements `GtkEditable`: ``Entry``, ``PasswordEntry``.
///
/// All of them keep their text and focus in an inner `GtkText` (the editable's delegate);
/// this class speaks to whichever of the two GTK routes each property through.
///
/// ```swift
/// entry.text = "hello"
/// entry.cursorPosition = -1      // to the end
/// entry.selection = 0..<5
/// ```
@MainActor
public class EditableWidget: Widget {
  var editable: OpaquePointer { OpaquePointer(pointer) }

  /// Records app writes as single undo steps (see `EditableWidget+Undo.swift`).
  let appWrites: AppWriteUndo

  /// Takes a reference to the editable widget at `raw` (sinking a floating one), as
  /// `Widget.init(retaining:)` does, and watches its inner text for undo.
  override public init(retaining raw: UnsafeMutableRawPointer) {
    let text = UnsafeMutableRawPointer(gtk_editable_get_delegate(OpaquePointer(raw))!)
    appWrites = AppWriteUndo(text: text.assumingMemoryBound(to: GtkWidget.self))
    super.init(retaining: raw)
  }

  /// The inner `GtkText` that really holds focus, draws the text and emits the keybinding
  /// signals. Wraps `gtk_editable_get_delegate`.
  var delegate: UnsafeMutablePointer<GtkWidget> {
    UnsafeMutableRawPointer(gtk_editable_get_delegate(editable)!)
      .assumingMemoryBound(to: GtkWidget.self)
  }

  private var text_: UnsafeMutablePointer<GtkText> { delegate.cast(to: GtkText.self) }

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
  /// is cut by GTK; a bound text field shows it cut and its binding keeps the whole text
  /// until the user edits (showing a value never changes it).
  /// Wraps `gtk_text_set_max_length` on the inner text (the only place password entries
  /// have it).
  public var maxLength: Int {
    get { Int(gtk_text_get_max_length(text_)) }
    set { gtk_text_set_max_length(text_, gint(clamping: min(max(newValue, 0), 65_535))) }
  }

  /// Text shown while the field is empty. Wraps `gtk_text_set_placeholder_text`.
  public var placeholderText: String? {
    get { gtk_text_get_placeholder_text(text_).map { String(cString: $0) } }
    set { gtk_text_set_placeholder_text(text_, newValue) }
  }

  /// GtkEditable::changed: once per user edit, up to twice per `text` assignment.
  func connectChanged(_ handler: @escaping VoidHandler) -> SignalConnection {
    Signals.connect(rawPointer, "changed", handler)
  }

  /// The "activate" signal: the user pressed Return.
  func connectActivate(_ handler: @escaping VoidHandler) -> SignalConnection {
    Signals.connect(rawPointer, "activate", handler)
  }
}
