import CGtk

/// Typed style properties. Set them in a configuration closure; GtkBridge turns them into a
/// stylesheet that styles this one widget (and, for inherited properties such as `color`,
/// its inner nodes), never its neighbours.
///
/// ```swift
/// LegacyTextField(text: $text, isFirstResponder: $focused) {
///   $0.textColor = .red
///   $0.caretColor = .blue      // UIKit's tintColor
///   $0.css("border-radius: 0;")
/// }
/// ```
extension Widget {
  /// The text colour (CSS `color`).
  public var textColor: Color? {
    get { style.textColor }
    set { style.textColor = newValue }
  }

  /// The insertion cursor's colour (CSS `caret-color`), UIKit's `tintColor` for text fields.
  public var caretColor: Color? {
    get { style.caretColor }
    set { style.caretColor = newValue }
  }

  /// The background colour (CSS `background-color`, with the theme's background image off).
  public var backgroundColor: Color? {
    get { style.backgroundColor }
    set { style.backgroundColor = newValue }
  }

  /// The font (CSS `font-family`, `font-size`, `font-weight`).
  public var font: Font? {
    get { style.font }
    set { style.font = newValue }
  }

  /// Adds raw CSS declarations for this widget's own node, such as `"border-radius: 0;"`.
  ///
  /// Errors GTK finds in them are reported through ``StyleDiagnostics/handler`` and
  /// ``styleError``, with lines and columns counted in `declarations`; the widget then keeps
  /// its previous style.
  public func css(_ declarations: String) {
    style.rawCSS.append(declarations)
  }

  /// Why the most recently staged style was rejected, or `nil` if it is in effect.
  public var styleError: StyleError? { styleSheet?.error }

  /// Starts a fresh draft: a configuration closure then states the whole style.
  func beginStyle() {
    style = WidgetStyle()
  }

  /// Applies the staged style if it differs from what is applied. Idempotent: the same
  /// style twice loads CSS once.
  func applyStyle() {
    let sheet = styleSheet ?? ScopedStyleSheet()
    styleSheet = sheet
    if let error = sheet.apply(style, to: pointer) {
      StyleDiagnostics.handler(error, self)
    }
  }
}

/// Where rejected styles are reported.
@MainActor
public enum StyleDiagnostics {
  /// Called once for each style that GtkBridge or GTK rejects; the widget keeps its previous
  /// style. The default logs a GLib warning in the "GtkBridge" domain. Replace it to collect
  /// errors, for example in tests:
  ///
  /// ```swift
  /// StyleDiagnostics.handler = { error, _ in errors.append(error) }
  /// ```
  public static var handler: @MainActor (StyleError, Widget) -> Void = { error, _ in
    Log.warning("style rejected: \(error)")
  }
}
