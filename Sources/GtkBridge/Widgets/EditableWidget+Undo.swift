import CGtk

// GTK 4.8's GtkText records every buffer insertion and deletion as its own undo step and has
// no way to group them (no user actions, unlike GtkTextBuffer): a write that replaces text is
// two steps, so undo after "hello" -> "Hello" went "Hello" -> "ello" -> "hello", and after
// "abc" -> "xyz" through "". An insertion is not safe either: GtkText joins it to the user's
// typing that ends where it starts ("hello" typed, "hellox" written: one step back to "").
//
// So an app write enters the history as one token step that GtkBridge carries out itself
// (measured on GTK 4.8.3, and read in gtktext.c and gtktexthistory.c):
// - `gtk_entry_buffer_emit_inserted_text` with a position no text reaches records a one-
//   character insertion there; nothing else reacts to it but GtkText's "changed".
// - Undo and redo replay a step through `gtk_editable_delete_text` / `gtk_editable_insert_text`
//   on the GtkText, so the token comes back as a "delete-text" or "insert-text" at that
//   position: the handler stops it and shows the text before or after the write instead.
// - What changes while GtkText replays a step is not recorded; setting the "text" property
//   then replaces the text with one "changed" (its irreversible action is ignored too).
// - A write is recorded by emitting its token, then undoing it (nothing to do) and redoing it
//   (the real change, unrecorded): the history ends with exactly one step for the write.
// With undo off (a password entry's hidden text, `enable-undo` FALSE; see
// `GTKVersion.undoIsOff`) nothing is recorded and the write is made directly.
extension EditableWidget {
  /// How an app's text change enters the field's undo history.
  enum UndoRecord {
    /// One undo step: undo returns exactly to the previous text and redo to this one, with
    /// the cursor at the end; the user's typing before and after keeps GTK's own steps.
    case oneStep
    /// Not undoable: the history starts from the new text (a field's initial text).
    case irreversible
  }

  /// Replaces the text with `newText`, recording it as `record` says. Emits "changed" twice
  /// for a recorded write (once for its token, with the text unchanged), otherwise once or
  /// twice. Wraps `gtk_editable_set_text` and the GTK calls above.
  ///
  /// Returns whether the cursor needs no placing by the caller: GTK has put it at the end of
  /// the new text (a recorded write does), or it goes there when the field takes focus (a
  /// deferred one, see `AppWriteUndo.deferRecording`).
  @discardableResult
  func replaceText(with newText: String, record: UndoRecord) -> Bool {
    let old = text
    guard old != newText else { return false }
    switch record {
    case .oneStep:
      if appWrites.deferRecording(newText, replacing: old) { return true }
      if appWrites.record(newText, replacing: old) { return true }
      appWrites.changing { edit(to: newText) }
    case .irreversible:
      let undo = gtk_editable_get_enable_undo(editable)
      gtk_editable_set_enable_undo(editable, 0)
      appWrites.changing { text = newText }
      gtk_editable_set_enable_undo(editable, undo)
      appWrites.historyCleared()
    }
    return false
  }

  /// Changes only the part of the text that differs; GtkText records it as it records any
  /// edit (nothing, where undo is off or GTK is replaying a step). Wraps
  /// `gtk_editable_delete_text` and `gtk_editable_insert_text`.
  private func edit(to newText: String) {
    let old = Array(text.unicodeScalars)
    let new = Array(newText.unicodeScalars)
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    if old.count - suffix > prefix {
      gtk_editable_delete_text(editable, gint(prefix), gint(old.count - suffix))
    }
    if new.count - suffix > prefix {
      var inserted = String.UnicodeScalarView()
      inserted.append(contentsOf: new[prefix..<(new.count - suffix)])
      var position = gint(prefix)
      gtk_editable_insert_text(editable, String(inserted), -1, &position)
    }
  }
}

/// App writes to one field, each recorded as a single step of the inner GtkText's own undo
/// history (see the comment at the top of this file).
@MainActor
final class AppWriteUndo {
  /// Where tokens go: past any text (GtkEntryBuffer holds at most 65,535 characters), and
  /// two apart, so that no token ends where another starts (GtkText would join the two).
  private static let base = 0x4000_0000
  /// GtkText keeps the last 200 steps (GTK 4.8); older writes can no longer come back.
  private static let kept = 200
  /// Token slots before positions wrap around (far more than `kept`).
  private static let slots = base / 4

  private struct Write {
    let before: String
    var after: String
  }

