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

do {
  let host = try HostingWindow(title: "GtkBridge focus demo", width: 480, height: 160) {
    ContentView()
  }
  host.present()
  MainLoop.run { host.isClosed }
} catch {
  let message = "\(error)\n"
  _ = message.withCString { write(2, $0, strlen($0)) }
  exit(2)
}
