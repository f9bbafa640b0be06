/// A style GtkBridge refused before handing it to GTK.
public enum StyleError: Error, Hashable, Sendable {
  /// Not a colour ``Color/init(css:)`` accepts.
  case invalidColor(String)
  /// A font family with characters other than letters, digits, space, `-`, `_` and `.`.
  case invalidFontFamily(String)
  /// A font size that is not a finite number of points in 0 < size <= 1000.
  case invalidFontSize(Double)
  /// GTK's CSS parser rejected the stylesheet; the widget keeps its previous style.
  case css(CSSError)
}

/// One error from GTK's CSS parser, at a position in the raw CSS you passed to `css(_:)`.
public struct CSSError: Error, Hashable, Sendable, CustomStringConvertible {
  /// 1-based line in the text given to `css(_:)`; 0 when the error lies outside it.
  public var line: Int
  /// 1-based column (in characters) on that line.
  public var column: Int
  /// GTK's message, such as "No property named "colr"".
  public var message: String

  public init(line: Int, column: Int, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }

  public var description: String { "CSS \(line):\(column): \(message)" }
}
