/// How a ``List`` looks: SwiftUI's `ListStyle`, as GTK's list style classes.
///
/// | SwiftUI | GTK style class on the `GtkListBox` |
/// |---|---|
/// | `.automatic`, `.plain` | `rich-list` (padded rows) |
/// | `.sidebar` | `navigation-sidebar` (GNOME's sidebar rows) |
/// | `.inset`, `.insetGrouped`, `.grouped`, `.bordered` | `boxed-list` (rounded, framed rows) |
public protocol ListStyle: Sendable {}

/// A list style GtkBridge knows: its form is the style class it stands for.
protocol KnownListStyle: ListStyle, BuiltInStyle where Key == ListStyleClassKey {}

/// SwiftUI's `DefaultListStyle`.
public struct DefaultListStyle: KnownListStyle {
  public init() {}
  var form: String { "rich-list" }
}

/// SwiftUI's `PlainListStyle`.
public struct PlainListStyle: KnownListStyle {
  public init() {}
  var form: String { "rich-list" }
}

/// SwiftUI's `SidebarListStyle`: GTK's `navigation-sidebar` rows.
public struct SidebarListStyle: KnownListStyle {
  public init() {}
  var form: String { "navigation-sidebar" }
}

/// SwiftUI's `InsetListStyle`: a `boxed-list`.
public struct InsetListStyle: KnownListStyle {
  public init() {}
  var form: String { "boxed-list" }
}

/// SwiftUI's `InsetGroupedListStyle` (iOS): a `boxed-list`.
public struct InsetGroupedListStyle: KnownListStyle {
  public init() {}
  var form: String { "boxed-list" }
}

/// SwiftUI's `GroupedListStyle` (iOS): a `boxed-list`.
public struct GroupedListStyle: KnownListStyle {
  public init() {}
  var form: String { "boxed-list" }
}

/// SwiftUI's `BorderedListStyle` (macOS): a `boxed-list`.
public struct BorderedListStyle: KnownListStyle {
  public init() {}
  var form: String { "boxed-list" }
}

extension ListStyle where Self == DefaultListStyle {
  public static var automatic: DefaultListStyle { DefaultListStyle() }
}

extension ListStyle where Self == PlainListStyle {
  public static var plain: PlainListStyle { PlainListStyle() }
}

extension ListStyle where Self == SidebarListStyle {
  public static var sidebar: SidebarListStyle { SidebarListStyle() }
}

extension ListStyle where Self == InsetListStyle {
  public static var inset: InsetListStyle { InsetListStyle() }
}

extension ListStyle where Self == InsetGroupedListStyle {
  public static var insetGrouped: InsetGroupedListStyle { InsetGroupedListStyle() }
}

extension ListStyle where Self == GroupedListStyle {
  public static var grouped: GroupedListStyle { GroupedListStyle() }
}

extension ListStyle where Self == BorderedListStyle {
  public static var bordered: BorderedListStyle { BorderedListStyle() }
}

/// The style class of the lists inside (`.automatic`'s where no `listStyle` is set).
struct ListStyleClassKey: EnvironmentKey {
  static let defaultValue = "rich-list"
}

extension View {
  /// How the lists in this view look: SwiftUI's `listStyle(_:)` (see ``ListStyle``).
  ///
  /// ```swift
  /// List(selection: $selection) { … }.listStyle(.sidebar)
  /// ```
  public func listStyle<S: ListStyle>(_ style: S) -> some View {
    modifier(BuiltInStyleModifier<ListStyleClassKey>(style))
  }
}
