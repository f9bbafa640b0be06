import CGtk

/// A handle on a `GtkScrolledWindow` holding a `GtkTextView`: several lines of editable,
/// word-wrapped text, held in a `GtkTextBuffer`. The widget of ``TextEditor``.
///
/// The text view itself holds focus (unlike an entry, whose inner `GtkText` does); focus
/// "within" this widget is focus on the text view.
@MainActor
public class TextEditorWidget: Widget {
  /// The `GtkTextView` inside the scrolled window.
  public let textView: UnsafeMutablePointer<GtkTextView>

  /// The height the editor asks for at least, in pixels.
  static let minimumHeight: Int32 = 80

  /// How many undo or redo steps GTK is replaying now (see `watchUndo()`).
  private var replaying = 0
  /// The "changed" handlers to run once the replay ends, by connection.
  private var changedAfterReplay: [Int: VoidHandler] = [:]
  private var changedHandlers = 0
  private var undoStarts: SignalConnection?
  private var undoEnds: SignalConnection?
  private var redoStarts: SignalConnection?
  private var redoEnds: SignalConnection?

  /// The `GtkScrolledWindow` around the text view: this widget, or inside its frame.
  let scrolledWindow: OpaquePointer

  public convenience init() {
    self.init(frame: nil)
    gtk_scrolled_window_set_min_content_height(scrolledWindow, Self.minimumHeight)
    gtk_widget_set_vexpand(pointer, 1)
  }

  /// The `GtkOverlay` around the scrolled window in a frame, for what is drawn over the text
  /// (a placeholder); `nil` without a frame.
  let overlay: OpaquePointer?

  /// An editor whose widget is `frame` (a box) holding the scrolled window in an overlay, or
  /// (`nil`) the scrolled window itself.
  init(frame: UnsafeMutablePointer<GtkWidget>?) {
    let view = gtk_text_view_new()!
    textView = UnsafeMutableRawPointer(view).assumingMemoryBound(to: GtkTextView.self)
    let scrolled = gtk_scrolled_window_new()!
    scrolledWindow = OpaquePointer(scrolled)
    if let frame {
      let overlay = gtk_overlay_new()!
      gtk_widget_set_hexpand(overlay, 1)
      // NB: a structural part, not a control: GTK 4.8 read it as "GtkOverlay".
      cgtk_accessible_set_role(overlay, GTK_ACCESSIBLE_ROLE_GENERIC)
      gtk_overlay_set_child(OpaquePointer(overlay), scrolled)
      gtk_box_append(frame.cast(to: GtkBox.self), overlay)
      self.overlay = OpaquePointer(overlay)
    } else {
      overlay = nil
    }
    super.init(retaining: frame ?? scrolled)
    gtk_scrolled_window_set_policy(scrolledWindow, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_child(scrolledWindow, view)
    gtk_text_view_set_wrap_mode(textView, GTK_WRAP_WORD_CHAR)
    gtk_widget_set_hexpand(pointer, 1)
    watchUndo()
  }

  // GtkTextBuffer replays a step of several edits (an app write: delete, then insert) with a
  // "changed" per edit, so readers would see the text between them ("" for a whole
  // replacement). Its "undo" and "redo" signals bracket a replay: "changed" handlers
  // connected through `connectChanged` are held back inside and run once after. GTK 4.8 also leaves a redone group open (the barrier that
  // closed it stays in the redo queue), so typing after the last redo would join the app
  // write's step; an empty user action closes it again, as ending any user action does.
  private func watchUndo() {
    let buffer = UnsafeMutableRawPointer(self.buffer)
    let starts: VoidHandler = { [weak self] in self?.replaying += 1 }
    let ends = { [weak self] (redo: Bool) in
      guard let self else { return }
      replaying -= 1
      if redo, gtk_text_buffer_get_can_redo(self.buffer) == 0 {
        gtk_text_buffer_begin_user_action(self.buffer)
        gtk_text_buffer_end_user_action(self.buffer)
      }
      guard replaying == 0 else { return }
      let handlers = changedAfterReplay.sorted { $0.key < $1.key }.map(\.value)
      changedAfterReplay = [:]
      for handler in handlers { handler() }
    }
    undoStarts = Signals.connect(buffer, "undo", starts)
    redoStarts = Signals.connect(buffer, "redo", starts)
    undoEnds = Self.connectAfter(buffer, "undo") { ends(false) }
    redoEnds = Self.connectAfter(buffer, "redo") { ends(true) }
  }

  private static func connectAfter(
    _ instance: UnsafeMutableRawPointer, _ signal: String, _ handler: @escaping VoidHandler
  ) -> SignalConnection {
    let id = cgtk_connect_void_after(
      instance, signal, callVoidHandler, VoidSignalContext(handler).retainedPointer, releaseContext)
    return SignalConnection(instance: instance, id: id)
  }

  /// The text view as a widget: what takes focus.
  var textViewWidget: UnsafeMutablePointer<GtkWidget> {
    UnsafeMutableRawPointer(textView).assumingMemoryBound(to: GtkWidget.self)
  }

  /// The text view's buffer. Wraps `gtk_text_view_get_buffer`.
  public var buffer: UnsafeMutablePointer<GtkTextBuffer> { gtk_text_view_get_buffer(textView) }

  /// The whole text. Setting it replaces the text (one undo step) and leaves the cursor at
  /// the end. Wraps `gtk_text_buffer_get_text` / `gtk_text_buffer_set_text`.
  public var text: String {
    get {
      var start = GtkTextIter()
      var end = GtkTextIter()
      gtk_text_buffer_get_bounds(buffer, &start, &end)
      guard let characters = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return "" }
      defer { g_free(characters) }
      return String(cString: characters)
    }
    set { replaceText(with: newValue, irreversible: false) }
  }

