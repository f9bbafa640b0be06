import GtkBridge

/// A handle on a `GtkTextView`: several lines of editable text, held in a `GtkTextBuffer`.
final class TextView: Widget {
  init() {
    super.init(retaining: gtk_text_view_new())
    gtk_text_view_set_wrap_mode(view, GTK_WRAP_WORD_CHAR)
  }

  /// `GtkTextView` is a public struct in C, so the typed pointer is at hand.
  var view: UnsafeMutablePointer<GtkTextView> { pointer(as: GtkTextView.self) }

  /// Wraps `gtk_text_view_get_buffer`.
  var buffer: UnsafeMutablePointer<GtkTextBuffer> { gtk_text_view_get_buffer(view) }

  /// The whole text. Wraps `gtk_text_buffer_get_text` / `gtk_text_buffer_set_text`.
  var text: String {
    get {
      var start = GtkTextIter()
      var end = GtkTextIter()
      gtk_text_buffer_get_bounds(buffer, &start, &end)
      let characters = gtk_text_buffer_get_text(buffer, &start, &end, 0)!
      defer { g_free(characters) }
      return String(cString: characters)
    }
    set { gtk_text_buffer_set_text(buffer, newValue, -1) }
  }
}

/// A text view bound to a string, written as your own representable (GtkBridge's built-in
/// `TextEditor` does the same). Focus, `.disabled` and styling come from the same modifiers
/// as for the built-in controls.
struct NotesEditor: WidgetRepresentable {
  @Binding var text: String

  @MainActor final class Coordinator {
    var text: Binding<String>
    var changed: SignalConnection?
    init(text: Binding<String>) { self.text = text }
  }

  func makeCoordinator() -> Coordinator { Coordinator(text: $text) }

  func makeWidget(context: Context) -> TextView {
    let view = TextView()
    let coordinator = context.coordinator
    // The signal is the buffer's, not the view's: connect to any GObject.
    coordinator.changed = SignalConnection.connect(view.buffer, "changed") {
      [weak view, weak coordinator] in
      guard let view, let coordinator else { return }
      coordinator.text.setFromWidget(view.text)
    }
    return view
  }

  func updateWidget(_ view: TextView, context: Context) {
    context.coordinator.text = $text
    // Compare first: setting identical text would still move the cursor to the end.
    if view.text != text {
      context.coordinator.changed?.blocked { view.text = text }
    }
  }

  static func dismantleWidget(_ view: TextView, coordinator: Coordinator) {
    coordinator.changed = nil
  }
}
