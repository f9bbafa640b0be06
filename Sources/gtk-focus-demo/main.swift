import GtkBridge

#if canImport(Glibc)
  import Glibc
#endif

/// The seed's example, as it reads with GtkBridge: two states, one text field, styled by
/// its configuration closure. Initial focus is requested by state; no delay.
struct ContentView: View {
  @State var text = ""
  @State var isFirstResponder = true

  var body: some View {
    VStack(spacing: 12) {
      LegacyTextField(text: $text, isFirstResponder: $isFirstResponder) {
        $0.placeholderText = "Type here"
        $0.textColor = .red
        $0.caretColor = .blue
      }
    }
  }
}

func fail(_ message: String) -> Never {
  let line = message + "\n"
  _ = line.withCString { write(2, $0, strlen($0)) }
  exit(2)
}

let arguments = Array(CommandLine.arguments.dropFirst())
var screenshotDirectory: String?
if let index = arguments.firstIndex(of: "--screenshot") {
  guard index + 1 < arguments.count else { fail("usage: gtk-focus-demo [--screenshot DIR]") }
  screenshotDirectory = arguments[index + 1]
}

do {
  let host = try HostingWindow(title: "GtkBridge focus demo", width: 480, height: 160) {
    ContentView()
  }
  host.present()
  if let directory = screenshotDirectory {
    let path = directory + "/01-initial-focus.png"
    guard saveScreenshot(to: path) else { fail("could not save \(path)") }
    print("\(path): the seed's field, focused on the first frame, red text and blue caret")
    host.close()
  } else {
    MainLoop.run { host.isClosed }
  }
} catch {
  fail("\(error)")
}
