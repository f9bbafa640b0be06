import CGtk

/// A control's tint (`.tint`, `.accentColor`) as CSS: one stylesheet per colour, given to the
/// GTK widgets of each control that takes it (``ControlStyle/tint``), and taken off again when
/// the tint goes or changes.
///
/// The stylesheet paints what SwiftUI on macOS paints with the tint: the background of a
/// prominent button (`suggested-action`, `destructive-action`), a text field's caret, a
/// switch's track and a check box's or radio's indicator when on, a button-style toggle when
/// on, a slider's filled part and a progress bar's progress. Its selectors decide which part
/// of a widget takes it, so a button that becomes prominent later (a `.buttonStyle` that
/// changes) is tinted with no walk, and a disabled control keeps the theme's look.
///
/// A stylesheet is given to a widget's own CSS node (``CSSProvider/add(to:priority:)``),
/// never to the display, so it reaches no other control; it sits just under the app's own
/// styles (`.configure`, `.background`), which win over it. The stylesheets are parsed once
/// per colour and shared; one for a colour with a dark appearance is written again when GTK's
/// scheme changes.
///
/// Each widget holds the sheet it was given (object data), and a sheet lives as long as a
/// widget holds it: a tint driven by a slider, a new colour at every step, keeps only the
/// sheets in use, not one per colour ever shown. Taking a tint off removes what the widget
/// holds, whatever colour asked.
@MainActor
final class TintStyleSheet {
  let tint: Color
  private let provider = CSSProvider()
  /// Whether the stylesheet was written for the dark appearance (colours that have one).
  private var writtenDark = false

  /// The sheets widgets hold, by colour; a sheet no widget holds goes.
  private static var sheets: [Color: WeakSheet] = [:]

  private struct WeakSheet {
    weak var sheet: TintStyleSheet?
  }

  /// How many sheets exist now (tests check that unused ones go).
  static var liveCount: Int {
    sheets.values.count { $0.sheet != nil }
  }

  /// The object-data key under which a widget holds its sheet.
  private static let key = "gtkbridge-tint-sheet"
  /// The settings' "notify" connections, made once a colour with a dark appearance is used.
  private static var darkPreferenceChanged: SignalConnection?
  private static var themeChanged: SignalConnection?
  private static var watchingScheme = false

  private init(tint: Color) {
    self.tint = tint
    write()
  }

  /// The stylesheet of `tint`: the one widgets hold, or parsed now.
  private static func sheet(for tint: Color) -> TintStyleSheet {
    if let sheet = sheets[tint]?.sheet { return sheet }
    // NB: entries of sheets that went are dropped here, the one place that adds one.
    sheets = sheets.filter { $0.value.sheet != nil }
    let sheet = TintStyleSheet(tint: tint)
    sheets[tint] = WeakSheet(sheet: sheet)
    if tint.darkVariant != nil, !watchingScheme { watchScheme() }
    return sheet
  }

  /// Gives `widget` the stylesheet of `tint` (nil: none) in place of the one it holds.
  static func setTint(_ tint: Color?, on widget: UnsafeMutablePointer<GtkWidget>) {
    let object = widget.cast(to: GObject.self)
    let held = g_object_get_data(object, key).map {
      Unmanaged<TintStyleSheet>.fromOpaque($0).takeUnretainedValue()
    }
    guard held?.tint != tint else { return }
    if let held {
      held.provider.remove(from: widget)
      // NB: releases the widget's reference (the destroy notify below).
      g_object_set_data(object, key, nil)
    }
    guard let tint else { return }
    let sheet = sheet(for: tint)
    sheet.provider.add(to: widget, priority: .underApplication)
    g_object_set_data_full(object, key, Unmanaged.passRetained(sheet).toOpaque()) { data in
      guard let data else { return }
      Unmanaged<TintStyleSheet>.fromOpaque(data).release()
    }
  }

  private func write() {
    writtenDark = tint.darkVariant != nil && DisplaySettings.colorScheme == .dark
    // NB: GtkBridge writes every rule, and a colour's value is one GTK parses; GTK keeps the
    // rules it could read past an error.
    let color = tint.appearance(dark: writtenDark)
    if let error = provider.load(Self.css(for: color.cssValue, text: Self.text(on: color))) {
      Log.warning("tint stylesheet: \(error)")
    }
  }

  /// The CSS value of a readable text colour on `color`: white, or black on a light colour
  /// (relative luminance over a half: yellow, not red or orange); the theme's text on its
  /// accent for a colour of the theme.
  static func text(on color: Color) -> String {
    if color.themeExpression != nil { return "@theme_selected_fg_color" }
    func linear(_ value: Double) -> Double {
      value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }
    let luminance =
      0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
    return luminance > 0.5 ? "black" : "white"
  }

