/// What `#Preview` expands to: a uniquely named type that registers the preview.
///
/// ```swift
/// #Preview("Empty list", traits: .sizeThatFitsLayout) { ContentView() }
/// ```
///
/// becomes
///
/// ```swift
/// @usableFromInline @MainActor enum $s…PreviewfMf_20__gtkbridge_preview_fMu_:
///   GtkBridge._PreviewRegistration
/// {
///   @usableFromInline static let fileID = "App/ContentView.swift"
///   @usableFromInline static let line = 42
///   @usableFromInline static func makePreview() -> GtkBridge.Preview {
///     GtkBridge.Preview("Empty list", traits: .sizeThatFitsLayout) { ContentView() }
///   }
/// }
/// ```
///
/// The macro's arguments are passed on as they were written, to `Preview`'s initialisers,
/// which take the same forms as the macro: the compiler has already checked them against the
/// macro's declaration, so the text needs no parsing beyond finding where it starts.
/// GtkBridge finds the registrations at run time by the marker in their names.
struct PreviewExpansion {
  /// The marker GtkBridge's preview discovery looks for in type names.
  static let marker = "__gtkbridge_preview_"

  let request: [String: Any]

  var expandedSource: String {
    let syntax = request["syntax"] as? [String: Any] ?? [:]
    let source = syntax["source"] as? String ?? ""
    let location = syntax["location"] as? [String: Any] ?? [:]
    guard let discriminator = request["discriminator"] as? String,
      let start = Self.macroStart(in: source)
    else {
      return "#error(\"#Preview: the compiler sent a request GtkBridgeMacros cannot read\")"
    }
    let fileID = location["fileID"] as? String ?? ""
    let line = (location["line"] as? Int ?? 0) + start.newlinesBefore
    let arguments = source[start.afterName...]
    // NB: `@usableFromInline`: an optimised build emits the metadata of an internal type
    // only where it is used, and nothing uses this one by name (its type metadata record
    // is how it is found); a type that may be used from inlinable code is always emitted.
    return """
      @usableFromInline @MainActor enum \(Self.uniqueName(discriminator)): GtkBridge._PreviewRegistration {
        @usableFromInline static let fileID = \(Self.stringLiteral(fileID))
        @usableFromInline static let line = \(line)
        @usableFromInline static func makePreview() -> GtkBridge.Preview {
          GtkBridge.Preview\(arguments)
        }
      }
      """
  }

  /// The name the compiler's `makeUniqueName` would give: the expansion's discriminator,
  /// the name's length and the name, then `fMu_` (a macro-made unique name).
  static func uniqueName(_ discriminator: String) -> String {
    "\(discriminator)\(marker.count)\(marker)fMu_"
  }

  /// Where the macro's name ends in `source`, past the leading whitespace and comments the
  /// compiler sends with it, and how many lines those took.
  static func macroStart(in source: String) -> (afterName: String.Index, newlinesBefore: Int)? {
    var index = source.startIndex
    var newlines = 0
    while index < source.endIndex {
      let rest = source[index...]
      if rest.first == "\n" {
        newlines += 1
        index = source.index(after: index)
      } else if rest.first?.isWhitespace == true {
        index = source.index(after: index)
      } else if rest.hasPrefix("//") {
        index = rest.firstIndex(of: "\n") ?? source.endIndex
      } else if rest.hasPrefix("/*"), let end = rest.range(of: "*/") {
        newlines += rest[..<end.upperBound].filter { $0 == "\n" }.count
        index = end.upperBound
      } else {
        break
      }
    }
    guard source[index...].hasPrefix("#") else { return nil }
    var afterName = source.index(after: index)
    // `#Preview`, or `#GtkBridge.Preview` spelled with its module.
    while afterName < source.endIndex,
      source[afterName].isLetter || source[afterName].isNumber || source[afterName] == "_"
        || source[afterName] == "."
    {
      afterName = source.index(after: afterName)
    }
    return (afterName, newlines)
  }

  /// `text` as a Swift string literal.
  static func stringLiteral(_ text: String) -> String {
    var literal = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": literal += "\\\\"
      case "\"": literal += "\\\""
      case "\n": literal += "\\n"
      default: literal.unicodeScalars.append(scalar)
      }
    }
    return literal + "\""
  }
}
