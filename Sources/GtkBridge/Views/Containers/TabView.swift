/// Views shown one at a time, chosen by tabs: SwiftUI's `TabView`, as a `GtkStack` with a
/// `GtkStackSwitcher` above it (the row of linked buttons GNOME uses to switch views).
///
/// Each view in the content is a page; its `.tabItem { }` titles its tab (the text of a
/// `Label` or `Text` in it), and its `.tag(_:)` is the value `selection` holds while it is
/// shown. Choosing a tab writes the binding; writing the binding shows the page.
///
/// Focus: a page that is not shown takes no focus (a focus state set to a field on it reads
/// back the truth). When the page changes while focus is in the page that goes, focus moves
/// into the new page by the launch rule (its first text field, caret at the end); focus
/// elsewhere (on the tabs themselves, say) stays where it is.
///
/// ```swift
/// TabView(selection: $tab) {
///   GeneralSettings()
///     .tabItem { Label("General", systemImage: "gear") }
///     .tag(Tab.general)
///   AdvancedSettings()
///     .tabItem { Label("Advanced", systemImage: "star") }
///     .tag(Tab.advanced)
/// }
/// ```
public struct TabView<SelectionValue: Hashable, Content: View>: View, PrimitiveView {
  let selection: Binding<SelectionValue>?
  let content: Content

  /// Pages whose shown one is the page tagged with `selection`'s value.
  public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {
    self.selection = selection
    self.content = content()
  }

  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    TabNode(graph: graph, parent: parent, view: self)
  }
}

extension TabView where SelectionValue == Int {
  /// Pages the user chooses between; the first is shown first.
  public init(@ViewBuilder content: () -> Content) {
    self.init(selection: nil, content: content)
  }
}

extension View {
  /// The tab of this page in a ``TabView``: the text of the `Label` or `Text` in `label`
  /// (GTK's switcher shows a title; an icon is not shown).
  ///
  /// ```swift
  /// InboxView().tabItem { Label("Inbox", systemImage: "tray") }
  /// ```
  public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View {
    modifier(TabItemModifier(title: menuTitle(of: label())))
  }
}

/// A page's tab title, read by its ``TabView``.
@usableFromInline
struct TabItemModifier: WidgetModifier {
  static var readsState: Bool { false }
  let title: String
}

/// How a ``TabView`` shows its tabs: SwiftUI's `TabViewStyle`, accepted so iOS and macOS code
/// compiles; GtkBridge always shows GNOME's switcher above the pages.
public struct TabViewStyle: Sendable, Hashable {
  let name: String
  public static let automatic = TabViewStyle(name: "automatic")
  public static let page = TabViewStyle(name: "page")
  public static let tabBarOnly = TabViewStyle(name: "tabBarOnly")
  public static let sidebarAdaptable = TabViewStyle(name: "sidebarAdaptable")
  public static let grouped = TabViewStyle(name: "grouped")
}

extension View {
  /// Accepted, no effect (see ``TabViewStyle``).
  public func tabViewStyle(_ style: TabViewStyle) -> some View { self }
}