  /// The cursor position in characters; `-1` when set means "at the end". Wraps the
  /// buffer's insert mark and `gtk_text_buffer_place_cursor`.
  public var cursorPosition: Int {
    get {
      var iter = GtkTextIter()
      gtk_text_buffer_get_iter_at_mark(buffer, &iter, gtk_text_buffer_get_insert(buffer))
      return Int(gtk_text_iter_get_offset(&iter))
    }
    set {
      var iter = GtkTextIter()
      if newValue < 0 {
        gtk_text_buffer_get_end_iter(buffer, &iter)
      } else {
        gtk_text_buffer_get_iter_at_offset(buffer, &iter, gint(clamping: newValue))
      }
      gtk_text_buffer_place_cursor(buffer, &iter)
    }
  }

  /// The selected range in characters, or `nil` when nothing is selected.
  /// Wraps `gtk_text_buffer_get_selection_bounds` / `gtk_text_buffer_select_range`.
  public var selection: Range<Int>? {
    get {
      var start = GtkTextIter()
      var end = GtkTextIter()
      guard gtk_text_buffer_get_selection_bounds(buffer, &start, &end) != 0 else { return nil }
      return Int(gtk_text_iter_get_offset(&start))..<Int(gtk_text_iter_get_offset(&end))
    }
    set {
      guard let range = newValue else {
        cursorPosition = cursorPosition
        return
      }
      var start = GtkTextIter()
      var end = GtkTextIter()
      gtk_text_buffer_get_iter_at_offset(buffer, &start, gint(clamping: range.lowerBound))
      gtk_text_buffer_get_iter_at_offset(buffer, &end, gint(clamping: range.upperBound))
      gtk_text_buffer_select_range(buffer, &end, &start)
    }
  }

  /// Replaces the text with `newText` and puts the cursor at the end. `irreversible`: not
  /// undoable (the history starts from the new text; `gtk_text_buffer_set_text` is that in
  /// GTK 4). Otherwise one undo step: a delete and an insert grouped in one user action,
  /// which the buffer undoes together (unlike GtkText in 4.8). Wraps
  /// `gtk_text_buffer_set_text`, `gtk_text_buffer_begin_user_action`,
  /// `gtk_text_buffer_delete` and `gtk_text_buffer_insert`.
  func replaceText(with newText: String, irreversible: Bool) {
    if irreversible {
      // NB: set_text begins its own irreversible action; it warns inside a user action.
      gtk_text_buffer_begin_irreversible_action(buffer)
      gtk_text_buffer_set_text(buffer, newText, -1)
      gtk_text_buffer_end_irreversible_action(buffer)
    } else {
      var start = GtkTextIter()
      var end = GtkTextIter()
      gtk_text_buffer_begin_user_action(buffer)
      gtk_text_buffer_get_bounds(buffer, &start, &end)
      if newText.isEmpty {
        // NB: a user action of one edit is hoisted out of its group, and GTK joins a deletion
        // with the cursor at its end to the user's Backspaces before it; a deletion of the
        // selection it never joins (undo then selects the text it brings back).
        gtk_text_buffer_select_range(buffer, &end, &start)
        gtk_text_buffer_get_bounds(buffer, &start, &end)
      }
      gtk_text_buffer_delete(buffer, &start, &end)
      if !newText.isEmpty {
        gtk_text_buffer_get_start_iter(buffer, &start)
        gtk_text_buffer_insert(buffer, &start, newText, -1)
      }
      gtk_text_buffer_end_user_action(buffer)
    }
    cursorPosition = -1
  }

  /// The buffer's "changed": once per user edit, and once per undo or redo step.
  func connectChanged(_ handler: @escaping VoidHandler) -> SignalConnection {
    changedHandlers += 1
    let id = changedHandlers
    return Signals.connect(UnsafeMutableRawPointer(buffer), "changed") { [weak self] in
      guard let self, replaying > 0 else { return handler() }
      changedAfterReplay[id] = handler
    }
  }
}
