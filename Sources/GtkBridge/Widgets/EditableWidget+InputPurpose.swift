import CGtk

/// What kind of text a field takes, for on-screen keyboards and input methods: GTK's
/// `GtkInputPurpose`.
public enum InputPurpose: Hashable, Sendable {
  case freeForm, alpha, digits, number, phone, url, email, name, password, pin, terminal

  var gtk: GtkInputPurpose {
    switch self {
    case .freeForm: GTK_INPUT_PURPOSE_FREE_FORM
    case .alpha: GTK_INPUT_PURPOSE_ALPHA
    case .digits: GTK_INPUT_PURPOSE_DIGITS
    case .number: GTK_INPUT_PURPOSE_NUMBER
    case .phone: GTK_INPUT_PURPOSE_PHONE
    case .url: GTK_INPUT_PURPOSE_URL
    case .email: GTK_INPUT_PURPOSE_EMAIL
    case .name: GTK_INPUT_PURPOSE_NAME
    case .password: GTK_INPUT_PURPOSE_PASSWORD
    case .pin: GTK_INPUT_PURPOSE_PIN
    case .terminal: GTK_INPUT_PURPOSE_TERMINAL
    }
  }

  init(_ gtk: GtkInputPurpose) {
    let all: [InputPurpose] = [
      .freeForm, .alpha, .digits, .number, .phone, .url, .email, .name, .password, .pin,
      .terminal,
    ]
    self = all.first { $0.gtk == gtk } ?? .freeForm
  }
}

/// Hints to input methods: GTK's `GtkInputHints` flags.
public struct InputHints: OptionSet, Hashable, Sendable {
  public let rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  public static let spellcheck = InputHints(rawValue: GTK_INPUT_HINT_SPELLCHECK.rawValue)
  public static let noSpellcheck = InputHints(rawValue: GTK_INPUT_HINT_NO_SPELLCHECK.rawValue)
  public static let wordCompletion = InputHints(
    rawValue: GTK_INPUT_HINT_WORD_COMPLETION.rawValue)
  public static let lowercase = InputHints(rawValue: GTK_INPUT_HINT_LOWERCASE.rawValue)
  public static let uppercaseChars = InputHints(
    rawValue: GTK_INPUT_HINT_UPPERCASE_CHARS.rawValue)
  public static let uppercaseWords = InputHints(
    rawValue: GTK_INPUT_HINT_UPPERCASE_WORDS.rawValue)
  public static let uppercaseSentences = InputHints(
    rawValue: GTK_INPUT_HINT_UPPERCASE_SENTENCES.rawValue)
  public static let inhibitOSK = InputHints(rawValue: GTK_INPUT_HINT_INHIBIT_OSK.rawValue)
  public static let verticalWriting = InputHints(
    rawValue: GTK_INPUT_HINT_VERTICAL_WRITING.rawValue)
  public static let emoji = InputHints(rawValue: GTK_INPUT_HINT_EMOJI.rawValue)
  public static let noEmoji = InputHints(rawValue: GTK_INPUT_HINT_NO_EMOJI.rawValue)
  public static let `private` = InputHints(rawValue: GTK_INPUT_HINT_PRIVATE.rawValue)

  /// The capitalisation hints, which exclude each other.
  static let capitalization: InputHints = [
    .lowercase, .uppercaseChars, .uppercaseWords, .uppercaseSentences,
  ]
  /// The spell-checking hints, which exclude each other.
  static let spelling: InputHints = [.spellcheck, .noSpellcheck]
}

extension EditableWidget {
  private var gtkText: UnsafeMutablePointer<GtkText> { delegate.cast(to: GtkText.self) }

  /// What kind of text the field takes. Wraps `gtk_text_set_input_purpose` on the inner
  /// text (an entry's `input-purpose` property forwards there).
  public var inputPurpose: InputPurpose {
    get { InputPurpose(gtk_text_get_input_purpose(gtkText)) }
    set {
      if gtk_text_get_input_purpose(gtkText) != newValue.gtk {
        gtk_text_set_input_purpose(gtkText, newValue.gtk)
      }
    }
  }

  /// Hints for input methods. Wraps `gtk_text_set_input_hints` on the inner text.
  public var inputHints: InputHints {
    get { InputHints(rawValue: gtk_text_get_input_hints(gtkText).rawValue) }
    set {
      if inputHints != newValue {
        gtk_text_set_input_hints(gtkText, GtkInputHints(rawValue: newValue.rawValue))
      }
    }
  }
}
