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
/// ```swift
/// struct Spinner: WidgetRepresentable {
///   var spinning: Bool
///
///   func makeWidget(context: Context) -> Widget {
///     Widget(retaining: UnsafeMutableRawPointer(gtk_spinner_new()!))
///   }
///
///   func updateWidget(_ widget: Widget, context: Context) {
///     let spinner = OpaquePointer(widget.rawPointer)
///     if (gtk_spinner_get_spinning(spinner) != 0) != spinning {
///       gtk_spinner_set_spinning(spinner, spinning ? 1 : 0)
///     }
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