  /// The rules, for a colour's CSS value and the text colour readable on it. A button-style
  /// toggle that is on (``markButtonToggle(_:)``) is filled with the tint, as SwiftUI on macOS
  /// fills it, and its label takes the text colour.
  static func css(for color: String, text: String = "white") -> String {
    let paint = "background-color: \(color); background-image: none; border-color: \(color);"
    func each(_ selectors: [String], _ states: [String]) -> String {
      selectors.flatMap { selector in states.map { selector + $0 + ":not(:disabled)" } }
        .joined(separator: ", ")
    }
    let prominent = ["button.suggested-action", "button.destructive-action"]
    let parts = ["switch", "check", "radio"]
    return """
      * { caret-color: \(color); }
      \(each(prominent, [""])) { \(paint) }
      \(each(prominent, [":hover"])) { background-image: image(rgba(255,255,255,0.1)); }
      \(each(prominent, [":active", ":checked"])) { background-image: image(rgba(0,0,0,0.1)); }
      \(each(parts, [":checked"])), \(each(["check", "radio"], [":indeterminate"])) { \(paint) }
      \(each(["highlight", "progress"], [""])) { \(paint) }
      \(each([buttonToggle], [":checked"])) { \(paint) color: \(text); }
      \(each([buttonToggle], [":checked:hover"])) { background-image: image(rgba(255,255,255,0.1)); }
      \(each([buttonToggle], [":checked:active"])) { background-image: image(rgba(0,0,0,0.1)); }

      """
  }

  /// The selector of a ``Toggle``'s `GtkToggleButton` (`.toggleStyle(.button)`).
  private static let buttonToggle = "button.toggle.gtkbridge-button-toggle"

  /// Marks `widget` as a button-style toggle: filled with the tint when on (the stylesheet
  /// above), or with the theme's accent colour where there is no tint. The theme's look of
  /// an on toggle button is a darker grey; SwiftUI on macOS shows it in the accent colour.
  /// The accent look is one display-wide stylesheet just above the theme, so a tint's
  /// (per widget, nearer the app's) wins over it.
  static func markButtonToggle(_ widget: UnsafeMutablePointer<GtkWidget>) {
    gtk_widget_add_css_class(widget, "gtkbridge-button-toggle")
    guard accentToggle == nil else { return }
    let provider = CSSProvider()
    let paint =
      "background-color: @theme_selected_bg_color; background-image: none;"
      + " border-color: @theme_selected_bg_color; color: @theme_selected_fg_color;"
    if let error = provider.load(
      """
      \(buttonToggle):checked:not(:disabled) { \(paint) }
      \(buttonToggle):checked:hover:not(:disabled) { background-image: image(rgba(255,255,255,0.1)); }
      \(buttonToggle):checked:active:not(:disabled) { background-image: image(rgba(0,0,0,0.1)); }
      """)
    {
      Log.warning("toggle stylesheet: \(error)")
    }
    guard provider.addToDisplay(priority: .aboveTheme) else { return }
    accentToggle = provider
  }

  private static var accentToggle: CSSProvider?

  /// Writes the stylesheets of colours with a dark appearance again when GTK's scheme changes
  /// (the widgets that hold them are restyled by GTK).
  private static func watchScheme() {
    let refresh: @MainActor () -> Void = {
      for case let sheet? in sheets.values.map(\.sheet) where sheet.tint.darkVariant != nil {
        if sheet.writtenDark != (DisplaySettings.colorScheme == .dark) { sheet.write() }
      }
    }
    watchingScheme = true
    darkPreferenceChanged = DisplaySettings.connectChanged(
      "gtk-application-prefer-dark-theme", refresh)
    themeChanged = DisplaySettings.connectChanged("gtk-theme-name", refresh)
  }
}

extension Widget {
  /// The GTK widgets of this control that take its tint (``TintStyleSheet``): with `reach`
  /// `.itself`, the widget if it is one; with `.subtree`, those at or below it. Buttons,
  /// editables and text views (an entry's inner text inherits its caret colour), switches,
  /// and the nodes of the parts GTK makes widgets of its own: a check button's indicator
  /// (`check`, `radio`), a scale's `highlight`, a progress bar's `progress`.
  func tintTargets(_ reach: ControlStyle.Reach) -> [UnsafeMutablePointer<GtkWidget>] {
    guard reach == .subtree else { return Self.takesTint(pointer) ? [pointer] : [] }
    return gtkWidgets(
      where: Self.takesTint,
      notInside: { gtkIsA($0, gtk_editable_get_type()) || gtkIsA($0, gtk_text_view_get_type()) })
  }

  private static let tintedPartNames: Set<String> = ["check", "radio", "highlight", "progress"]

  private static func takesTint(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
    if gtkIsA(widget, gtk_button_get_type()) || gtkIsA(widget, gtk_editable_get_type())
      || gtkIsA(widget, gtk_text_view_get_type()) || gtkIsA(widget, gtk_switch_get_type())
    {
      return true
    }
    guard let name = gtk_widget_get_css_name(widget) else { return false }
    return tintedPartNames.contains(String(cString: name))
  }
}
