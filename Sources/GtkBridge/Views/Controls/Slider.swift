import CGtk

/// A value picked along a range with a horizontal `GtkScale`, bound to a `Double`:
/// SwiftUI's `Slider`.
///
/// Dragging writes the binding (snapped to `step` when one is given) right after GTK's
/// signal, never during an update; a value the app sets moves the scale without writing
/// the binding back.
///
/// ```swift
/// Slider(value: $volume, in: 0...100, step: 5)
/// ```
public struct Slider: WidgetRepresentable {
  @Binding var value: Double
  let bounds: ClosedRange<Double>
  let step: Double?
  /// The label's text: not shown, but what a screen reader reads the slider as.
  var title = ""

  /// - Parameters:
  ///   - value: the bound value; one outside `bounds` shows clamped.
  ///   - bounds: the values at the ends of the scale; `0...1` unless told.
  ///   - step: the distance between the values the user can pick; any value if `nil`.
  public init(value: Binding<Double>, in bounds: ClosedRange<Double> = 0...1, step: Double? = nil) {
    self._value = value
    self.bounds = bounds
    self.step = step.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
  }

  /// The SwiftUI form with a label view: the label is not shown (as on macOS' slider
  /// without a form, GTK's scale has no title), and its text (when it is a ``Text``) is what a
  /// screen reader reads the slider as.
  public init<L: View>(
    value: Binding<Double>, in bounds: ClosedRange<Double> = 0...1, step: Double? = nil,
    @ViewBuilder label: () -> L
  ) {
    self.init(value: value, in: bounds, step: step)
    title = (label() as? Text)?.content ?? ""
  }

  /// Writes the binding when GTK emits "value-changed".
  @MainActor
  public final class Coordinator {
    var value: Binding<Double>
    var bounds: ClosedRange<Double>
    var step: Double?
    var valueChanged: SignalConnection?

    init(value: Binding<Double>, bounds: ClosedRange<Double>, step: Double?) {
      self.value = value
      self.bounds = bounds
      self.step = step
    }

    /// `raw` snapped to the nearest step from the lower bound, inside the bounds.
    func snapped(_ raw: Double) -> Double {
      var result = raw
      if let step {
        result = bounds.lowerBound + ((raw - bounds.lowerBound) / step).rounded() * step
      }
      return min(max(result, bounds.lowerBound), bounds.upperBound)
    }
  }

  public func makeCoordinator() -> Coordinator {
    Coordinator(value: $value, bounds: bounds, step: step)
  }

  public func makeWidget(context: Context) -> Widget {
    let scale = Widget(
      retaining: gtk_scale_new_with_range(
        GTK_ORIENTATION_HORIZONTAL, bounds.lowerBound, Slider.upper(bounds),
        step ?? Slider.defaultIncrement(bounds))!)
    gtk_scale_set_draw_value(scale.pointer(as: GtkScale.self), 0)
    gtk_widget_set_hexpand(scale.pointer, 1)
    let coordinator = context.coordinator
    coordinator.valueChanged = scale.connect("value-changed") { [weak coordinator, weak scale] in
      guard let coordinator, let scale else { return }
      let range = scale.pointer(as: GtkRange.self)
      let raw = gtk_range_get_value(range)
      let value = coordinator.snapped(raw)
      if value != raw { coordinator.valueChanged?.blocked { gtk_range_set_value(range, value) } }
      coordinator.value.setFromWidget(value)
    }
    updateWidget(scale, context: context)
    return scale
  }

  public func updateWidget(_ scale: Widget, context: Context) {
    let coordinator = context.coordinator
    coordinator.value = $value
    scale.setDerivedAccessibleName(title.isEmpty ? nil : title)
    let range = scale.pointer(as: GtkRange.self)
    coordinator.valueChanged?.blocked {
      if coordinator.bounds != bounds || coordinator.step != step {
        coordinator.bounds = bounds
        coordinator.step = step
        gtk_range_set_range(range, bounds.lowerBound, Slider.upper(bounds))
        let increment = step ?? Slider.defaultIncrement(bounds)
        gtk_range_set_increments(range, increment, increment * 10)
      }
      if gtk_range_get_value(range) != value { gtk_range_set_value(range, value) }
    }
  }

  public static func dismantleWidget(_ scale: Widget, coordinator: Coordinator) {
    coordinator.valueChanged = nil
  }

  /// The scale's upper end: `gtk_scale_new_with_range` needs one above the lower, so an empty
  /// range (`5...5`) is a scale one unit wide that the value cannot leave.
  static func upper(_ bounds: ClosedRange<Double>) -> Double {
    bounds.upperBound > bounds.lowerBound ? bounds.upperBound : bounds.lowerBound + 1
  }

  /// The arrow-key step of a slider without one: a hundredth of the range.
  static func defaultIncrement(_ bounds: ClosedRange<Double>) -> Double {
    let width = bounds.upperBound - bounds.lowerBound
    return width > 0 && width.isFinite ? width / 100 : 1
  }
}