  /// The last writes by id, in a ring of slots tagged with their write's id: a slot holding
  /// another id holds a write too old for GtkText to bring back. (A dictionary, with a
  /// removal per write, cost about 700 instructions a write.)
  ///
  /// The ring grows with the ids written (they count up from 0), to 256 slots at most: a
  /// field the app writes twice keeps two.
  private struct WriteLog {
    private var slots: [(id: Int, write: Write)?] = []

    subscript(id: Int) -> Write? {
      get {
        guard !slots.isEmpty, let entry = slots[id & (slots.count - 1)], entry.id == id else {
          return nil
        }
        return entry.write
      }
      set {
        if id >= slots.count, slots.count < 256 { grow(toHold: id) }
        slots[id & (slots.count - 1)] = newValue.map { (id, $0) }
      }
    }

    private mutating func grow(toHold id: Int) {
      var count = max(slots.count, 4)
      while count <= id, count < 256 { count *= 2 }
      var grown = [(id: Int, write: Write)?](repeating: nil, count: count)
      for case let entry? in slots { grown[entry.id & (count - 1)] = entry }
      slots = grown
    }
  }

  private let text: UnsafeMutablePointer<GtkWidget>
  private var writes = WriteLog()
  private var nextID = 0
  /// The write being recorded: undoing its token changes nothing, redoing it makes the write.
  private var recording: Int?
  private var recorded = false
  private var insertion: SignalConnection?
  private var deletion: SignalConnection?

  // The history of a field the user has not edited, while it cannot be undone (see
  // `deferRecording`).
  /// Whether GtkText's history holds nothing but this field's app writes: the user has not
  /// edited the field since its history was last cleared.
  private var historyIsOurs = true
  /// The writes in GtkText's undo queue, oldest first (while `historyIsOurs`).
  private var undoable: [Int] = []
  /// The writes in its redo queue, the next to redo last.
  private var redoable: [Int] = []
  /// GtkText's history lacks `undoable`: it is rebuilt when the field takes focus.
  private var deferred = false
  /// Tokens being recorded again for `undoable`: the text already shows the last write.
  private var rebuilding = false
  /// GtkBridge is changing the text: its edits are not the user's.
  private var changingText = false
  /// Whether the two handlers are blocked (see `updateHandlerBlocking()`).
  private var handlersBlocked = false
  /// The fields whose history waits for focus, by their GtkText.
  private static var waitingForFocus: [UnsafeMutableRawPointer: Weak] = [:]

  private struct Weak {
    weak var undo: AppWriteUndo?
  }

  // NB: isolated, so the connections are disconnected on the main thread (and the list of
  // fields waiting for focus does not keep a gone one's entry).
  isolated deinit {
    if deferred { Self.waitingForFocus[UnsafeMutableRawPointer(text)] = nil }
  }

  /// Watches `text`, a field's inner GtkText. Created with the field, so that these handlers
  /// run before any connected later (GTK's accessibility), which then never see a token.
  init(text: UnsafeMutablePointer<GtkWidget>) {
    self.text = text
    let raw = UnsafeMutableRawPointer(text)
    insertion = SignalConnection(
      instance: raw,
      id: cgtk_connect_insert_text(
        raw, callEditHandler,
        SignalContext<EditHandler> { [weak self] in self?.tokenInserted(at: $0) ?? false }
          .retainedPointer, releaseContext))
    deletion = SignalConnection(
      instance: raw,
      id: cgtk_connect_delete_text(
        raw, callEditHandler,
        SignalContext<EditHandler> { [weak self] in self?.tokenDeleted(at: $0) ?? false }
          .retainedPointer, releaseContext))
  }

  private var editable: OpaquePointer { OpaquePointer(text) }

  private var current: String { String(cString: gtk_editable_get_text(editable)) }

  /// The field's inner GtkText.
  var textWidget: UnsafeMutablePointer<GtkWidget> { text }

  /// The text GtkText holds now.
  var currentText: String { current }

  /// Makes the text `newText`, replacing `old` (what it is now), as one undo step. Returns `false`, changing nothing, when GTK
  /// records nothing now (undo off, or GTK replaying a step): the caller edits directly.
  /// Wraps `gtk_entry_buffer_emit_inserted_text` and GtkText's "text.undo" / "text.redo".
  func record(_ newText: String, replacing old: String) -> Bool {
    guard !GTKVersion.undoIsOff(editable) else { return false }
    setHandlersBlocked(false)
    defer { updateHandlerBlocking() }
    let id = nextID % Self.slots
    nextID += 1
    writes[id] = Write(before: old, after: newText)
    recording = id
    recorded = false
    defer { recording = nil }
    let buffer = gtk_text_get_buffer(text.cast(to: GtkText.self))
    gtk_entry_buffer_emit_inserted_text(buffer, guint(Self.base + 2 * id), "\u{FFFC}", 1)
    _ = gtk_widget_activate_action_variant(text, "text.undo", nil)
    _ = gtk_widget_activate_action_variant(text, "text.redo", nil)
    // NB: a token GTK holds but did not redo now (its actions disabled) must change nothing.
    if !recorded { writes[id] = nil }
    if recorded { noteRecorded(id) }
    return recorded
  }

