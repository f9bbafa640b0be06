import CGtk
import Foundation

extension View {
  /// Runs `action` when the user clicks this view `count` times in a row (2: a double click),
  /// with the primary button. Wraps a `GtkGestureClick` on the view's widget.
  ///
  /// The action runs on the release that completes the count (every `count`-th click of a
  /// run: a triple click is one double click). A control inside that takes the click itself
  /// (a button, a text field) keeps it; the action does not run. A `count` below 1 counts
  /// as 1.
  ///
  /// ```swift
  /// Text(item.name)
  ///   .onTapGesture(count: 2) { open(item) }
  /// ```
  public func onTapGesture(count: Int = 1, perform action: @escaping @MainActor () -> Void)
    -> some View
  {
    modifier(OnTapGestureModifier(count: max(1, count), space: .local) { _ in action() })
  }

  /// Runs `action` with the click's location, in the view's own coordinates (`.local`, from
  /// its top-left corner) or the window's (`.global`); SwiftUI's macOS 14 form.
  ///
  /// ```swift
  /// Image("map").onTapGesture(count: 1, coordinateSpace: .local) { point in pin(at: point) }
  /// ```
  public func onTapGesture(
    count: Int = 1, coordinateSpace: CoordinateSpace = .local,
    perform action: @escaping @MainActor (CGPoint) -> Void
  ) -> some View {
    modifier(OnTapGestureModifier(count: max(1, count), space: coordinateSpace, action: action))
  }
}

/// Where a location is measured from: SwiftUI's `CoordinateSpace`, for tap locations.
public enum CoordinateSpace: Sendable, Hashable {
  /// The view's own top-left corner.
  case local
  /// The window's: from the GtkWindow's top-left corner (a header bar included), as GTK
  /// measures.
  case global
}

@usableFromInline
struct OnTapGestureModifier: WidgetModifier {
  static var readsState: Bool { false }

  let count: Int
  let space: CoordinateSpace
  let action: @MainActor (CGPoint) -> Void

  @MainActor
  final class Storage {
    let gesture = EventController(gtk_gesture_click_new()!)
    var modifier: OnTapGestureModifier?
    var released: SignalConnection?

    init() {
      released = ClickContext.connect(gesture, "released") { [weak self] presses, x, y in
        guard let self, let modifier, presses % modifier.count == 0 else { return }
        var point = CGPoint(x: x, y: y)
        if modifier.space == .global, let widget = gesture.attachedWidget,
          let root = gtk_widget_get_root(widget)
        {
          var windowX = 0.0
          var windowY = 0.0
          let window = UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self)
          if cgtk_widget_translate_point(widget, window, x, y, &windowX, &windowY) != 0 {
            point = CGPoint(x: windowX, y: windowY)
          }
        }
        let action = modifier.action
        UpdateScheduler.shared.performOutsideUpdate { action(point) }
      }
    }
  }

  func makeStorage(node: ModifierNode<some View, Self>) -> Storage { Storage() }

  func update(_ storage: Storage, node: ModifierNode<some View, Self>) {
    storage.modifier = self
    storage.gesture.attach(to: node.widgets.first)
  }

  func dismantle(_ storage: Storage, node: ModifierNode<some View, Self>) {
    storage.modifier = nil
    storage.gesture.detach()
  }
}

typealias ClickHandler = @MainActor (Int, Double, Double) -> Void

/// Connects GtkGestureClick's signals to Swift closures that take the click count.
@MainActor
enum ClickContext {
  static func connect(
    _ gesture: EventController, _ signal: String, _ handler: @escaping ClickHandler
  ) -> SignalConnection {
    let id = cgtk_connect_click(
      gesture.pointer, signal,
      { context, presses, x, y in
        let handler = SignalContext<ClickHandler>.from(context).handler
        assumeMainActor { handler(Int(presses), x, y) }
      }, SignalContext(handler).retainedPointer, releaseContext)
    return SignalConnection(instance: gesture.rawPointer, id: id)
  }
}
