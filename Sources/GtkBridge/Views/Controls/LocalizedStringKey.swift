import CGtk

/// The key of a translatable text: SwiftUI's `LocalizedStringKey`, looked up in the app's
/// gettext catalog. A string literal passed to `Text` or `Button` is one; a `String`
/// variable is not (it shows as it is), as in SwiftUI.
///
/// The key is the literal with each interpolation written as a `printf` placeholder, the
/// form `xgettext` and translators see: `Text("Hello \(name)")` looks up `"Hello %@"`, and an
/// `Int` is `%lld`, a `Double` `%lf`. A translation may reorder them (`%2$@ … %1$@`).
///
/// ```swift
/// Text("Sign In")                      // msgid "Sign In"
/// Text("\(count) unread messages")     // msgid "%lld unread messages"
/// Text(verbatim: "Sign In")            // never translated
/// ```
public struct LocalizedStringKey: Equatable, Sendable, ExpressibleByStringInterpolation {
  /// The msgid.
  let key: String
  /// The interpolated values, as text, for the placeholders; `nil` for a plain literal (no
  /// placeholders: `%` in it is literal).
  let arguments: [String]?

  public init(_ value: String) {
    key = value
    arguments = nil
  }

  public init(stringLiteral value: String) {
    self.init(value)
  }

  public init(stringInterpolation: StringInterpolation) {
    key = stringInterpolation.key
    arguments = stringInterpolation.arguments
  }

  /// Builds a key's placeholders and their values: SwiftUI's interpolation.
  public struct StringInterpolation: StringInterpolationProtocol, Sendable {
    var key = ""
    var arguments: [String] = []

    public init(literalCapacity: Int, interpolationCount: Int) {}

    public mutating func appendLiteral(_ literal: String) {
      key += literal.replacingOccurrences(of: "%", with: "%%")
    }

    public mutating func appendInterpolation(_ value: String) {
      append("%@", value)
    }

    public mutating func appendInterpolation(_ value: some BinaryInteger) {
      append("%lld", "\(value)")
    }

    public mutating func appendInterpolation(_ value: Double) {
      append("%lf", "\(value)")
    }

    /// `Text("\(score, specifier: "%.2f")")`: the value in a `printf` format.
    public mutating func appendInterpolation(_ value: some CVarArg, specifier: String) {
      append(specifier, String(format: specifier, value))
    }

    /// `Text("Total: \(price, format: .number)")`.
    public mutating func appendInterpolation<F: FormatStyle>(
      _ value: F.FormatInput, format: F
    ) where F.FormatOutput == String {
      append("%@", format.format(value))
    }

    public mutating func appendInterpolation(_ value: some Any) {
      append("%@", "\(value)")
    }

    private mutating func append(_ placeholder: String, _ value: String) {
      key += placeholder
      arguments.append(value)
    }
  }

  /// The text to show: the translation of the key in gettext domain `domain` (`nil`: the
  /// one `textdomain()` set) with the values in its placeholders. Wraps `g_dgettext`.
  func resolved(domain: String? = nil) -> String {
    // NB: with no translation, g_dgettext returns the msgid it was given: the C string must
    // outlive the copy, so it is made here, not by the call's temporary bridging.
    let translated = key.withCString { msgid in String(cString: g_dgettext(domain, msgid)) }
    guard let arguments else { return translated }
    return Self.substitute(arguments, into: translated)
  }

  /// Replaces each `printf` placeholder of `format` (`%@`, `%lld`, `%.2f`, `%2$@`, …) with
  /// the next (or the numbered) argument, and `%%` with `%`.
  static func substitute(_ arguments: [String], into format: String) -> String {
    var result = ""
    var next = 0
    var index = format.startIndex
    while index < format.endIndex {
      let character = format[index]
      index = format.index(after: index)
      guard character == "%", index < format.endIndex else {
        result.append(character)
        continue
      }
      if format[index] == "%" {
        result.append("%")
        index = format.index(after: index)
        continue
      }
      // Flags, width, precision, a position (`2$`) and length modifiers, then the conversion.
      var spec = ""
      while index < format.endIndex, "0123456789.$-+ #'lhqLzjt".contains(format[index]) {
        spec.append(format[index])
        index = format.index(after: index)
      }
      guard index < format.endIndex else {
        result += "%" + spec
        break
      }
      index = format.index(after: index)
      var position = next
      if let dollar = spec.firstIndex(of: "$"), let number = Int(spec[..<dollar]), number > 0 {
        position = number - 1
      } else {
        next += 1
      }
      if arguments.indices.contains(position) { result += arguments[position] }
    }
    return result
  }
}
