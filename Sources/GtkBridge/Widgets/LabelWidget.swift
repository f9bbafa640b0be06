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
    // NB: through `withCString`, not the implicit `String` to pointer conversion, which
    // copies the text into a new array on every set (about 500 instructions a set, measured
    // in W2's keystroke).
    set { withCString(newValue) { gtk_label_set_text(label, $0) } }
  }

  /// Horizontal alignment of the text within the label, 0 (start) to 1 (end).
  /// Wraps `gtk_label_set_xalign`.
  public var xAlign: Double {
    get { Double(gtk_label_get_xalign(label)) }
    set { gtk_label_set_xalign(label, Float(newValue)) }
  }

  /// The most lines the label shows, the last one ellipsized when the text needs more:
  /// SwiftUI's `lineLimit` on a `Text`. `nil`: every line. Wraps `gtk_label_set_lines` and
  /// `gtk_label_set_ellipsize` (GTK limits only a wrapping, ellipsizing label).
  public var lineLimit: Int? {
    get {
      gtk_label_get_ellipsize(label) == PANGO_ELLIPSIZE_NONE
        ? nil : Int(gtk_label_get_lines(label))
    }
    set {
      guard newValue != lineLimit else { return }
      gtk_label_set_lines(label, newValue.map { gint(clamping: $0) } ?? -1)
      gtk_label_set_ellipsize(label, newValue == nil ? PANGO_ELLIPSIZE_NONE : PANGO_ELLIPSIZE_END)
    }
  }

  /// Wraps `gtk_label_set_wrap`.
  public var wraps: Bool {
    get { gtk_label_get_wrap(label) != 0 }
    set { gtk_label_set_wrap(label, newValue ? 1 : 0) }
  }

  /// Justifies the label's lines and places its text in its space by `alignment`
  /// (`.multilineTextAlignment`). Wraps `gtk_label_set_justify` and `gtk_label_set_xalign`.
  func align(_ alignment: TextAlignment) { Self.align(pointer, alignment) }

  /// Aligns the `GtkLabel` `label` as ``align(_:)`` does.
  static func align(_ label: UnsafeMutablePointer<GtkWidget>, _ alignment: TextAlignment) {
    gtk_label_set_justify(OpaquePointer(label), alignment.justification)
    gtk_label_set_xalign(OpaquePointer(label), alignment.fraction)
  }

  /// Makes the `GtkLabel` `label` wrap as a ``Text`` does: one line when there is room, lines
  /// broken at words when narrow (a title that cannot wrap sets its window's minimum width to
  /// its whole length, wider than the screen for a long one). Wraps `gtk_label_set_wrap` and
  /// `gtk_label_set_natural_wrap_mode`.
  static func wrapAsText(_ label: UnsafeMutablePointer<GtkWidget>) {
    gtk_label_set_wrap(OpaquePointer(label), 1)
    // NB: a horizontal box measures a wrapping label's width for the box's height, and GTK's
    // default natural wrap then asks for a narrow label: beside a `Spacer` a sentence wrapped
    // word by word.
    gtk_label_set_natural_wrap_mode(OpaquePointer(label), GTK_NATURAL_WRAP_NONE)
  }
}
