import CGtk

/// Several lines of editable text in a word-wrapped `GtkTextView` inside a
/// `GtkScrolledWindow`: SwiftUI's `TextEditor`.
///
/// Text sync follows ``TextField``'s rules: the user's edits write the binding once per
/// change, an app change replaces the text only when it differs (no echo, one undo step,
/// cursor at the end), the first text is not undoable, and a binding that keeps something
/// else than was typed is shown what it kept. Focus comes from `.focused`; Return inserts a
/// new line and does not run `.onSubmit`, as in SwiftUI.
///
/// ```swift
/// TextEditor(text: $notes)
///   .focused($focusedField, equals: .notes)
/// ```
public struct TextEditor: WidgetRepresentable {
  let text: Binding<String>

  public init(text: Binding<String>) {
    self.text = text
  }

  public func makeCoordinator() -> TextEditorCoordinator { TextEditorCoordinator() }

  public func makeWidget(context: Context) -> TextEditorWidget {
    let editor = TextEditorWidget()
    context.coordinator.attach(to: editor, binding: text)
    return editor
  }

  public func updateWidget(_ editor: TextEditorWidget, context: Context) {
    context.coordinator.binding = text
    context.coordinator.apply(text.wrappedValue)
  }

  public static func dismantleWidget(_ editor: TextEditorWidget, coordinator: TextEditorCoordinator)
  {
    coordinator.detach()
  }
}

/// Keeps a ``TextEditorWidget``'s buffer and a `Binding<String>` in sync, both ways.
@MainActor
public final class TextEditorCoordinator {
  var binding: Binding<String> = .constant("")
  private weak var editor: TextEditorWidget?
  private var changed: SignalConnection?
  /// What the buffer holds, as of its last "changed" or GtkBridge's last set.
  private var shown: String?
  private var hasApplied = false

  init() {
    LiveObjects.increment(LiveObjects.coordinators)
  }

  isolated deinit {
    LiveObjects.decrement(LiveObjects.coordinators)
  }

  func attach(to editor: TextEditorWidget, binding: Binding<String>) {
    self.editor = editor
    self.binding = binding
    changed = editor.connectChanged { [weak self] in self?.bufferChanged() }
  }

  func detach() {
    changed = nil
  }

  func isShowing(_ text: String) -> Bool { shown == text }

  private func bufferChanged() {
    guard let editor else { return }
    let text = editor.text
    shown = text
    write(text)
  }

  /// Makes the buffer show `newText`, if it does not already: the first text irreversibly,
  /// later ones as one undo step each, with the cursor at the end.
  func apply(_ newText: String) {
    let first = !hasApplied
    hasApplied = true
    guard let editor, shown != newText else { return }
    if shown == nil, editor.text == newText {
      shown = newText
      return
    }
    // NB: a C string ends at NUL; a UTF-8 scan, not `contains("\0")` (grapheme walk).
    let text = newText.utf8.contains(0) ? newText.filter { $0 != "\0" } : newText
    changed?.blocked { editor.replaceText(with: text, irreversible: first) }
    let held = editor.text
    shown = held
    if held != newText { write(held) }
  }

  /// The binding is captured now: the write must land even if the editor goes first.
  private func write(_ text: String) {
    let binding = binding
    UpdateScheduler.shared.performOutsideUpdate { [weak self] in
      binding.setIfChanged(text)
      // NB: a setter may keep something else; show what the model holds.
      guard binding.wrappedValue != text else { return }
      UpdateScheduler.shared.enqueueAfterPass { self?.showModelText(replacing: text) }
    }
  }

  /// Shows what the model kept of the user's edit `typed`, with the cursor where it was less
  /// what the model dropped.
  private func showModelText(replacing typed: String) {
    guard let editor, editor.text == typed else { return }
    let kept = binding.wrappedValue
    let cursor = editor.cursorPosition - (typed.count - kept.count)
    apply(kept)
    editor.cursorPosition = min(max(cursor, 0), kept.count)
  }
}

extension TextEditor: InputComparable {
  func hasSameInputs(as other: TextEditor) -> Bool {
    text.hasSameSource(as: other.text)
  }

  var hasStableReads: Bool { text.readsAreStable }

  func showsCurrentValues(coordinator: Any) -> Bool {
    (coordinator as? TextEditorCoordinator)?.isShowing(text.wrappedValue) == true
  }
}
