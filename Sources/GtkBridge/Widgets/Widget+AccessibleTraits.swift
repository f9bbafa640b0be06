import CGtk

extension Widget {
  /// Gives the widget `role` (a header, a link, a button, …) if GTK still lets it change:
  /// GTK fixes a widget's role once its accessibility context is realized, which happens when
  /// the widget gets a parent or is a window. Returns whether the role is `role` now. Wraps
  /// `gtk_accessible_get_accessible_role` and the "accessible-role" property.
  @discardableResult
  func setAccessibleRoleIfUnshown(_ role: GtkAccessibleRole) -> Bool {
    if gtk_accessible_get_accessible_role(opaquePointer) == role { return true }
    let isWindow =
      g_type_check_instance_is_a(
        rawPointer.assumingMemoryBound(to: GTypeInstance.self), gtk_root_get_type()) != 0
    guard gtk_widget_get_parent(pointer) == nil, !isWindow else { return false }
    cgtk_accessible_set_role(pointer, role)
    return true
  }

  /// A heading's level, 1 to 6. Sets `GTK_ACCESSIBLE_PROPERTY_LEVEL`.
  func setAccessibleLevel(_ level: Int) {
    cgtk_accessible_set_int_property(pointer, GTK_ACCESSIBLE_PROPERTY_LEVEL, Int32(level))
  }

  /// Calls `handler` with a label's new text whenever a `GtkLabel` in this widget (or the
  /// widget itself) changes what it shows, for as long as the returned watch lives. Wraps
  /// "notify::label" on each label found now.
  func watchLabelTexts(_ handler: @escaping @MainActor (String) -> Void) -> LabelTextWatch {
    let watch = LabelTextWatch()
    for label in gtkDescendants(ofType: gtk_label_get_type()) {
      // NB: the label as bits: the connection lives no longer than the label (GObject drops a
      // dead instance's handlers), and a handle captured here would keep it alive.
      let bits = UInt(bitPattern: label)
      watch.hold(
        Widget(retaining: label).connect(notify: "label") {
          guard let label = OpaquePointer(bitPattern: bits), let text = gtk_label_get_text(label)
          else { return }
          handler(String(cString: text))
        })
    }
    return watch
  }
}

/// The "notify::label" connections of ``Widget/watchLabelTexts(_:)``, disconnected when it
/// goes.
@MainActor
final class LabelTextWatch {
  /// One connection (`SignalConnection` cannot go in an array).
  private final class Held {
    let connection: SignalConnection
    init(_ connection: consuming SignalConnection) { self.connection = connection }
  }

  private var held: [Held] = []

  func hold(_ connection: consuming SignalConnection) { held.append(Held(connection)) }
}
