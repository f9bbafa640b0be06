/// A widget whose text `TextBindingSync` keeps in sync: the editable fields (`GtkEntry`,
/// `GtkPasswordEntry`) and the text editor (`GtkTextView`).
@MainActor
protocol SyncedTextWidget: AnyObject {
  var text: String { get }
  /// In characters; `-1` when set puts the cursor at the end.
  var cursorPosition: Int { get set }
  /// The widget's "changed" (once per user edit).
  func connectChanged(_ handler: @escaping VoidHandler) -> SignalConnection
  /// Replaces the text as an app write: the `first` text is not undoable, later ones are one
  /// undo step each (none where GTK keeps no undo, as for a password entry's hidden text).
  /// Returns whether the cursor is known to be at the end of the new text.
  func replaceAppText(with text: String, first: Bool) -> Bool
  /// Takes the user's last edit, which the model refused, out of the text and the undo
  /// history, leaving `before`, the text shown before it. Returns `false` (nothing changed)
  /// where it cannot: the caller shows the model's text as an app write.
  func takeBackRefusedEdit(restoring before: String) -> Bool
}

extension EditableWidget: SyncedTextWidget {
  func replaceAppText(with text: String, first: Bool) -> Bool {
    replaceText(with: text, record: first ? .irreversible : .oneStep)
  }

  func takeBackRefusedEdit(restoring before: String) -> Bool {
    appWrites.takeBackUserEdit(restoring: before)
  }
}

extension TextEditorWidget: SyncedTextWidget {
  func replaceAppText(with text: String, first: Bool) -> Bool {
    replaceText(with: text, irreversible: first)
    return false
  }

  func takeBackRefusedEdit(restoring before: String) -> Bool {
    takeBackUserEdit(restoring: before)
  }
}

/// Keeps a text widget's text and a `Binding<String>` in sync, both ways.
///
/// Widget -> state: each "changed" writes the binding once, only if it differs, and never
/// inside an update pass. State -> widget: ``apply(_:)`` sets the text only when it differs,
/// with the "changed" handler blocked (no echo), as one undo step, and puts the cursor at the
/// end (in a field without focus, when focus arrives). When GTK cannot hold the whole text
/// (max-length, NUL, GtkEntryBuffer's 65,534 characters), the field shows what it can and the
/// binding keeps its value: showing a value never changes it. The user's next edit of that
/// field writes the field's text, as it then reads, to the binding.
@MainActor
final class TextBindingSync: WidgetConfigurationScope {
  // NB: `@exclusivity(unchecked)` on its state, touched on every keystroke (each dynamic
  // check cost about 80 instructions): main-actor state whose every access is instantaneous
  // (see `UpdateScheduler`'s note).
  @exclusivity(unchecked) private(set) var binding: Binding<String>
  @exclusivity(unchecked) private weak var widget: (any SyncedTextWidget)?
  @exclusivity(unchecked) private var changed: SignalConnection?
  /// What the widget holds, as of its last "changed" or GtkBridge's last set: an update
  /// compares with it instead of asking GTK for the text of every row.
  @exclusivity(unchecked) private var shown: String?
  @exclusivity(unchecked) private var hasApplied = false
  /// The user's last edit and the flush count when it was made: a text the app writes in
  /// answer to it (a setter or an `onChange` that uppercases, cuts, filters), in the update
  /// passes it caused, keeps the cursor by the edit instead of putting it at the end.
  @exclusivity(unchecked) private var edit: (text: String, flush: Int)?
  /// What the widget showed before the user's last edit: a model that refuses the edit (keeps
  /// this text) has the edit taken back out of the undo history.
  @exclusivity(unchecked) private var beforeEdit: String?
  /// The model's text the field was last asked to show and could not hold whole (`shown` is
  /// what it holds of it): asking again changes nothing. Cleared by the user's edit.
  @exclusivity(unchecked) private var cut: String?

  init(widget: any SyncedTextWidget, binding: Binding<String>) {
    self.widget = widget
    self.binding = binding
    changed = widget.connectChanged { [sync = Weak(self)] in sync.object?.widgetChanged() }
    (widget as? Widget)?.configurationScope = self
  }

  /// Takes `newBinding` for the next writes and reads (the view updated).
  ///
  /// Another identified storage (a detail view showing another record): its text is a
  /// first text, so undo never writes one record's text, or the user's typing in it, into
  /// another. A binding GtkBridge cannot identify is taken as the same storage.
  func rebind(_ newBinding: Binding<String>) {
    // NB: compared in place, not in a `didSet` (its `oldValue` copies cost about 2,000
    // instructions on every update of every field).
    if !newBinding.hasSameSource(as: binding), binding.sourceID != nil, newBinding.sourceID != nil {
      hasApplied = false
    }
    binding = newBinding
  }

  // NB: isolated, so the "changed" connection is disconnected on the main thread.
  isolated deinit {}

  func detach() {
    changed = nil
  }

  private func widgetChanged() {
    guard let widget else { return }
    let text = widget.text
    // NB: a "changed" that changed nothing is no edit (GtkText emits one for each undo token
    // GtkBridge records): it must not write a field's cut text over its model's whole text.
    if cut != nil, text == shown { return }
    beforeEdit = shown
    shown = text
    cut = nil
    edit = (text, UpdateScheduler.shared.settledFlushes)
    UpdateScheduler.shared.awaitSettling()
    write(text)
  }