  private func noteRecorded(_ id: Int) {
    undoable.append(id)
    // NB: trimmed to the last `kept` now and then, not on every write (a shift of the array).
    if undoable.count > 2 * Self.kept { undoable.removeFirst(undoable.count - Self.kept) }
    redoable = []
  }

  /// Runs `body`, which changes the text for the app, not for the user.
  func changing(_ body: () -> Void) {
    let outer = changingText
    changingText = true
    body()
    changingText = outer
  }

  /// GtkText's history was cleared (an irreversible write): it holds nothing now.
  func historyCleared() {
    historyIsOurs = true
    undoable = []
    redoable = []
    stopWaiting()
    updateHandlerBlocking()
  }

  /// Blocks the "insert-text" and "delete-text" handlers while they have nothing to catch:
  /// the user has edited the field (so no edit of theirs changes anything here) and GtkText's
  /// history holds no token (no write recorded since it was last cleared) and none waits for
  /// focus. That is every field the user types in and the app does not write: GLib then skips
  /// the two handlers on each keystroke (about 1,300 instructions). Blocked, a handler keeps
  /// its place before those connected later.
  private func updateHandlerBlocking() {
    setHandlersBlocked(
      !historyIsOurs && !deferred && undoable.isEmpty && redoable.isEmpty && recording == nil)
  }

  private func setHandlersBlocked(_ blocked: Bool) {
    guard blocked != handlersBlocked else { return }
    handlersBlocked = blocked
    insertion?.setBlocked(blocked)
    deletion?.setBlocked(blocked)
  }

  // MARK: - Deferred recording

  /// Makes the text `newText` without recording it now, when the field cannot be undone
  /// before it takes focus and its history holds only app writes; `false` (nothing done)
  /// otherwise.
  ///
  /// Recording costs about 31,000 instructions and 10 GTK calls per write (the token, undo
  /// and redo) on top of setting the text: an app that fills a form of fields the user is
  /// not in paid that for every field. So does placing the cursor at the end (about 16,000
  /// instructions): an unfocused field shows no cursor, and shows the start of a text too
  /// long for it, as a macOS field does; the cursor goes to the end when focus arrives,
  /// before GTK selects the text (Tab) or places the cursor (a click). Undo reaches a field
  /// only through focus (its keys, its menu, the Edit commands all act on the focused
  /// field), so the writes are kept here and the history is rebuilt, token by token, when
  /// the field takes focus: from there on it is the same history recording each write would
  /// have made.
  /// Setting the "text" property clears GtkText's history meanwhile, which held only
  /// these writes' tokens.
  func deferRecording(_ newText: String, replacing old: String) -> Bool {
    guard historyIsOurs, !GTKVersion.undoIsOff(editable),
      let root = gtk_widget_get_root(text),
      gtk_root_get_focus(root) != text,
      !isInPasswordEntry
    else { return false }
    // NB: the window's coordinator tells when focus arrives (`focusArrived(at:)`), and where
    // the user is: an open menu holds GTK's focus but moves none (as on macOS), and its
    // Edit > Undo acts on the field it was opened over, before focus comes back there.
    guard FocusCoordinator.coordinator(for: root).focusWidget != text else { return false }
    let id = nextID % Self.slots
    nextID += 1
    changing { show(newText) }
    writes[id] = Write(before: old, after: current)
    noteRecorded(id)
    if !deferred {
      deferred = true
      Self.waitingForFocus[UnsafeMutableRawPointer(text)] = Weak(undo: self)
    }
    return true
  }

  /// A GtkPasswordEntry's text turns its history off and on with its visibility, which
  /// clears it where GtkBridge would not see.
  private lazy var isInPasswordEntry: Bool = {
    guard let parent = gtk_widget_get_parent(text) else { return false }
    return g_type_check_instance_is_a(
      UnsafeMutablePointer(OpaquePointer(parent)), gtk_password_entry_get_type()) != 0
  }()

