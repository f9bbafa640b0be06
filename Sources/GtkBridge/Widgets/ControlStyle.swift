import CGtk

/// How the controls in a view look and what input they ask for, as the modifiers around them
/// say: SwiftUI's `buttonStyle(_:)`, `textFieldStyle(_:)` and `controlSize(_:)`, as GTK style
/// classes (`flat`, `suggested-action`, `gtkbridge-control-small`); the text-input traits
/// (`keyboardType`, `textContentType`, `textInputAutocapitalization`,
/// `autocorrectionDisabled`), as GTK's input purpose and hints; and how text is laid out
/// (`multilineTextAlignment`, `lineLimit`); and the accent colour (`tint`, `accentColor`), as a
/// stylesheet on the control's widgets (``TintStyleSheet``).
///
/// It flows down as an environment value, one of the ``InheritedAttributes`` a control
/// applies to its own widgets when it is made and when a modifier above changes it. So the
/// nearest modifier wins, as in SwiftUI (`.buttonStyle(.borderedProminent)` on one button
/// inside a `.buttonStyle(.borderless)` group), and a control made later takes it: a lazy
/// row scrolled in, a branch that flips. (Each modifier used to walk the GTK widgets below it
/// when it updated: rows a lazy container bound later missed the style, and an outer
/// modifier overwrote an inner one.)
///
/// Like the modifiers it replaces, it reaches every GTK button and entry that is part of a
/// control (a stepper's buttons, a picker's toggle), and gives back only what it set: a
/// class or hint the app set itself in `.configure` stays unless a modifier decides it. But
/// the button style's classes reach only the controls SwiftUI styles as buttons: a control
/// that is none (`Menu`, `Picker`, `Stepper`: ``IgnoresButtonStyle``) takes the style
/// without them (``buttonClasses`` nil), and looks as without `.buttonStyle`.
struct ControlStyle: Equatable, Sendable {
  /// The classes of the nearest built-in `.buttonStyle`; nil where none was set, and for a
  /// control that is no button (``IgnoresButtonStyle``). A style of the app's own
  /// (`PrimitiveButtonStyle`) has none: it takes the family's classes away.
  var buttonClasses: [String]?
  /// The classes of the nearest built-in `.textFieldStyle`; nil where none was set.
  var textFieldClasses: [String]?
  var controlSize = ControlSize.regular
  /// The nearest `.multilineTextAlignment`: labels, fields and editors align their text.
  var textAlignment = TextAlignment.leading
  /// The nearest `.lineLimit`: a `Text` shows at most the upper bound's lines, a vertical text
  /// field grows between the bounds.
  var lineLimits = LineLimits()
  /// The nearest input purpose set (`keyboardType`, `textContentType`), if any.
  var inputPurpose: InputPurpose?
  /// The hints `textInputAutocapitalization` and `autocorrectionDisabled` above turn on,
  /// the nearest per family.
  var inputHints: InputHints = []
  /// The families of hints those modifiers decide (capitalisation, spelling).
  var decidedHints: InputHints = []
  /// The hints of the nearest `textContentType` (a name capitalises its words). They yield to
  /// a family decided by the modifiers above, wherever those are: an explicit
  /// `.autocorrectionDisabled()` is never undone by a content type.
  var contentTypeHints: InputHints = []
  /// The colour of the nearest `.tint` (or `.accentColor`) with one; nil for the theme's.
  /// What is painted with `.tint` as a shape style (``TintShapeStyle``) reads it too.
  var tint: Color?
  /// The colour of the nearest `.accentColor(_:)` with one; nil for the theme's. It is what
  /// ``Color/accentColor`` paints with here (``StylePalette``); a `.tint` does not change it.
  var accent: Color?

  /// The hints a field here has.
  var fieldHints: InputHints { inputHints.union(contentTypeHints.subtracting(decidedHints)) }

  static let buttonFamily = ["suggested-action", "flat", "link"]
  static let textFieldFamily = ["flat"]

  /// Whether any control style was ever set: until then a control made does not look.
  /// NB: a flag written once, from `false` to `true`, by whichever thread builds views.
  nonisolated(unsafe) static var inUse = false

  /// Sets what a traits modifier decides on top of what an outer one decided: `hints`
  /// replace the hints of `family` (the inner modifier runs after the outer one).
  mutating func decide(purpose: InputPurpose?, hints: InputHints, family: InputHints) {
    if let purpose { inputPurpose = purpose }
    inputHints = inputHints.subtracting(family).union(hints)
    decidedHints.formUnion(family)
  }

  /// Which of a control's widgets take the style.
  enum Reach {
    /// The widget and the GTK widgets inside it (a representable's widget is all its own).
    case subtree
    /// The widget alone: a button holds its label's widgets, which are other views'.
    case itself
  }

