import CGtk

/// How lines of text align: SwiftUI's `TextAlignment`.
public enum TextAlignment: Hashable, Sendable, CaseIterable {
  case leading, center, trailing

  var fraction: Float {
    switch self {
    case .leading: 0
    case .center: 0.5
    case .trailing: 1
    }
  }

  var justification: GtkJustification {
    switch self {
    case .leading: GTK_JUSTIFY_LEFT
    case .center: GTK_JUSTIFY_CENTER
    case .trailing: GTK_JUSTIFY_RIGHT
    }
  }
}

extension View {
  /// Aligns the text of the labels and text fields inside: SwiftUI's
  /// `multilineTextAlignment(_:)`. A text field's text (`gtk_editable_set_alignment`); a
  /// vertical field's or a text editor's lines (`gtk_text_view_set_justification`); a
  /// label's lines (`gtk_label_set_justify`) and its text in its space (`xalign`).
  ///
  /// ```swift
  /// TextField("Amount", text: $amount).multilineTextAlignment(.trailing)
  /// ```
  public func multilineTextAlignment(_ alignment: TextAlignment) -> some View {
    modifier(TextAlignmentModifier(alignment: alignment))
  }
}

struct TextAlignmentKey: EnvironmentKey {
  static let defaultValue = TextAlignment.leading
}

extension EnvironmentValues {
  /// How lines of text here align, as the nearest `.multilineTextAlignment` set: SwiftUI's
  /// `multilineTextAlignment`. Leading by default.
  public var multilineTextAlignment: TextAlignment {
    get { self[TextAlignmentKey.self] }
    set { self[TextAlignmentKey.self] = newValue }
  }
}

@usableFromInline
struct TextAlignmentModifier: WidgetModifier {
  static var isRecyclable: Bool { true }
  let alignment: TextAlignment

  /// Whether any `.multilineTextAlignment` was ever made: until then a new `Text` does not
  /// look for one in its environment.
  /// NB: a flag written once, from `false` to `true`, by whichever thread builds views.
  nonisolated(unsafe) static var inUse = false

  init(alignment: TextAlignment) {
    self.alignment = alignment
    Self.inUse = true
  }

  func modifyEnvironment(_ environment: inout EnvironmentValues) {
    environment.multilineTextAlignment = alignment
  }

  func update(_ storage: Void, node: ModifierNode<some View, Self>) {
    for widget in node.widgets { Self.align(widget, alignment) }
  }

  /// Aligns the text fields, text editors and labels in `widget` (itself included).
  static func align(_ widget: Widget, _ alignment: TextAlignment) {
    for field in widget.gtkDescendants(ofType: gtk_editable_get_type()) {
      let editable = OpaquePointer(field)
      if gtk_editable_get_alignment(editable) != alignment.fraction {
        gtk_editable_set_alignment(editable, alignment.fraction)
      }
    }
    // A vertical text field's or a text editor's lines.
    for view in widget.gtkDescendants(ofType: gtk_text_view_get_type()) {
      let textView = UnsafeMutableRawPointer(view).assumingMemoryBound(to: GtkTextView.self)
      if gtk_text_view_get_justification(textView) != alignment.justification {
        gtk_text_view_set_justification(textView, alignment.justification)
      }
    }
    for label in widget.gtkDescendants(ofType: gtk_label_get_type()) {
      LabelWidget.align(label, alignment)
    }
  }

  /// Aligns a text field or editor just made as the environment says. NB: a
  /// `.multilineTextAlignment` above aligns the fields there when it changes; one made later
  /// (a lazy row scrolled in, a branch that flips) reads it here. Text does the same in its
  /// update (`LabelWidget.readsAlignment`), as a recycled label must read it again.
  static func alignNewField(_ widget: Widget, in environment: EnvironmentValues) {
    guard inUse else { return }
    let alignment = environment.multilineTextAlignment
    guard alignment != .leading else { return }
    align(widget, alignment)
  }
}