  /// The window's focus moved to `widget`: a field whose history waits for focus rebuilds it.
  static func focusArrived(at widget: UnsafeMutablePointer<GtkWidget>) {
    guard !waitingForFocus.isEmpty else { return }
    let key = UnsafeMutableRawPointer(widget)
    guard let entry = waitingForFocus[key] else { return }
    guard let undo = entry.undo else {
      waitingForFocus[key] = nil
      return
    }
    // NB: GTK's own selection on focus comes after this (see `deferRecording`).
    gtk_editable_set_position(undo.editable, -1)
    undo.rebuildHistory()
  }

  private func stopWaiting() {
    guard deferred else { return }
    deferred = false
    let key = UnsafeMutableRawPointer(text)
    if Self.waitingForFocus[key]?.undo === self { Self.waitingForFocus[key] = nil }
  }

  /// Records a token for every write in `undoable`, oldest first, leaving the text, cursor
  /// and selection as they are.
  private func rebuildHistory() {
    stopWaiting()
    guard historyIsOurs, !GTKVersion.undoIsOff(editable) else { return }
    var start: gint = 0
    var end: gint = 0
    _ = gtk_editable_get_selection_bounds(editable, &start, &end)
    let cursor = gtk_editable_get_position(editable)
    let buffer = gtk_text_get_buffer(text.cast(to: GtkText.self))
    rebuilding = true
    for id in undoable.suffix(Self.kept) {
      gtk_entry_buffer_emit_inserted_text(buffer, guint(Self.base + 2 * id), "\u{FFFC}", 1)
      _ = gtk_widget_activate_action_variant(text, "text.undo", nil)
      _ = gtk_widget_activate_action_variant(text, "text.redo", nil)
    }
    rebuilding = false
    // NB: GTK's replay put the cursor at the end; the focus GTK just gave selected text or
    // placed the cursor.
    if cursor == start {
      gtk_editable_select_region(editable, end, start)
    } else {
      gtk_editable_select_region(editable, start, end)
    }
  }

  /// The write whose token is at `position`, if it is one.
  private func write(at position: Int) -> Int? {
    position >= Self.base ? (position - Self.base) / 2 : nil
  }

  /// An edit GtkBridge is not making is about to be recorded by GtkText as the user's.
  ///
  /// NB: a user edit does not always come with focus (a drop of text on the field, an
  /// accessibility tool): writes still waiting for focus enter the history first, under the
  /// edit, as recording them at once put them.
  private func userEdits() {
    guard !changingText else { return }
    if deferred { rebuildHistory() }
    historyIsOurs = false
    updateHandlerBlocking()
  }

  /// GTK undoes a token: the text goes back to what it was before that write.
  private func tokenDeleted(at position: Int) -> Bool {
    guard let id = write(at: position) else {
      userEdits()
      return false
    }
    guard id != recording, !rebuilding else { return true }
    if undoable.last == id {
      undoable.removeLast()
      redoable.append(id)
    }
    if let write = writes[id] { changing { show(write.before) } }
    return true
  }

  /// GTK redoes a token: the text becomes what that write made it.
  private func tokenInserted(at position: Int) -> Bool {
    guard let id = write(at: position) else {
      userEdits()
      return false
    }
    guard !rebuilding else { return true }
    if id != recording, redoable.last == id {
      redoable.removeLast()
      undoable.append(id)
    }
    guard let write = writes[id] else { return true }
    changing { show(write.after) }
    if id == recording {
      recorded = true
      // NB: GTK may hold less than was written (max-length); redo must bring back the same.
      writes[id]?.after = current
    }
    return true
  }

  /// Replaces the whole text with one "changed". Wraps `g_object_set_property` ("text",
  /// GtkText's own set_text).
  ///
  /// NB: no cursor placement here: right after this handler returns, GTK's replay selects the
  /// token's position, which lies past any text, so GTK clamps it and the cursor ends at the
  /// end of the text (gtktexthistory.c, `gtk_text_history_apply` / `_reverse`). Placing it
  /// here as well cost about 14,600 instructions per write.
  private func show(_ newText: String) {
    var value = GValue()
    g_value_init(&value, Self.stringType)
    g_value_set_string(&value, newText)
    g_object_set_property(text.cast(to: GObject.self), "text", &value)
    g_value_unset(&value)
  }

  private static let stringType = g_type_from_name("gchararray")
}

private typealias EditHandler = @MainActor (Int) -> Bool

private let callEditHandler: cgtk_edit_callback = { pointer, position in
  let context = SignalContext<EditHandler>.from(pointer)
  return assumeMainActor { context.handler(Int(position)) } ? 1 : 0
}
