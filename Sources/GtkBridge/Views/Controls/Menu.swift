import CGtk

/// A button that opens a menu of commands: SwiftUI's `Menu`, as a `GtkMenuButton` with a
/// popover menu. Inside a ``CommandMenu`` it is a submenu.
///
/// The content is the same as a ``CommandMenu``'s: `Button`, `Toggle`, `Picker`, `Divider`,
/// `Section`, `ForEach`, nested `Menu`s. Each item is an action of a group on the button
/// ("menu.item-N"), re-read whenever state the content reads changes. Like GtkBridge's
/// buttons, a click leaves keyboard focus where it is, and opening the menu moves none: its
/// items act on the field the user is in.
///
/// ```swift
/// Menu("Actions") {
///   Button("Duplicate") { duplicate() }
///   Button("Rename") { rename() }
///   Divider()
///   Menu("Copy") {
///     Button("Copy Format") { copyFormat() }
///   }
/// }
/// Menu {
///   Button("New Folder") { newFolder() }
/// } label: {
///   Label("Add", systemImage: "plus")
/// }
/// ```
public struct Menu<Content: View>: WidgetRepresentable {
  let title: String
  let iconName: String?
  let content: @MainActor () -> Content
  var primaryAction: (@MainActor () -> Void)?

  /// A menu titled with the translation of `titleKey` (see ``LocalizedStringKey``).
  public init(
    _ titleKey: LocalizedStringKey, @ViewBuilder content: @escaping @MainActor () -> Content
  ) {
    self.init(title: titleKey.resolved(), iconName: nil, content: content)
  }

  /// A menu titled `title` as it is.
  @_disfavoredOverload
  public init<S: StringProtocol>(
    _ title: S, @ViewBuilder content: @escaping @MainActor () -> Content
  ) {
    self.init(title: String(title), iconName: nil, content: content)
  }

  /// A menu whose button shows an icon (the freedesktop icon for SF Symbol `systemImage`),
  /// with `titleKey` as its tooltip and accessible name.
  public init(
    _ titleKey: LocalizedStringKey, systemImage: String,
    @ViewBuilder content: @escaping @MainActor () -> Content
  ) {
    self.init(
      title: titleKey.resolved(), iconName: Image.iconName(forSystemName: systemImage),
      content: content)
  }

  /// A menu labelled by a view: a ``Label``'s icon (its title as tooltip), else the text in it.
  public init<MenuLabel: View>(
    @ViewBuilder content: @escaping @MainActor () -> Content,
    @ViewBuilder label: () -> MenuLabel
  ) {
    let label = label()
    if let labelled = label as? Label {
      self.init(title: labelled.title, iconName: labelled.iconName, content: content)
    } else {
      self.init(title: menuTitle(of: label), iconName: nil, content: content)
    }
  }

  /// A menu with a primary action (macOS: a click runs it, the arrow opens the menu). A
  /// `GtkMenuButton` has one part, so here the primary action is the menu's first item,
  /// titled as the menu.
  public init<MenuLabel: View>(
    @ViewBuilder content: @escaping @MainActor () -> Content,
    @ViewBuilder label: () -> MenuLabel, primaryAction: @escaping @MainActor () -> Void
  ) {
    self.init(content: content, label: label)
    self.primaryAction = primaryAction
  }

  private var entries: [MenuEntry] {
    var entries = MenuEntry.entries(of: content())
    if let primaryAction {
      entries.insert(
        .item(
          .init(title: title, shortcut: nil, isDisabled: false, isOn: nil, action: primaryAction)),
        at: 0)
    }
    return entries
  }

  private init(title: String, iconName: String?, content: @escaping @MainActor () -> Content) {
    self.title = title
    self.iconName = iconName
    self.content = content
  }

  /// The button's action group and the menu's actions.
  @MainActor
  public final class Coordinator {
    let group = OpaquePointer(g_simple_action_group_new()!)
    let actions: MenuActions

    init() {
      actions = MenuActions(map: group, prefix: "menu", namePrefix: "item-")
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(group)) }
  }

  public func makeCoordinator() -> Coordinator { Coordinator() }

  public func makeWidget(context: Context) -> Widget {
    let button = Widget(retaining: gtk_menu_button_new()!)
    let coordinator = context.coordinator
    gtk_widget_insert_action_group(button.pointer, "menu", coordinator.group)
    // NB: as GtkBridge's buttons: a click leaves focus where it is.
    if let toggle = gtk_widget_get_first_child(button.pointer) {
      gtk_widget_set_focus_on_click(toggle, 0)
    }
    gtk_menu_button_set_menu_model(
      button.opaquePointer, MenuActions.model(coordinator.actions.menu))
    return button
  }

  public func updateWidget(_ button: Widget, context: Context) {
    let menuButton = button.opaquePointer
    if let iconName {
      if gtk_menu_button_get_icon_name(menuButton).map({ String(cString: $0) }) != iconName {
        gtk_menu_button_set_icon_name(menuButton, iconName)
      }
      if gtk_widget_get_tooltip_text(button.pointer).map({ String(cString: $0) }) != title {
        gtk_widget_set_tooltip_text(button.pointer, title)
        cgtk_accessible_set_label(button.pointer, title)
      }
    } else if gtk_menu_button_get_label(menuButton).map({ String(cString: $0) }) != title {
      gtk_menu_button_set_label(menuButton, title)
    }
    context.coordinator.actions.update([(nil, entries)])
  }

  public static func dismantleWidget(_ button: Widget, coordinator: Coordinator) {
    gtk_widget_insert_action_group(button.pointer, "menu", nil)
  }
}

extension Menu: MenuEntrySource {
  /// In a menu, a submenu.
  func menuEntries(in context: MenuContext, into entries: inout [MenuEntry]) {
    var items = MenuEntry.entries(of: content(), in: context)
    if let primaryAction {
      items.insert(
        .item(
          .init(
            title: title, shortcut: nil, isDisabled: context.isDisabled, isOn: nil,
            action: primaryAction)), at: 0)
    }
    entries.append(.submenu(title: title, entries: items))
  }
}
