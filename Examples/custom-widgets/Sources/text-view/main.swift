// A text view bound to a string, in one `@FocusState` with a built-in text field.
//
//   swift run text-view            # a window
//   swift run text-view --check    # headless self-check (needs a display: xvfb-run)
import GtkBridge
import Observation

#if canImport(Glibc)
  import Glibc
#endif

@MainActor
@Observable
final class Note {
  var title = "Groceries"
  var body = "eggs"
  /// Every value the text view wrote to `body`, to prove there are no echoes.
  @ObservationIgnored var bodyWrites: [String] = []
  var focus: Field?
}

enum Field: Hashable { case title, body }

struct NoteForm: View {
  @Bindable var note: Note

  var body: some View {
    VStack(spacing: 12) {
      TextField("Title", text: $note.title)
        .focused($note.focus, equals: .title)
      NotesEditor(
        text: Binding(
          get: { note.body },
          set: {
            note.bodyWrites.append($0)
            note.body = $0
          })
      )
      .focused($note.focus, equals: .body)
      .frame(height: 120)
      .configure { $0.css("font-family: monospace;") }
    }
    .padding(24)
  }
}

func check(_ condition: Bool, _ message: String) {
  guard !condition else { return }
  let line = "text-view: FAILED: \(message)\n"
  _ = line.withCString { write(2, $0, strlen($0)) }
  exit(1)
}

let note = Note()
let host: HostingWindow<NoteForm>
do {
  host = try HostingWindow(title: "Text view", width: 360, height: 260) { NoteForm(note: note) }
} catch {
  print(error)
  exit(1)
}
host.present()

if CommandLine.arguments.contains("--check") {
  // GTK gave the first field focus on present; the state says so once the loop has run.
  MainLoop.drain()
  check(note.focus == .title, "GTK's initial focus reached the state")
  // Focus by state.
  note.focus = .body
  var view: UnsafeMutablePointer<GtkWidget>?
  check(
    MainLoop.run(timeout: 5) {
      view = gtk_root_get_focus(host.window.opaquePointer)
      return view.map { gtk_widget_get_ancestor($0, gtk_text_view_get_type()) != nil } ?? false
    }, "assigning .body did not focus the text view")
  let textView = UnsafeMutableRawPointer(view!).assumingMemoryBound(to: GtkTextView.self)
  let buffer = gtk_text_view_get_buffer(textView)!
  // The user types at the end: one write of the whole text.
  var end = GtkTextIter()
  gtk_text_buffer_get_end_iter(buffer, &end)
  gtk_text_buffer_place_cursor(buffer, &end)
  gtk_text_buffer_insert_at_cursor(buffer, ", milk", -1)
  MainLoop.drain()
  check(note.body == "eggs, milk", "state follows typing (got \(note.body))")
  check(note.bodyWrites == ["eggs, milk"], "one write per edit (got \(note.bodyWrites))")
  // The app writes state: the view follows, and nothing echoes back.
  note.body = "bread"
  MainLoop.drain()
  check(note.bodyWrites == ["eggs, milk"], "no echo write (got \(note.bodyWrites))")
  // Focus moved by the user (Tab backwards) reaches the state.
  gtk_widget_child_focus(host.window.pointer, GTK_DIR_TAB_BACKWARD)
  MainLoop.drain()
  check(
    note.focus == .title,
    "Shift-Tab moved the focus state to .title (got \(String(describing: note.focus)))")
  print("text-view: OK (two-way text, focus both ways, no echo)")
  host.close()
  MainLoop.drain()
  exit(0)
}
MainLoop.run { host.isClosed }
