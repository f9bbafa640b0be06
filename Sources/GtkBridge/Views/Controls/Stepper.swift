import CGtk

/// A title and a `GtkSpinButton` bound to an `Int`: SwiftUI's `Stepper`.
///
/// The title is a label at the start of a horizontal box, the spin button at its end. Its
/// "+" and "−" buttons (and typing, and the arrow keys) write the binding right after GTK's
/// signal, never during an update; a value the app sets shows without being written back.
///
/// ```swift
/// Stepper("Guests: \(guests)", value: $guests, in: 1...12)
/// ```
public struct Stepper: WidgetRepresentable {
  let title: String
  @Binding var value: Int
  let bounds: ClosedRange<Int>?
  let step: Int

  /// - Parameters:
  ///   - title: the text before the spin button.
  ///   - value: the bound value; one outside `bounds` shows clamped.
  ///   - bounds: the smallest and largest values; ±2³¹ if `nil`.
  ///   - step: what one click adds or takes away.
  public init(
    _ title: String, value: Binding<Int>, in bounds: ClosedRange<Int>? = nil, step: Int = 1
  ) {
    self.title = title
    self._value = value
    self.bounds = bounds
    self.step = max(step, 1)
  }

  /// A stepper labelled by a view: `Stepper(value: $n, in: 0...9) { Text("Copies") }`. The
  /// label's text (when it is a ``Text``) is the title.
  public init<L: View>(
    value: Binding<Int>, in bounds: ClosedRange<Int>? = nil, step: Int = 1,
    @ViewBuilder label: () -> L
  ) {
    self.init((label() as? Text)?.content ?? "", value: value, in: bounds, step: step)
  }

  var limits: (lower: Double, upper: Double) {
    guard let bounds else { return (Double(Int32.min), Double(Int32.max)) }
    return (Double(bounds.lowerBound), Double(bounds.upperBound))
  }

  /// The title label and spin button, and the spin button's "value-changed" connection.
  @MainActor
  public final class Coordinator {
    var value: Binding<Int>
    let label = LabelWidget()
    var spin: Widget?
    var limits: (lower: Double, upper: Double) = (0, 0)
    var step = 0
    var valueChanged: SignalConnection?

    init(value: Binding<Int>) { self.value = value }
  }

  public func makeCoordinator() -> Coordinator { Coordinator(value: $value) }

  public func makeWidget(context: Context) -> Widget {
    let coordinator = context.coordinator
    let box = Widget(retaining: gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!)
    coordinator.label.xAlign = 0
    gtk_widget_set_hexpand(coordinator.label.pointer, 1)
    let spin = Widget(
      retaining: gtk_spin_button_new_with_range(limits.lower, limits.upper, Double(step))!)
    gtk_spin_button_set_digits(spin.opaquePointer, 0)
    gtk_spin_button_set_numeric(spin.opaquePointer, 1)
    coordinator.spin = spin
    coordinator.limits = limits
    coordinator.step = step
    gtk_box_append(box.pointer(as: GtkBox.self), coordinator.label.pointer)
    gtk_box_append(box.pointer(as: GtkBox.self), spin.pointer)
    // The title beside the number names it for screen readers, as a form row's label does.
    spin.setAccessibleLabel(by: coordinator.label.pointer)
    coordinator.valueChanged = spin.connect("value-changed") { [weak coordinator, weak spin] in
      guard let coordinator, let spin else { return }
      coordinator.value.setFromWidget(Int(gtk_spin_button_get_value_as_int(spin.opaquePointer)))
    }
    updateWidget(box, context: context)
    return box
  }

  public func updateWidget(_ box: Widget, context: Context) {
    let coordinator = context.coordinator
    coordinator.value = $value
    if coordinator.label.text != title { coordinator.label.text = title }
    guard let spin = coordinator.spin?.opaquePointer else { return }
    coordinator.valueChanged?.blocked {
      if coordinator.limits != limits || coordinator.step != step {
        coordinator.limits = limits
        coordinator.step = step
        gtk_spin_button_set_range(spin, limits.lower, limits.upper)
        gtk_spin_button_set_increments(spin, Double(step), Double(step * 10))
      }
      if Int(gtk_spin_button_get_value_as_int(spin)) != value {
        gtk_spin_button_set_value(spin, Double(value))
      }
    }
  }

  public static func dismantleWidget(_ box: Widget, coordinator: Coordinator) {
    coordinator.valueChanged = nil
  }
}
