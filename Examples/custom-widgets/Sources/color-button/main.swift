// A colour button bound to a `Color` that also styles a text field through `.configure`.
//
//   swift run color-button            # a window
//   swift run color-button --check    # headless self-check (needs a display: xvfb-run)
import GtkBridge
import Observation

#if canImport(Glibc)
  import Glibc
#endif

@MainActor
@Observable
final class Theme {
  var accent = Color.blue
  var sample = "Sample text"
  @ObservationIgnored var accentWrites: [Color] = []
}

struct ThemeForm: View {
  @Bindable var theme: Theme

  var body: some View {
    VStack(spacing: 12) {
      ColorPicker(
        title: "Accent colour",
        selection: Binding(
          get: { theme.accent },
          set: {
            theme.accentWrites.append($0)
            theme.accent = $0
          })
      )
      .accessibilityLabel("Accent colour")
      TextField("Sample", text: $theme.sample)
        .configure { $0.textColor = theme.accent }
    }
    .padding(24)
  }
}

func check(_ condition: Bool, _ message: String) {
  guard !condition else { return }
  let line = "color-button: FAILED: \(message)\n"
  _ = line.withCString { write(2, $0, strlen($0)) }
  exit(1)
}

let theme = Theme()
let host: HostingWindow<ThemeForm>
do {
  host = try HostingWindow(title: "Colour button", width: 320, height: 160) {
    ThemeForm(theme: theme)
  }
} catch {
  print(error)
  exit(1)
}
host.present()

if CommandLine.arguments.contains("--check") {
  MainLoop.drain()
  /// The first widget of `type` under `widget`, depth first.
  func find(_ type: GType, in widget: UnsafeMutablePointer<GtkWidget>)
    -> UnsafeMutablePointer<GtkWidget>?
  {
    if g_type_check_instance_is_a(
      UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), type) != 0
    {
      return widget
    }
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
      if let found = find(type, in: current) { return found }
      child = gtk_widget_get_next_sibling(current)
    }
    return nil
  }
  guard let button = find(gtk_color_button_get_type(), in: host.window.pointer) else {
    check(false, "no GtkColorButton in the window")
    exit(1)
  }
  var rgba = GdkRGBA()
  gtk_color_chooser_get_rgba(OpaquePointer(button), &rgba)
  check(rgba.blue == 1 && rgba.red == 0, "the button shows the state's blue")
  // The user picks red in the chooser: state follows, once.
  var red = GdkRGBA(red: 1, green: 0, blue: 0, alpha: 1)
  gtk_color_chooser_set_rgba(OpaquePointer(button), &red)
  MainLoop.drain()
  check(theme.accent == .red, "state follows the button (got \(theme.accent))")
  check(theme.accentWrites == [.red], "one write (got \(theme.accentWrites))")
  // The app writes state: the button follows without writing back.
  theme.accent = Color(red: 0, green: 0.5, blue: 0)
  MainLoop.drain()
  gtk_color_chooser_get_rgba(OpaquePointer(button), &rgba)
  check(rgba.green == Float(0.5) && rgba.red == 0, "the button follows state")
  check(theme.accentWrites == [.red], "no echo write (got \(theme.accentWrites))")
  print("color-button: OK (two-way Color, no echo)")
  host.close()
  MainLoop.drain()
  exit(0)
}
MainLoop.run { host.isClosed }
