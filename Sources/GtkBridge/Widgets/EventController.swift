import CGtk

/// A `GtkEventController` (key controller, click gesture, shortcut controller) that GtkBridge
/// adds to a widget, and removes again when this handle goes or moves it to another widget.
///
/// The handle keeps its own reference to the controller, so one moved between widgets (a view
/// whose widget was replaced) keeps its signal connections; it holds the widget weakly, so a
/// widget finalized first (which drops its controllers) is never touched again.
@MainActor
final class EventController {
  /// The `GtkEventController *`.
  let pointer: OpaquePointer
  private let widget: UnsafeMutablePointer<GWeakRef> = .allocate(capacity: 1)

  /// Takes the new controller `raw` (`gtk_event_controller_key_new()`, …).
  init(_ raw: OpaquePointer) {
    // NB: controllers are not floating in GTK 4; the new one's reference is this handle's.
    pointer = raw
    widget.initialize(to: GWeakRef())
    g_weak_ref_init(widget, nil)
  }

  isolated deinit {
    detach()
    g_weak_ref_clear(widget)
    widget.deallocate()
    g_object_unref(rawPointer)
  }

  var rawPointer: UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }

  /// The widget the controller is on. Wraps `gtk_event_controller_get_widget`.
  var attachedWidget: UnsafeMutablePointer<GtkWidget>? {
    gtk_event_controller_get_widget(pointer)
  }

  /// Puts the controller on `widget`, taking it off the one it was on.
  func attach(to widget: Widget?) {
    attach(toWidget: widget?.pointer)
  }

  /// Wraps `gtk_widget_add_controller`, which takes a reference of its own.
  func attach(toWidget target: UnsafeMutablePointer<GtkWidget>?) {
    guard target != attachedWidget else { return }
    detach()
    guard let target else { return }
    g_object_ref(rawPointer)
    gtk_widget_add_controller(target, pointer)
    g_weak_ref_set(widget, target)
  }

  /// Wraps `gtk_widget_remove_controller`.
  func detach() {
    guard let object = g_weak_ref_get(widget) else { return }
    defer { g_object_unref(object) }
    g_weak_ref_set(widget, nil)
    let target = object.assumingMemoryBound(to: GtkWidget.self)
    if gtk_event_controller_get_widget(pointer) == target {
      gtk_widget_remove_controller(target, pointer)
    }
  }
}
