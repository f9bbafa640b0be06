/// How a ``Picker`` shows its choices: SwiftUI's `PickerStyle`, as GTK widgets.
///
/// | SwiftUI | GTK |
/// |---|---|
/// | `.automatic`, `.menu`, `.wheel` | `GtkDropDown` |
/// | `.segmented` | `GtkToggleButton`s in a `linked` box, one per choice, grouped |
/// | `.inline`, `.radioGroup` | `GtkCheckButton`s in radio style, grouped, one below the other |
/// | `.navigationLink` (iOS) | `GtkDropDown`: the choices in a pop-up list, not a pushed page |
public protocol PickerStyle: Sendable {}

/// The GTK form of a picker style.
enum PickerKind: Sendable {
  case menu, segmented, radio
}

/// A picker style GtkBridge knows: its form is the GTK widget it stands for.
protocol KnownPickerStyle: PickerStyle, BuiltInStyle where Key == PickerKindKey {}

/// SwiftUI's `DefaultPickerStyle`: a drop-down here (macOS shows a pop-up button).
public struct DefaultPickerStyle: KnownPickerStyle {
  public init() {}
  var form: PickerKind { .menu }
}

/// SwiftUI's `MenuPickerStyle`: a `GtkDropDown`.
public struct MenuPickerStyle: KnownPickerStyle {
  public init() {}
  var form: PickerKind { .menu }
}

/// SwiftUI's `WheelPickerStyle` (iOS): a `GtkDropDown`, GTK has no wheel.
public struct WheelPickerStyle: KnownPickerStyle {
  public init() {}
  var form: PickerKind { .menu }
}

/// SwiftUI's `SegmentedPickerStyle`: linked toggle buttons.
public struct SegmentedPickerStyle: KnownPickerStyle {
  public init() {}
  var form: PickerKind { .segmented }
}

/// SwiftUI's `NavigationLinkPickerStyle` (iOS), which pushes a page of choices: a
/// `GtkDropDown` here, whose pop-up list is the desktop's page of choices.
public struct NavigationLinkPickerStyle: KnownPickerStyle {
  public init() {}
  var form: PickerKind { .menu }
}

/// SwiftUI's `InlinePickerStyle`: radio buttons, one below the other.
public struct InlinePickerStyle: KnownPickerStyle {
  public init() {}
  var form: PickerKind { .radio }
}

/// SwiftUI's `RadioGroupPickerStyle` (macOS): radio buttons, one below the other.
public struct RadioGroupPickerStyle: KnownPickerStyle {
  public init() {}
  var form: PickerKind { .radio }
}

extension PickerStyle where Self == DefaultPickerStyle {
  public static var automatic: DefaultPickerStyle { DefaultPickerStyle() }
}

extension PickerStyle where Self == NavigationLinkPickerStyle {
  public static var navigationLink: NavigationLinkPickerStyle { NavigationLinkPickerStyle() }
}

extension PickerStyle where Self == MenuPickerStyle {
  public static var menu: MenuPickerStyle { MenuPickerStyle() }
}

extension PickerStyle where Self == WheelPickerStyle {
  public static var wheel: WheelPickerStyle { WheelPickerStyle() }
}

extension PickerStyle where Self == SegmentedPickerStyle {
  public static var segmented: SegmentedPickerStyle { SegmentedPickerStyle() }
}

extension PickerStyle where Self == InlinePickerStyle {
  public static var inline: InlinePickerStyle { InlinePickerStyle() }
}

extension PickerStyle where Self == RadioGroupPickerStyle {
  public static var radioGroup: RadioGroupPickerStyle { RadioGroupPickerStyle() }
}

/// The GTK form of the pickers inside (a drop-down where no `pickerStyle` is set).
struct PickerKindKey: EnvironmentKey {
  static let defaultValue = PickerKind.menu
}

extension View {
  /// How the pickers in this view show their choices: SwiftUI's `pickerStyle(_:)` (see
  /// ``PickerStyle`` for the GTK widget of each).
  ///
  /// ```swift
  /// Picker("Size", selection: $size) { … }.pickerStyle(.segmented)
  /// ```
  public func pickerStyle<S: PickerStyle>(_ style: S) -> some View {
    modifier(BuiltInStyleModifier<PickerKindKey>(style))
  }
}

struct LabelsHiddenKey: EnvironmentKey {
  static let defaultValue = false
}

extension View {
  /// Hides the titles of the pickers in this view, and the row label a text field shows in a
  /// ``Form``: SwiftUI's `labelsHidden()`. The title still names the control for
  /// assistive technologies (a picker's drop-down keeps it as its accessible label).
  ///
  /// ```swift
  /// Picker("Tip", selection: $tip) { … }.labelsHidden()
  /// ```
  public func labelsHidden() -> some View {
    modifier(LabelsHiddenModifier())
  }
}

@usableFromInline
struct LabelsHiddenModifier: WidgetModifier {
  static var readsState: Bool { false }

  func modifyEnvironment(_ environment: inout EnvironmentValues) {
    environment[LabelsHiddenKey.self] = true
  }
}
