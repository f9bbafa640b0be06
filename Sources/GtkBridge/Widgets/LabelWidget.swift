import CGtk

/// A handle on a `GtkLabel`, the widget behind ``Text``.
@MainActor
public final class LabelWidget: Widget {
  /// Wraps `gtk_label_new`.
  public init(_ text: String = "") {
    super.init(retaining: UnsafeMutableRawPointer(gtk_label_new(text)))
  }

  private var label: OpaquePointer { OpaquePointer(pointer) }

  /// The text a ``Text`` last set on its own label: its updates compare with it instead of
  /// reading GTK's back.
  var textSetByView: String?

  /// Wraps `gtk_label_get_text` / `gtk_label_set_text`.
  public var text: String {
    get { String(cString: gtk_label_get_text(label)) }
    set { gtk_label_set_text(label, newValue) }
  }

  /// Horizontal alignment of the text within the label, 0 (start) to 1 (end).
  /// Wraps `gtk_label_set_xalign`.
  public var xAlign: Double {
    get { Double(gtk_label_get_xalign(label)) }
    set { gtk_label_set_xalign(label, Float(newValue)) }
  }

  /// Wraps `gtk_label_set_wrap`.
  public var wraps: Bool {
    get { gtk_label_get_wrap(label) != 0 }
    set { gtk_label_set_wrap(label, newValue ? 1 : 0) }
  }
}
