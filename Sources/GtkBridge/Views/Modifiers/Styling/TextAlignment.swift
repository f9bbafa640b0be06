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
  /// label's lines (`gtk_label_set_justify`) and its text in its space (`xalign`). The
  /// nearest one wins, and a view made later (a lazy row scrolled in) takes it (see
  /// `ControlStyle`).
  ///
  /// ```swift
  /// TextField("Amount", text: $amount).multilineTextAlignment(.trailing)
  /// ```
  public func multilineTextAlignment(_ alignment: TextAlignment) -> some View {
    modifier(ControlStyleModifier(.textAlignment(alignment)))
  }
}

extension EnvironmentValues {
  /// How lines of text here align, as the nearest `.multilineTextAlignment` set: SwiftUI's
  /// `multilineTextAlignment`. Leading by default.
  public var multilineTextAlignment: TextAlignment {
    get { controlStyle.textAlignment }
    set {
      ControlStyle.inUse = true
      controlStyle.textAlignment = newValue
    }
  }
}
