import GtkBridge

#if canImport(Glibc)
  import Glibc
#endif

struct ExpensesApp: App {
  @StateObject private var store = ExpenseStore()
  @State private var budget = Budget()

  var body: some Scene {
    WindowGroup("Expenses") {
      ContentView()
        .environmentObject(store)
        .environment(budget)
    }
  }
}

/// `--check`: builds the window headlessly and checks what it shows, then exits (with
/// `--screenshot file.png`, saving the window there first); otherwise runs the app.
@main
enum Main {
  static func main() {
    guard CommandLine.arguments.contains("--check") else {
      ExpensesApp.main()
      return
    }
    MainActor.assumeIsolated { check() }
  }

  @MainActor
  static func check() {
    let store = ExpenseStore()
    let budget = Budget()
    let host: HostingWindow<AnyView>
    do {
      host = try HostingWindow(title: "Expenses", width: 480, height: 400) {
        AnyView(ContentView().environmentObject(store).environment(budget))
      }
    } catch {
      fail("no window: \(error)")
    }
    host.present()
    MainLoop.drain()
    let texts = labels(in: host.window.pointer)
    guard texts.contains("Rent"), texts.contains("Groceries") else {
      fail("the list shows \(texts)")
    }
    guard texts.contains(where: { $0.hasPrefix("Total 1070") }) else {
      fail("no total in \(texts)")
    }
    guard Color("BudgetGreen") != .clear else { fail("the asset catalogue was not found") }
    if let index = CommandLine.arguments.firstIndex(of: "--screenshot"),
      index + 1 < CommandLine.arguments.count
    {
      MainLoop.wait(seconds: 0.5)
      screenshot(host.window.pointer, to: CommandLine.arguments[index + 1])
    }
    print("expenses-app: OK")
    exit(0)
  }

  /// Saves `widget` as GTK draws it to a PNG file at `path`.
  static func screenshot(_ widget: UnsafeMutablePointer<GtkWidget>, to path: String) {
    let paintable = gtk_widget_paintable_new(widget)!
    defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
    let snapshot = gtk_snapshot_new()!
    gdk_paintable_snapshot(
      paintable, snapshot, Double(gtk_widget_get_width(widget)),
      Double(gtk_widget_get_height(widget)))
    guard let node = gtk_snapshot_free_to_node(snapshot) else { return }
    defer { gsk_render_node_unref(node) }
    let renderer = gtk_native_get_renderer(gtk_widget_get_native(widget))
    let texture = gsk_renderer_render_texture(renderer, node, nil)!
    defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
    _ = gdk_texture_save_to_png(texture, path)
  }

  /// The texts of the labels under `widget`, in tree order.
  static func labels(in widget: UnsafeMutablePointer<GtkWidget>) -> [String] {
    var texts: [String] = []
    if g_type_check_instance_is_a(
      UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self),
      gtk_label_get_type()) != 0
    {
      texts.append(String(cString: gtk_label_get_text(OpaquePointer(widget))))
    }
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
      texts += labels(in: current)
      child = gtk_widget_get_next_sibling(current)
    }
    return texts
  }

  static func fail(_ message: String) -> Never {
    let line = "expenses-app: FAILED: \(message)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(1)
  }
}
