/// The keyboard a text field asks for: UIKit's `UIKeyboardType`, as SwiftUI's
/// `.keyboardType(_:)` takes it. On Linux it sets GTK's input purpose, which on-screen
/// keyboards (Phosh's Squeekboard, GNOME's) read to show digits, a phone pad or an `@` key.
///
/// | `UIKeyboardType` | `GtkInputPurpose` |
/// |---|---|
/// | `.default`, `.asciiCapable`, `.twitter`, `.webSearch` | `FREE_FORM` |
/// | `.numbersAndPunctuation`, `.decimalPad` | `NUMBER` |
/// | `.numberPad`, `.asciiCapableNumberPad` | `DIGITS` |
/// | `.phonePad` | `PHONE` |
/// | `.namePhonePad` | `NAME` |
/// | `.URL` | `URL` |
/// | `.emailAddress` | `EMAIL` |
public enum UIKeyboardType: Hashable, Sendable {
  case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad
  case namePhonePad, emailAddress, decimalPad, twitter, webSearch, asciiCapableNumberPad

  var purpose: InputPurpose {
    switch self {
    case .default, .asciiCapable, .twitter, .webSearch: .freeForm
    case .numbersAndPunctuation, .decimalPad: .number
    case .numberPad, .asciiCapableNumberPad: .digits
    case .phonePad: .phone
    case .namePhonePad: .name
    case .URL: .url
    case .emailAddress: .email
    }
  }
}

/// What a text field holds, for autofill: UIKit's `UITextContentType`. On Linux it sets
/// GTK's input purpose (and, for names, capitalises words).
///
/// | `UITextContentType` | `GtkInputPurpose` (hints) |
/// |---|---|
/// | `.emailAddress` | `EMAIL` |
/// | `.URL` | `URL` |
/// | `.telephoneNumber` | `PHONE` |
/// | `.name`, `.givenName`, `.familyName`, `.middleName`, `.nickname`, … | `NAME` (`UPPERCASE_WORDS`) |
/// | `.password`, `.newPassword` | `PASSWORD` |
/// | `.oneTimeCode` | `PIN` |
/// | `.username` | `FREE_FORM` (`NO_SPELLCHECK`) |
/// | any other | `FREE_FORM` |
public struct UITextContentType: Hashable, Sendable, RawRepresentable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ rawValue: String) { self.rawValue = rawValue }

  public static let name = UITextContentType("name")
  public static let namePrefix = UITextContentType("namePrefix")
  public static let givenName = UITextContentType("givenName")
  public static let middleName = UITextContentType("middleName")
  public static let familyName = UITextContentType("familyName")
  public static let nameSuffix = UITextContentType("nameSuffix")
  public static let nickname = UITextContentType("nickname")
  public static let jobTitle = UITextContentType("jobTitle")
  public static let organizationName = UITextContentType("organizationName")
  public static let location = UITextContentType("location")
  public static let fullStreetAddress = UITextContentType("fullStreetAddress")
  public static let streetAddressLine1 = UITextContentType("streetAddressLine1")
  public static let streetAddressLine2 = UITextContentType("streetAddressLine2")
  public static let addressCity = UITextContentType("addressCity")
  public static let addressState = UITextContentType("addressState")
  public static let addressCityAndState = UITextContentType("addressCityAndState")
  public static let sublocality = UITextContentType("sublocality")
  public static let countryName = UITextContentType("countryName")
  public static let postalCode = UITextContentType("postalCode")
  public static let telephoneNumber = UITextContentType("telephoneNumber")
  public static let emailAddress = UITextContentType("emailAddress")
  public static let URL = UITextContentType("URL")
  public static let creditCardNumber = UITextContentType("creditCardNumber")
  public static let username = UITextContentType("username")
  public static let password = UITextContentType("password")
  public static let newPassword = UITextContentType("newPassword")
  public static let oneTimeCode = UITextContentType("oneTimeCode")

  var purpose: InputPurpose {
    switch self {
    case .emailAddress: .email
    case .URL: .url
    case .telephoneNumber: .phone
    case .name, .namePrefix, .givenName, .middleName, .familyName, .nameSuffix, .nickname: .name
    case .password, .newPassword: .password
    case .oneTimeCode: .pin
    default: .freeForm
    }
  }

  var hints: InputHints {
    switch purpose {
    case .name: .uppercaseWords
    default: self == .username ? .noSpellcheck : []
    }
  }
}

/// How a text field capitalises: SwiftUI's `TextInputAutocapitalization`, as GTK input hints.
///
/// | SwiftUI | `GtkInputHints` |
/// |---|---|
/// | `.never` | `LOWERCASE` |
/// | `.words` | `UPPERCASE_WORDS` |
/// | `.sentences` | `UPPERCASE_SENTENCES` |
/// | `.characters` | `UPPERCASE_CHARS` |
public struct TextInputAutocapitalization: Hashable, Sendable {
  let hints: InputHints

  public static let never = TextInputAutocapitalization(hints: .lowercase)
  public static let words = TextInputAutocapitalization(hints: .uppercaseWords)
  public static let sentences = TextInputAutocapitalization(hints: .uppercaseSentences)
  public static let characters = TextInputAutocapitalization(hints: .uppercaseChars)
}

/// UIKit's capitalisation type, for the iOS 13 `.autocapitalization(_:)` and for
/// ``Entry/autocapitalizationType``. Same GTK hints as ``TextInputAutocapitalization``.
public enum UITextAutocapitalizationType: Hashable, Sendable {
  case none, words, sentences, allCharacters

  var hints: InputHints {
    switch self {
    case .none: .lowercase
    case .words: .uppercaseWords
    case .sentences: .uppercaseSentences
    case .allCharacters: .uppercaseChars
    }
  }
}

/// UIKit's autocorrection setting, for ``Entry/autocorrectionType``: `.no` is GTK's
/// `NO_SPELLCHECK` hint, `.yes` its `SPELLCHECK`, `.default` neither.
public enum UITextAutocorrectionType: Hashable, Sendable {
  case `default`, no, yes

  var hints: InputHints {
    switch self {
    case .default: []
    case .no: .noSpellcheck
    case .yes: .spellcheck
    }
  }
}

/// UIKit's Return key label, for ``Entry/returnKeyType``: accepted and kept, with no GTK
/// meaning (GTK 4 input methods are not told a Return label).
public enum UIReturnKeyType: Hashable, Sendable {
  case `default`, go, google, join, next, route, search, send, yahoo, done, emergencyCall
  case `continue`
}
