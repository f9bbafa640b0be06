import CGtk

extension View {
  /// The keyboard the text fields in this view ask for: SwiftUI's `keyboardType(_:)`, as
  /// GTK's input purpose (see ``UIKeyboardType``).
  ///
  /// ```swift
  /// TextField("Amount", text: $amount).keyboardType(.decimalPad)
  /// ```
  public func keyboardType(_ type: UIKeyboardType) -> some View {
    inputTraits(purpose: type.purpose)
  }

  /// What the text fields in this view hold: SwiftUI's `textContentType(_:)`, as GTK's
  /// input purpose and hints (see ``UITextContentType``). `nil` leaves them as they are.
  public func textContentType(_ type: UITextContentType?) -> some View {
    inputTraits(
      purpose: type?.purpose, hints: type?.hints ?? [],
      family: type == nil ? [] : [.uppercaseWords, .noSpellcheck])
  }

  /// How the text fields in this view capitalise: SwiftUI's
  /// `textInputAutocapitalization(_:)`, as GTK input hints.
  public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?)
    -> some View
  {
    inputTraits(hints: autocapitalization?.hints ?? [], family: .capitalization)
  }

  /// The iOS 13 form of ``textInputAutocapitalization(_:)``.
  public func autocapitalization(_ style: UITextAutocapitalizationType) -> some View {
    inputTraits(hints: style.hints, family: .capitalization)
  }

  /// Turns spell checking and correction off (or back to the default) for the text fields
  /// in this view: SwiftUI's `autocorrectionDisabled(_:)`. GTK's `NO_SPELLCHECK` hint.
  public func autocorrectionDisabled(_ disable: Bool = true) -> some View {
    inputTraits(hints: disable ? .noSpellcheck : [], family: .spelling)
  }

  /// The iOS 13 name of ``autocorrectionDisabled(_:)``.
  public func disableAutocorrection(_ disable: Bool?) -> some View {
    autocorrectionDisabled(disable ?? false)
  }

  func inputTraits(purpose: InputPurpose? = nil, hints: InputHints = [], family: InputHints = [])
    -> some View
  {
    modifier(InputTraitsModifier(purpose: purpose, hints: hints, family: family))
  }
}

/// Sets the input purpose and one family of input hints on every text field in the modified
/// view, leaving the other hints to the modifiers that own them.
@usableFromInline
struct InputTraitsModifier: WidgetModifier {
  let purpose: InputPurpose?
  let hints: InputHints
  /// The hints this modifier decides; `hints` is the part of them it turns on.
  let family: InputHints

  func update(_ storage: Void, node: ModifierNode<some View, Self>) {
    for widget in node.widgets {
      for field in widget.gtkDescendants(ofType: gtk_editable_get_type()) {
        // NB: the editable's delegate is the GtkText that holds purpose and hints.
        guard let delegate = gtk_editable_get_delegate(OpaquePointer(field)) else { continue }
        let text = UnsafeMutableRawPointer(delegate).assumingMemoryBound(to: GtkText.self)
        if let purpose, gtk_text_get_input_purpose(text) != purpose.gtk {
          gtk_text_set_input_purpose(text, purpose.gtk)
        }
        if !family.isEmpty {
          var current = InputHints(rawValue: gtk_text_get_input_hints(text).rawValue)
          let wanted = current.subtracting(family).union(hints)
          if wanted != current {
            current = wanted
            gtk_text_set_input_hints(text, GtkInputHints(rawValue: wanted.rawValue))
          }
        }
      }
      // A vertical text field's or a text editor's text view.
      for view in widget.gtkDescendants(ofType: gtk_text_view_get_type()) {
        let text = UnsafeMutableRawPointer(view).assumingMemoryBound(to: GtkTextView.self)
        if let purpose, gtk_text_view_get_input_purpose(text) != purpose.gtk {
          gtk_text_view_set_input_purpose(text, purpose.gtk)
        }
        if !family.isEmpty {
          let current = InputHints(rawValue: gtk_text_view_get_input_hints(text).rawValue)
          let wanted = current.subtracting(family).union(hints)
          if wanted != current {
            gtk_text_view_set_input_hints(text, GtkInputHints(rawValue: wanted.rawValue))
          }
        }
      }
    }
  }
}
