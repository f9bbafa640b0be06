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
    context.coordinator.update(text: text)
  }

  public static func dismantleWidget(_ editor: TextEditorWidget, coordinator: TextEditorCoordinator)
  {
    coordinator.detach()
  }
}

/// Keeps a ``TextEditorWidget``'s buffer and a `Binding<String>` in sync, both ways, under
/// the text fields' rules (`TextBindingSync`).
@MainActor
public final class TextEditorCoordinator {
  private var sync: TextBindingSync?

  init() {
    LiveObjects.increment(LiveObjects.coordinators)
  }

  isolated deinit {
    LiveObjects.decrement(LiveObjects.coordinators)
  }

  func attach(to editor: TextEditorWidget, binding: Binding<String>) {
    sync = TextBindingSync(widget: editor, binding: binding)
  }

  /// Shows `binding`'s text.
  func update(text binding: Binding<String>) {
    sync?.rebind(binding)
    sync?.apply(binding.wrappedValue)
  }

  func detach() {
    sync?.detach()
  }

  func isShowing(_ text: String) -> Bool { sync?.isShowing(text) == true }
}

extension TextEditor: InputComparable {
  func hasSameInputs(as other: TextEditor) -> Bool {
    text.hasSameSource(as: other.text)
  }

  var hasStableReads: Bool { text.readsAreStable }

  func showsCurrentValues(coordinator: Any) -> Bool {
    (coordinator as? TextEditorCoordinator)?.isShowing(text.wrappedValue) == true
  }

  var elementSource: ElementSource? { text.readsAreStable ? text.elementSource : nil }
}
