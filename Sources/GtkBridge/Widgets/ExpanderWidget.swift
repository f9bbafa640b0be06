import CGtk

/// A handle on a `GtkExpander`, the title and arrow of ``DisclosureGroup``.
@MainActor
final class ExpanderWidget: Widget {
  /// Wraps `gtk_expander_new`.
  init(label: String) {
    super.init(retaining: gtk_expander_new(label)!)
  }

  /// Whether the expander is open. Wraps `gtk_expander_set_expanded`.
  var isExpanded: Bool {
    get { gtk_expander_get_expanded(opaquePointer) != 0 }
    set { gtk_expander_set_expanded(opaquePointer, newValue ? 1 : 0) }
  }

  /// The title. Wraps `gtk_expander_set_label`.
  var label: String? {
    get { gtk_expander_get_label(opaquePointer).map { String(cString: $0) } }
    set { gtk_expander_set_label(opaquePointer, newValue) }
  }
}