  /// Brings `widget` from `old` (what was applied) to this style.
  @MainActor
  func apply(to widget: Widget, from old: ControlStyle, reach: Reach) {
    guard self != old else { return }
    func each(_ type: GType, _ body: (UnsafeMutablePointer<GtkWidget>) -> Void) {
      switch reach {
      case .subtree:
        for found in widget.gtkDescendants(ofType: type) { body(found) }
      case .itself:
        if gtkIsA(widget.pointer, type) { body(widget.pointer) }
      }
    }
    if buttonClasses != old.buttonClasses {
      each(gtk_button_get_type()) {
        Self.swap($0, family: Self.buttonFamily, from: old.buttonClasses, to: buttonClasses)
      }
    }
    if textFieldClasses != old.textFieldClasses {
      for type in Self.textFieldTypes {
        each(type) {
          Self.swap(
            $0, family: Self.textFieldFamily, from: old.textFieldClasses, to: textFieldClasses)
        }
      }
    }
    if controlSize != old.controlSize {
      if controlSize.styleClass != nil { GtkBridgeStyleClasses.install() }
      for type in [gtk_button_get_type()] + Self.entryTypes {
        each(type) {
          if let name = old.controlSize.styleClass { gtk_widget_remove_css_class($0, name) }
          if let name = controlSize.styleClass { gtk_widget_add_css_class($0, name) }
        }
      }
    }
    if textAlignment != old.textAlignment {
      each(gtk_editable_get_type()) {
        if gtk_editable_get_alignment(OpaquePointer($0)) != textAlignment.fraction {
          gtk_editable_set_alignment(OpaquePointer($0), textAlignment.fraction)
        }
      }
      // A vertical text field's or a text editor's lines.
      each(gtk_text_view_get_type()) {
        let view = UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkTextView.self)
        if gtk_text_view_get_justification(view) != textAlignment.justification {
          gtk_text_view_set_justification(view, textAlignment.justification)
        }
      }
      each(gtk_label_get_type()) { LabelWidget.align($0, textAlignment) }
      // NB: a titled button's label is GTK's own, part of the button (`Button("Title")`).
      if reach == .itself, let title = Self.titleLabel(of: widget) {
        LabelWidget.align(title, textAlignment)
      }
    }
    if lineLimits != old.lineLimits {
      // NB: the control's own widget: a `Text`'s label, a vertical field (not a label a
      // control holds, which `.lineLimit` does not limit in SwiftUI either).
      if let label = widget as? LabelWidget { label.lineLimit = lineLimits.upperBound }
      if let field = widget as? VerticalTextFieldWidget { field.lineLimits = lineLimits }
    }
    if inputPurpose != old.inputPurpose || fieldHints != old.fieldHints
      || decidedHints != old.decidedHints
    {
      each(gtk_editable_get_type()) { applyInput(toEditable: $0, from: old) }
      // A vertical text field's or a text editor's text view.
      each(gtk_text_view_get_type()) { applyInput(toTextView: $0, from: old) }
    }
    if tint != old.tint {
      for target in widget.tintTargets(reach) { TintStyleSheet.setTint(tint, on: target) }
    }
  }

  /// The label GTK made for a button's title (`gtk_button_set_label`), if it has one.
  @MainActor
  private static func titleLabel(of widget: Widget) -> UnsafeMutablePointer<GtkWidget>? {
    guard gtkIsA(widget.pointer, gtk_button_get_type()) else { return nil }
    let button = widget.pointer.cast(to: GtkButton.self)
    guard gtk_button_get_label(button) != nil, let child = gtk_button_get_child(button) else {
      return nil
    }
    return gtkIsA(child, gtk_label_get_type()) ? child : nil
  }

  @MainActor private static var entryTypes: [GType] {
    [gtk_entry_get_type(), gtk_password_entry_get_type()]
  }
  @MainActor private static var textFieldTypes: [GType] {
    entryTypes + [VerticalTextFieldWidget.frameType]
  }

  /// Gives `widget` the classes of `new` in `family`: those of `new`, no other of the family.
  /// With no style now, takes away the classes the last one gave.
  @MainActor
  private static func swap(
    _ widget: UnsafeMutablePointer<GtkWidget>, family: [String], from old: [String]?,
    to new: [String]?
  ) {
    guard let new else {
      for name in old ?? [] { gtk_widget_remove_css_class(widget, name) }
      return
    }
    if new.contains(where: { $0.hasPrefix("gtkbridge-") }) { GtkBridgeStyleClasses.install() }
    for name in family where !new.contains(name) { gtk_widget_remove_css_class(widget, name) }
    for name in new { gtk_widget_add_css_class(widget, name) }
  }

  /// The hints a field should have, from those it has: the decided families replaced by
  /// what is decided now, and what the last style turned on taken away.
  private func hints(from current: InputHints, old: ControlStyle) -> InputHints {
    current.subtracting(decidedHints).subtracting(old.fieldHints).union(fieldHints)
  }

  @MainActor
  private func applyInput(toEditable field: UnsafeMutablePointer<GtkWidget>, from old: ControlStyle)
  {
    // NB: the editable's delegate is the GtkText that holds purpose and hints.
    guard let delegate = gtk_editable_get_delegate(OpaquePointer(field)) else { return }
    let text = UnsafeMutableRawPointer(delegate).assumingMemoryBound(to: GtkText.self)
    if let inputPurpose, gtk_text_get_input_purpose(text) != inputPurpose.gtk {
      gtk_text_set_input_purpose(text, inputPurpose.gtk)
    }
    let current = InputHints(rawValue: gtk_text_get_input_hints(text).rawValue)
    let wanted = hints(from: current, old: old)
    if wanted != current {
      gtk_text_set_input_hints(text, GtkInputHints(rawValue: wanted.rawValue))
    }
  }

  @MainActor
  private func applyInput(toTextView view: UnsafeMutablePointer<GtkWidget>, from old: ControlStyle)
  {
    let text = UnsafeMutableRawPointer(view).assumingMemoryBound(to: GtkTextView.self)
    if let inputPurpose, gtk_text_view_get_input_purpose(text) != inputPurpose.gtk {
      gtk_text_view_set_input_purpose(text, inputPurpose.gtk)
    }
    let current = InputHints(rawValue: gtk_text_view_get_input_hints(text).rawValue)
    let wanted = hints(from: current, old: old)
    if wanted != current {
      gtk_text_view_set_input_hints(text, GtkInputHints(rawValue: wanted.rawValue))
    }
  }
}
