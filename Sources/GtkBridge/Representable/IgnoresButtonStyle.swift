/// A built-in control GTK makes of buttons that SwiftUI does not style as a button: a `Menu`
/// (a `GtkMenuButton`), a `Picker` (a drop-down's button, the segments' toggle buttons), a
/// `Stepper` (a spin button's "+" and "−"). In SwiftUI `.buttonStyle` styles buttons only
/// (a `Button`, a `NavigationLink`, a toggle styled `.button`); a menu has its own
/// `menuStyle`, a picker its `pickerStyle`. So the classes of a button style around such a
/// control never reach its GTK buttons, which look as they do without the modifier
/// (``ControlStyle/buttonClasses`` nil); the rest of the control style (`.controlSize`,
/// `.tint`, the text traits) and `.disabled` still do.
///
/// ```swift
/// VStack {
///   Button("OK") {}  // suggested-action
///   Menu("More") { Button("Rename") {} }  // its button as without the modifier
/// }
/// .buttonStyle(.borderedProminent)
/// ```
///
/// A user's representable takes the whole style (its GTK buttons are styled as buttons).
@MainActor
protocol IgnoresButtonStyle: WidgetRepresentable {}

extension Menu: IgnoresButtonStyle {}
extension Picker: IgnoresButtonStyle {}
extension Stepper: IgnoresButtonStyle {}
