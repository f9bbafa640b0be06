// A spin button bound to a number, next to a built-in text field, both in one focus state.
//
//   swift run spin-button            # a window
//   swift run spin-button --check    # headless self-check (needs a display: xvfb-run)
import GtkBridge
import Observation

#if canImport(Glibc)
  import Glibc
#endif

@MainActor
@Observable
final class Order {
  var quantity = 3.0
  var note = ""
  var submitted = 0
  var locked = false
}

enum Field: Hashable { case quantity, note }

struct OrderForm: View {
  @Bindable var order: Order
  @FocusState var focus: Field?

  var body: some View {
    VStack(spacing: 12) {
      NumberField(value: $order.quantity, range: 1...10)
        .focused($focus, equals: .quantity)
        .disabled(order.locked)
        .configure { $0.css("font-weight: bold;") }
      TextField("Note", text: $order.note)
        .focused($focus, equals: .note)
      Text("\(Int(order.quantity)) in the basket")
    }
    .onSubmit { order.submitted += 1 }
    .defaultFocus($focus, .quantity)
    .padding(24)
  }
}

func check(_ condition: Bool, _ message: String) {
  guard !condition else { return }
  let line = "spin-button: FAILED: \(message)\n"
  _ = line.withCString { write(2, $0, strlen($0)) }
  exit(1)
}

let order = Order()
let host: HostingWindow<OrderForm>
do {
  host = try HostingWindow(title: "Spin button", width: 320, height: 200) {
    OrderForm(order: order)
  }
} catch {
  print(error)
  exit(1)
}
host.present()

if CommandLine.arguments.contains("--check") {
  // Find the spin button GtkBridge made: the window's focus is inside it (defaultFocus).
  var spin: UnsafeMutablePointer<GtkWidget>?
  check(
    MainLoop.run(timeout: 5) {
      spin = gtk_root_get_focus(host.window.opaquePointer).flatMap {
        gtk_widget_get_ancestor($0, gtk_spin_button_get_type())
      }
      return spin != nil
    }, "focus did not land in the spin button (.defaultFocus)")
  let spinButton = OpaquePointer(spin!)
  check(gtk_spin_button_get_value(spinButton) == 3, "the widget shows the state's 3")
  // The user presses +: state follows, once.
  gtk_spin_button_spin(spinButton, GTK_SPIN_STEP_FORWARD, 1)
  MainLoop.drain()
  check(order.quantity == 4, "state follows the widget (got \(order.quantity))")
  // The app writes state: the widget follows, and range clamping is GTK's.
  order.quantity = 9
  MainLoop.drain()
  check(gtk_spin_button_get_value(spinButton) == 9, "the widget follows state")
  // Return in the spin button runs .onSubmit.
  let text = Widget(retaining: UnsafeMutableRawPointer(gtk_editable_get_delegate(spinButton)!))
  text.emit("activate")  // what GTK's Return key binding emits
  MainLoop.drain()
  check(order.submitted == 1, ".onSubmit ran on Return (\(order.submitted))")
  // .disabled reaches the custom widget as it reaches built-in ones; focus leaves it.
  order.locked = true
  MainLoop.drain()
  check(gtk_widget_get_sensitive(spin!) == 0, ".disabled made the spin button insensitive")
  check(
    gtk_widget_get_ancestor(
      gtk_root_get_focus(host.window.opaquePointer) ?? host.window.pointer,
      gtk_spin_button_get_type()) == nil, "a disabled spin button holds no focus")
  print("spin-button: OK (quantity \(Int(order.quantity)), focus, submit, two-way binding)")
  host.close()
  MainLoop.drain()
  exit(0)
}
MainLoop.run { host.isClosed }
