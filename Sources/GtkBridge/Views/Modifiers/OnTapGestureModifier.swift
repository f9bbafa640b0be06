import CGtk

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
    modifier(OnTapGestureModifier(count: max(1, count), action: action))
  }
}

struct OnTapGestureModifier: WidgetModifier {
  static var readsState: Bool { false }

  let count: Int
  let action: @MainActor () -> Void

  @MainActor
  final class Storage {
    let gesture = EventController(gtk_gesture_click_new()!)
    var modifier: OnTapGestureModifier?
    var released: SignalConnection?

    init() {
      released = ClickContext.connect(gesture, "released") { [weak self] presses in
        guard let modifier = self?.modifier, presses % modifier.count == 0 else { return }
        UpdateScheduler.shared.performOutsideUpdate(modifier.action)
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

typealias ClickHandler = @MainActor (Int) -> Void

/// Connects GtkGestureClick's signals to Swift closures that take the click count.
@MainActor
enum ClickContext {
  static func connect(
    _ gesture: EventController, _ signal: String, _ handler: @escaping ClickHandler
  ) -> SignalConnection {
    let id = cgtk_connect_click(
      gesture.pointer, signal,
      { context, presses, _, _ in
        let handler = SignalContext<ClickHandler>.from(context).handler
        MainActor.assumeIsolated { handler(Int(presses)) }
      }, SignalContext(handler).retainedPointer, releaseContext)
    return SignalConnection(instance: gesture.rawPointer, id: id)
  }
}