  func isShowing(_ text: String) -> Bool { shown == text }

  /// Runs `body`, the app configuring the widget (a lower `maxLength`), without taking what
  /// GTK then does to the text as the user's edit: text GTK cuts is shown cut and the model
  /// keeps its whole text until the user edits, as for text too long to show.
  func configuring(_ body: () -> Void) {
    guard let widget, changed != nil else { return body() }
    changed?.blocked(body)
    let held = widget.text
    guard let before = shown, held != before else { return }
    if cut == nil { cut = before }
    shown = held
  }

  /// Makes the widget show `newText`, if it does not already.
  ///
  /// The first text a field shows is not undoable (undo never empties a prefilled field);
  /// later app writes are one undo step each (see `EditableWidget+Undo.swift` for fields,
  /// `TextEditorWidget` for the text editor).
  func apply(_ newText: String) {
    let first = !hasApplied
    hasApplied = true
    guard let widget, shown != newText, cut != newText else { return }
    cut = nil
    if shown == nil, widget.text == newText {
      shown = newText
      return
    }
    var cursor: Int?
    if let edit, shown == edit.text, edit.flush == UpdateScheduler.shared.settledFlushes {
      cursor = Self.cursor(widget.cursorPosition, in: edit.text, keeping: newText)
    }
    edit = nil
    var cursorAtEnd = false
    changed?.blocked {
      // NB: a UTF-8 byte scan, not `contains("\0")`, which walks grapheme clusters.
      let text = newText.utf8.contains(0) ? newText.filter { $0 != "\0" } : newText
      cursorAtEnd = widget.replaceAppText(with: text, first: first)
    }
    if let cursor {
      widget.cursorPosition = cursor
    } else if !cursorAtEnd {
      widget.cursorPosition = -1
    }
    let held = widget.text
    shown = held
    if held != newText {
      // Display never writes back: the model keeps the whole text (SwiftUI's rule: a field
      // changes its model only when the user edits it).
      cut = newText
      if held.unicodeScalars.count < newText.unicodeScalars.count, !newText.contains("\0") {
        Log.warning(
          "text of \(newText.unicodeScalars.count) characters shown cut to "
            + "\(held.unicodeScalars.count) by GTK (max-length, or GtkEntryBuffer's limit of "
            + "65,534 characters); the binding keeps the whole text until the user edits the field")
      }
    }
  }

  /// The binding is captured now: the write must land even if the widget goes first.
  ///
  /// NB: the control bound to the binding hears of the write as of any other and compares
  /// it with what it shows (`shown`, the text just typed): the user's own edit is no echo.
  private func write(_ text: String) {
    // NB: written in place when no update pass runs (a keystroke's usual case): the escaping
    // closure below costs an allocation and a copy of the binding.
    guard UpdateScheduler.shared.isUpdating else { return write(text, to: binding) }
    let binding = binding
    UpdateScheduler.shared.performOutsideUpdate { [weak self] in
      guard let self else { return binding.setIfChanged(text) }
      self.write(text, to: binding)
    }
  }

  private func write(_ text: String, to binding: Binding<String>) {
    binding.setIfChanged(text)
    // NB: a setter may keep something else (digits only, a clamp) and, when that equals
    // what it held, tell no one: the field would show text the model does not hold.
    guard binding.wrappedValue != text else { return }
    UpdateScheduler.shared.enqueueAfterPass { [weak self] in self?.showModelText(replacing: text) }
  }

  /// Shows what the model kept of the user's edit `typed` (when the model told no one).
  private func showModelText(replacing typed: String) {
    guard let widget, widget.text == typed else { return }
    let kept = binding.wrappedValue
    if let before = beforeEdit, kept == before, hasApplied, cut == nil {
      // The model refused the edit outright: take it back, history included.
      let cursor = Self.cursor(widget.cursorPosition, in: typed, keeping: before)
      var takenBack = false
      changed?.blocked { takenBack = widget.takeBackRefusedEdit(restoring: before) }
      if takenBack {
        shown = before
        edit = nil
        beforeEdit = nil
        widget.cursorPosition = cursor
        return
      }
    }
    apply(kept)
  }

  /// Where the cursor goes when the model keeps `kept` of the user's edit `typed`, the cursor
  /// at `cursor` in it (in characters): after the text before it, if the model kept that
  /// ("abc|" cut to "ab": at the end), else before the text after it ("AB x|CD" uppercased:
  /// after the "X"; "12x|3" as digits: after the "2"), else where it was.
  static func cursor(_ cursor: Int, in typed: String, keeping kept: String) -> Int {
    // NB: unicode scalars: GTK's positions count characters, not grapheme clusters.
    let typed = Array(typed.unicodeScalars)
    let kept = Array(kept.unicodeScalars)
    let cursor = min(max(cursor, 0), typed.count)
    let common = min(typed.count, kept.count)
    var prefix = 0
    while prefix < common, typed[prefix] == kept[prefix] { prefix += 1 }
    if cursor <= prefix { return cursor }
    var suffix = 0
    while suffix < common, typed[typed.count - 1 - suffix] == kept[kept.count - 1 - suffix] {
      suffix += 1
    }
    let after = typed.count - cursor
    if after <= suffix { return kept.count - after }
    return min(cursor, kept.count)
  }
}
