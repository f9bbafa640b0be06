/// A view backed by a GTK widget you create and update: GTK's `UIViewRepresentable`.
///
/// The contract, as in SwiftUI:
/// 1. `makeCoordinator()` runs first, once.
/// 2. `makeWidget(context:)` runs once and returns the widget; connect its signals to the
///    coordinator here.
/// 3. `updateWidget(_:context:)` runs right after, and again whenever state it (or the
///    parent's `body`) read changes. It may run when nothing changed, so it must be
///    idempotent: compare before you set.
/// 4. `dismantleWidget(_:coordinator:)` runs once when the view leaves the tree or its window
///    is destroyed.
///
/// Changes inside the widget reach app state only through the coordinator. Setting a widget's
/// value from state (in `updateWidget`) and reacting to the user (in the coordinator) are
/// separate paths: block your handler around the first, or compare first, so an echo never
/// writes state back.
///
/// A representable for a GTK widget GtkBridge has no control for needs only
/// `import GtkBridge`: GTK's C API comes with it. Subclass ``Widget`` for a typed handle,
/// connect signals with ``Widget/connect(_:_:)``, write user changes back with
/// ``Binding/setFromWidget(_:)``, block the connection around writes from state, and run
/// `.onSubmit` with ``WidgetRepresentableContext/submit()``. `.focused`, `.disabled`,
/// `.configure` and the other modifiers work on it as on the built-in controls. This
/// example is `Examples/custom-widgets` (spin-button), built and run in CI:
///
/// ```swift
/// /// A handle on a `GtkSpinButton`: a number with - and + buttons.
/// final class SpinButton: Widget {
///   init(range: ClosedRange<Double>, step: Double) {
///     super.init(
///       retaining: gtk_spin_button_new_with_range(range.lowerBound, range.upperBound, step))
///   }
///
///   /// Wraps `gtk_spin_button_get_value` / `gtk_spin_button_set_value`.
///   var value: Double {
///     get { gtk_spin_button_get_value(opaquePointer) }
///     set { gtk_spin_button_set_value(opaquePointer, newValue) }
///   }
/// }
///
/// /// A spin button bound to a number; Return in it runs the enclosing `.onSubmit`.
/// struct NumberField: WidgetRepresentable {
///   @Binding var value: Double
///   var range: ClosedRange<Double> = 0...100
///
///   @MainActor final class Coordinator {
///     var value: Binding<Double>
///     var valueChanged: SignalConnection?
///     var activate: SignalConnection?
///     init(value: Binding<Double>) { self.value = value }
///   }
///
///   func makeCoordinator() -> Coordinator { Coordinator(value: $value) }
///
///   func makeWidget(context: Context) -> SpinButton {
///     let spin = SpinButton(range: range, step: 1)
///     let coordinator = context.coordinator
///     coordinator.valueChanged = spin.connect("value-changed") { [weak spin, weak coordinator] in
///       guard let spin, let coordinator else { return }
///       coordinator.value.setFromWidget(spin.value)
///     }
///     // GTK 4.8's spin button leaves Return to its inner GtkText.
///     let text = gtk_editable_get_delegate(spin.opaquePointer)!
///     coordinator.activate = SignalConnection.connect(text, "activate") { [weak context] in
///       context?.submit()
///     }
///     return spin
///   }
///
///   func updateWidget(_ spin: SpinButton, context: Context) {
///     context.coordinator.value = $value
///     if spin.value != value {
///       context.coordinator.valueChanged?.blocked { spin.value = value }
///     }
///   }
///
///   static func dismantleWidget(_ spin: SpinButton, coordinator: Coordinator) {
///     coordinator.valueChanged = nil
///     coordinator.activate = nil
///   }
/// }
/// ```
@MainActor
public protocol WidgetRepresentable: View where Body == Never {
  /// The widget handle type, such as ``Entry`` or ``Widget``.
  associatedtype WidgetType: Widget
  /// What keeps widget and state in sync; `Void` when there is nothing to keep.
  associatedtype Coordinator = Void

  typealias Context = WidgetRepresentableContext<Self>

  /// Makes the object that carries changes from the widget back to state; runs first, once.
  /// `UIViewRepresentable.makeCoordinator`.
  func makeCoordinator() -> Coordinator

  /// Makes the widget, once; connect its signals to `context.coordinator` here.
  /// `UIViewRepresentable.makeUIView(context:)`.
  func makeWidget(context: Context) -> WidgetType

  /// Brings the widget up to date with this view's values: after `makeWidget`, and whenever
  /// state it read (or its parent's `body`) changed. May run when nothing changed: compare
  /// before setting. `UIViewRepresentable.updateUIView(_:context:)`.
  func updateWidget(_ widget: WidgetType, context: Context)

  /// Disconnects what `makeWidget` connected, once, when the view leaves the tree or its
  /// window closes. `UIViewRepresentable.dismantleUIView(_:coordinator:)`.
  static func dismantleWidget(_ widget: WidgetType, coordinator: Coordinator)
}

extension WidgetRepresentable where Coordinator == Void {
  public func makeCoordinator() {}
}

extension WidgetRepresentable {
  public static func dismantleWidget(_ widget: WidgetType, coordinator: Coordinator) {}

  public var body: Never { fatalError("\(Self.self) is backed by a GTK widget, not by body") }
}
