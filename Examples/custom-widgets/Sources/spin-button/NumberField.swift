import GtkBridge

// From here to the end: the example in WidgetRepresentable's documentation, verbatim
// (scripts/examples-check compares them, so the documented example always compiles).

/// A handle on a `GtkSpinButton`: a number with - and + buttons.
final class SpinButton: Widget {
  init(range: ClosedRange<Double>, step: Double) {
    super.init(
      retaining: gtk_spin_button_new_with_range(range.lowerBound, range.upperBound, step))
  }

  /// Wraps `gtk_spin_button_get_value` / `gtk_spin_button_set_value`.
  var value: Double {
    get { gtk_spin_button_get_value(opaquePointer) }
    set { gtk_spin_button_set_value(opaquePointer, newValue) }
  }
}

/// A spin button bound to a number; Return in it runs the enclosing `.onSubmit`.
struct NumberField: WidgetRepresentable {
  @Binding var value: Double
  var range: ClosedRange<Double> = 0...100

  @MainActor final class Coordinator {
    var value: Binding<Double>
    var valueChanged: SignalConnection?
    var activate: SignalConnection?
    init(value: Binding<Double>) { self.value = value }
  }

  func makeCoordinator() -> Coordinator { Coordinator(value: $value) }

  func makeWidget(context: Context) -> SpinButton {
    let spin = SpinButton(range: range, step: 1)
    let coordinator = context.coordinator
    coordinator.valueChanged = spin.connect("value-changed") { [weak spin, weak coordinator] in
      guard let spin, let coordinator else { return }
      coordinator.value.setFromWidget(spin.value)
    }
    // GTK 4.8's spin button leaves Return to its inner GtkText.
    let text = gtk_editable_get_delegate(spin.opaquePointer)!
    coordinator.activate = SignalConnection.connect(text, "activate") { [weak context] in
      context?.submit()
    }
    return spin
  }

  func updateWidget(_ spin: SpinButton, context: Context) {
    context.coordinator.value = $value
    if spin.value != value {
      context.coordinator.valueChanged?.blocked { spin.value = value }
    }
  }

  static func dismantleWidget(_ spin: SpinButton, coordinator: Coordinator) {
    coordinator.valueChanged = nil
    coordinator.activate = nil
  }
}
