import CGtk

/// Widgets of views that went in an animated change with a `.transition`: each stays where it
/// was in its GtkBridge box, running its way-out keyframes, and leaves the box when they end.
///
/// The graph no longer has them: the state change happened at once. They take no focus and
/// no pointer while they go, ``Box/setChildren(_:)`` keeps them in their place among the
/// box's new children, and a widget that holds the focus leaves at once instead (so focus
/// never stays on a leaving widget).
@MainActor
enum LeavingWidgets {
  /// A widget on its way out, held (with the stylesheet that animates it) until it leaves.
  private final class Departure {
    let id: Int
    let widget: Widget
    let sheet: ScopedStyleSheet
    let box: UnsafeMutablePointer<GtkWidget>
    /// The widget's "notify::parent": its box let it go first (the window closed).
    var parentChanged: SignalConnection?

    init(id: Int, widget: Widget, sheet: ScopedStyleSheet, box: UnsafeMutablePointer<GtkWidget>) {
      self.id = id
      self.widget = widget
      self.sheet = sheet
      self.box = box
    }
  }

  private static var lastID = 0

  private static var departures: [UnsafeMutablePointer<GtkWidget>: Departure] = [:]

  /// Marks a widget on its way out (for tests and the inspector).
  static let styleClass = "gtkbridge-leaving"

  /// Whether no widget is on its way out: the box then has nothing to keep.
  static var isEmpty: Bool { departures.isEmpty }

  /// Whether `widget` is on its way out.
  static func contains(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
    departures[widget] != nil
  }

  /// Keeps `widget` in its box for `seconds` while `css` (its way-out keyframes) runs through
  /// `sheet`, then takes it out. Returns `false`, doing nothing, when it cannot: the widget is
  /// not in a GtkBridge box (a list row, a stack page), or it holds the keyboard focus.
  static func keep(_ widget: Widget, sheet: ScopedStyleSheet, css: String, for seconds: Double)
    -> Bool
  {
    let pointer = widget.pointer
    guard departures[pointer] == nil, let box = gtk_widget_get_parent(pointer), isBox(box)
    else { return false }
    if let root = gtk_widget_get_root(pointer), let focus = gtk_root_get_focus(root),
      focus == pointer || gtk_widget_is_ancestor(focus, pointer) != 0
    {
      return false
    }
    if let error = sheet.apply(WidgetStyle(rawCSS: [css]), to: pointer) {
      StyleDiagnostics.handler(error, widget)
      return false
    }
    gtk_widget_set_can_focus(pointer, 0)
    gtk_widget_set_can_target(pointer, 0)
    widget.addCSSClass(styleClass)
    lastID += 1
    let departure = Departure(id: lastID, widget: widget, sheet: sheet, box: box)
    departures[pointer] = departure
    departure.parentChanged = SignalConnection.connect(pointer, notify: "parent") {
      finish(id: departure.id)
    }
    let milliseconds = guint((min(max(seconds, 0), 60) * 1000).rounded(.up))
    // NB: the timeout's data is the departure's number, not the widget, which may be gone
    // by then (its window closed).
    g_timeout_add(
      milliseconds,
      { data in
        MainActor.assumeIsolated { LeavingWidgets.finish(id: Int(bitPattern: data)) }
        return 0  // G_SOURCE_REMOVE
      }, UnsafeMutableRawPointer(bitPattern: departure.id))
    return true
  }

  /// Takes a widget whose way out has ended out of its box, if it is still there, and lets
  /// it go.
  private static func finish(id: Int) {
    guard let (pointer, departure) = departures.first(where: { $0.value.id == id }) else {
      return
    }
    departures[pointer] = nil
    departure.parentChanged = nil
    if gtk_widget_get_parent(pointer) == departure.box {
      gtk_box_remove(departure.box.cast(to: GtkBox.self), pointer)
    }
  }

  /// Whether `widget` is a ``Box``'s `GtkBridgeBox`, whose children ``Box/setChildren(_:)``
  /// keeps in place while they leave.
  private static func isBox(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
    let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
    return String(cString: g_type_name_from_instance(instance)) == "GtkBridgeBox"
  }

  /// `wanted`, the box's new children, with each leaving widget of `current` (its children
  /// now) put back after the child it followed, so a widget on its way out does not jump.
  static func keepingPlaces(
    of current: [UnsafeMutablePointer<GtkWidget>], in wanted: [UnsafeMutablePointer<GtkWidget>]
  ) -> [UnsafeMutablePointer<GtkWidget>] {
    let stays = Set(wanted)
    var result = wanted
    var previous: UnsafeMutablePointer<GtkWidget>?
    for child in current {
      if stays.contains(child) {
        previous = child
      } else if departures[child] != nil {
        let index = previous.flatMap { result.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
        result.insert(child, at: index)
        previous = child
      }
    }
    return result
  }
}
