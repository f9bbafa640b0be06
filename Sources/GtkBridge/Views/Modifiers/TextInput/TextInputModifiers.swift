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
    modifier(
      ControlStyleModifier(
        type.map { .contentType(purpose: $0.purpose, hints: $0.hints) }
          ?? .input(purpose: nil, hints: [], family: [])))
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
    modifier(ControlStyleModifier(.input(purpose: purpose, hints: hints, family: family)))
  }
}
