import CGtk

/// A thin line between views in a `GtkSeparator`: SwiftUI's `Divider`.
///
/// The line runs across the stack it sits in, by a simple rule: in an `HStack` (a
/// horizontal `GtkBox`) it is a vertical line; anywhere else (a `VStack`, a `ScrollView`,
/// a window) it is a horizontal line. The separator reads its parent when GTK gives it one.
///
/// ```swift
/// VStack {
///   Text("Account")
///   Divider()
///   Toggle("Remember me", isOn: $remember)
/// }
/// ```
public struct Divider: WidgetRepresentable {
  public init() {}

  /// Keeps the separator's "notify::parent" connection.
  @MainActor
  public final class Coordinator {
    var parentChanged: SignalConnection?
  }

  public func makeCoordinator() -> Coordinator { Coordinator() }

  public func makeWidget(context: Context) -> Widget {
    let separator = Widget(retaining: gtk_separator_new(GTK_ORIENTATION_HORIZONTAL)!)
    context.coordinator.parentChanged = separator.connect(notify: "parent") {
      [weak separator] in
      guard let separator else { return }
      Divider.orient(separator)
    }
    return separator
  }

  public func updateWidget(_ separator: Widget, context: Context) {
    Divider.orient(separator)
  }

  public static func dismantleWidget(_ separator: Widget, coordinator: Coordinator) {
    coordinator.parentChanged = nil
  }

  /// Runs the line across its parent: vertical in a horizontal box, horizontal otherwise.
  static func orient(_ separator: Widget) {
    var wanted = GTK_ORIENTATION_HORIZONTAL
    if let parent = gtk_widget_get_parent(separator.pointer),
      g_type_check_instance_is_a(
        UnsafeMutableRawPointer(parent).assumingMemoryBound(to: GTypeInstance.self),
        gtk_box_get_type()) != 0,
      gtk_orientable_get_orientation(OpaquePointer(parent)) == GTK_ORIENTATION_HORIZONTAL
    {
      wanted = GTK_ORIENTATION_VERTICAL
    }
    let orientable = OpaquePointer(separator.pointer)
    if gtk_orientable_get_orientation(orientable) != wanted {
      gtk_orientable_set_orientation(orientable, wanted)
    }
  }
}

extension Divider: InputComparable {
  func hasSameInputs(as other: Divider) -> Bool { true }
  var readsObservableState: Bool { false }
}
