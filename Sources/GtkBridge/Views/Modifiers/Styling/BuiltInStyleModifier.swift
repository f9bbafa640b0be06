/// A SwiftUI style (a ``ListStyle``, a ``PickerStyle``) that GtkBridge shows as one GTK form:
/// a style class on the list, the widget a picker is made of. SwiftUI names each style by a
/// type; a built-in style's type says its form, which the environment carries, under `Key`,
/// to the controls inside.
protocol BuiltInStyle<Key>: Sendable {
  associatedtype Key: EnvironmentKey
  /// What GTK shows for the style: a style class, a widget kind.
  var form: Key.Value { get }
}

/// The modifier behind `listStyle(_:)` and `pickerStyle(_:)`: puts the style's form in the
/// environment of the views inside; a style that is no built-in one (an app's own) gets
/// `Key`'s default.
///
/// The controls read the form whenever they update their widgets, and no `@Environment`
/// property can name `Key`: unlike `environment(_:_:)`, nothing below is invalidated, and the
/// modifier costs no observation scope.
struct BuiltInStyleModifier<Key: EnvironmentKey>: WidgetModifier {
  static var isRecyclable: Bool { true }
  let form: Key.Value

  init(_ style: some Sendable) {
    form = (style as? any BuiltInStyle<Key>)?.form ?? Key.defaultValue
  }

  static var readsState: Bool { false }

  func modifyEnvironment(_ environment: inout EnvironmentValues) {
    environment[Key.self] = form
  }
}
