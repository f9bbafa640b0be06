// Uses an installed GtkBridge as any app would: two text fields bound to one `@State`, so
// what is typed into the first shows up in the second. Prints both and exits 0 when they
// agree; needs a display (scripts/cmake-check runs it under Xvfb).
import GtkBridge

#if canImport(Glibc)
  import Glibc
#endif

/// The GTK entries the fields create, so the program can type and read them.
@MainActor
final class Entries {
  var input: Entry?
  var mirror: Entry?
}

struct MirrorForm: View {
  let entries: Entries
  @State var name = ""
  @State var isTyping = true
  @State var isMirrorFocused = false

  var body: some View {
    VStack {
      LegacyTextField(text: $name, isFirstResponder: $isTyping) { entries.input = $0 }
      LegacyTextField(text: $name, isFirstResponder: $isMirrorFocused) { entries.mirror = $0 }
    }
  }
}

func fail(_ message: String) -> Never {
  let line = "cmake-consumer: \(message)\n"
  _ = line.withCString { write(2, $0, strlen($0)) }
  exit(1)
}

let typed = "hello from CMake"
let entries = Entries()
do {
  let host = try HostingWindow(title: "cmake-consumer", width: 320, height: 120) {
    MirrorForm(entries: entries)
  }
  host.present()
  guard MainLoop.run(timeout: 5, until: { entries.input?.containsFocus == true }) else {
    fail("the first field did not get the focus it asked for")
  }
  // Text set through GTK emits "changed" as typing does (the simulate* helpers live in the
  // GtkBridgeTesting product, which SwiftPM provides and this install does not).
  entries.input?.text = typed
  MainLoop.drain()
  let input = entries.input?.text ?? "<no entry>"
  let mirror = entries.mirror?.text ?? "<no entry>"
  print("input: \(input)")
  print("mirror: \(mirror)")
  host.close()
  MainLoop.drain()
  guard input == typed, mirror == typed else { fail("expected \"\(typed)\" in both fields") }
} catch {
  fail("\(error)")
}
