import CGtk

/// Turns menu entries into a `GMenu` whose items activate actions in one `GActionMap` (the
/// application's, prefix "app", or a menu button's own group): one action per item, named by
/// its position, so a menu whose shape is unchanged keeps its `GMenu` and actions, and an
/// update only sets what changed (enabled, checked, what the item does).
@MainActor
final class MenuActions {
  /// One item's action.
  @MainActor
  private final class Slot {
    let action: OpaquePointer
    let isStateful: Bool
    var run: @MainActor () -> Void = {}
    var activated: SignalConnection?

    init(name: String, isStateful: Bool) {
      self.isStateful = isStateful
      action =
        isStateful
        ? g_simple_action_new_stateful(name, nil, g_variant_new_boolean(0))
        : g_simple_action_new(name, nil)
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(action)) }
  }

  let map: OpaquePointer
  let prefix: String
  private let namePrefix: String
  private var slots: [Slot] = []
  /// The `GMenu *`, for the life of the actions: a new shape replaces its items, so a
  /// popover showing it stays (GTK would make a new one for a new model).
  let menu: OpaquePointer = g_menu_new()
  /// Each item's action name and accelerator, for the application's accelerators and the
  /// shortcuts window.
  private(set) var accelerators: [(action: String, title: String, accelerator: String)] = []
  /// Runs an item's action; the owner wraps it (the command center sets the focused window).
  var perform: @MainActor (@MainActor () -> Void) -> Void = { $0() }

  /// - Parameters:
  ///   - map: the `GActionMap *` the actions go in.
  ///   - prefix: the action group's name as widgets see it ("app").
  ///   - namePrefix: the start of each action's name.
  init(map: OpaquePointer, prefix: String, namePrefix: String) {
    self.map = map
    self.prefix = prefix
    self.namePrefix = namePrefix
    // NB: the actions leave the map in deinit, which may come after the map's owner let go.
    g_object_ref(UnsafeMutableRawPointer(map))
  }

  isolated deinit {
    for index in slots.indices { g_action_map_remove_action(map, "\(namePrefix)\(index)") }
    g_object_unref(UnsafeMutableRawPointer(menu))
    g_object_unref(UnsafeMutableRawPointer(map))
  }

  /// Shows `sections` (each a list of entries; dividers split them further). The menu
  /// changes only where its items did (`sync`).
  func update(_ sections: [(title: String?, entries: [MenuEntry])]) {
    let items = Self.items(in: sections.flatMap(\.entries))
    // Actions first, so a new menu never names an action that is not there yet.
    for (index, item) in items.enumerated() {
      let stateful = item.isOn != nil
      if index >= slots.count || slots[index].isStateful != stateful {
        let name = "\(namePrefix)\(index)"
        let slot = Slot(name: name, isStateful: stateful)
        slot.activated = SignalConnection.connect(
          UnsafeMutableRawPointer(slot.action), "activate"
        ) { [weak self, weak slot] in
          guard let self, let slot else { return }
          perform(slot.run)
        }
        if index < slots.count {
          g_action_map_remove_action(map, name)
          slots[index] = slot
        } else {
          slots.append(slot)
        }
        g_action_map_add_action(map, slot.action)
      }
      let slot = slots[index]
      slot.run = item.action
      let enabled: gboolean = item.isDisabled ? 0 : 1
      if g_action_get_enabled(slot.action) != enabled {
        g_simple_action_set_enabled(slot.action, enabled)
      }
      if let isOn = item.isOn {
        let state = g_action_get_state(slot.action)
        let current = state.map { g_variant_get_boolean($0) != 0 } ?? false
        if let state { g_variant_unref(state) }
        if current != isOn {
          g_simple_action_set_state(slot.action, g_variant_new_boolean(isOn ? 1 : 0))
        }
      }
    }
    while slots.count > items.count {
      slots.removeLast()
      g_action_map_remove_action(map, "\(namePrefix)\(slots.count)")
    }
    accelerators = items.enumerated().compactMap { index, item in
      guard let accelerator = item.shortcut?.accelerator else { return nil }
      return ("\(prefix).\(namePrefix)\(index)", item.title, accelerator)
    }
    var counter = 0
    var pages: Set<String> = ["main"]
    var nodes: [MenuNode] = []
    for section in sections {
      nodes += sectionNodes(
        of: section.entries, title: section.title, counter: &counter, pages: &pages)
    }
    sync(menu, &tree, nodes)
  }

  /// The items of `entries`, in menu order (the order their actions are numbered in).
  private static func items(in entries: [MenuEntry]) -> [MenuEntry.Item] {
    entries.flatMap { entry -> [MenuEntry.Item] in
      switch entry {
      case .item(let item): [item]
      case .divider: []
      case .section(_, let inner), .submenu(_, let inner): items(in: inner)
      }
    }
  }

  /// A menu as GTK shows it: sections (GNOME menus draw a line between sections and none
  /// inside one), submenus and items.
  private indirect enum MenuNode {
    case item(title: String, action: String, accelerator: String?)
    case section(title: String?, children: [MenuNode])
    case submenu(title: String, children: [MenuNode])

    var key: String {
      switch self {
      case .item(let title, let action, let accelerator):
        "i|\(title)|\(action)|\(accelerator ?? "")"
      // NB: a section is known by its items (a submenu by its title only), so sections
      // that come and go leave the others, and their submenus, where they are.
      case .section(let title, let children):
        "s|\(title ?? "")|" + children.map(\.key).joined(separator: "\u{1F}")
      case .submenu(let title, _): "m|\(title)"
      }
    }

    /// What keeps a section with submenus in place when its items change (a title that
    /// follows state): its title and its submenus.
    var anchor: String? {
      guard case .section(let title, let children) = self else { return nil }
      let submenus = children.filter {
        if case .submenu = $0 { true } else { false }
      }
      guard !submenus.isEmpty else { return nil }
      return "s|\(title ?? "")|" + submenus.map(\.key).joined(separator: "\u{1F}")
    }

    var children: [MenuNode] {
      switch self {
      case .item: []
      case .section(_, let children), .submenu(_, let children): children
      }
    }
  }

  /// What one item of a `GMenu` holds: its key, and for a section or submenu, its own
  /// `GMenu` and items.
  private struct ItemState {
    var key: String
    var anchor: String?
    let menu: OpaquePointer?
    var children: [ItemState]
  }

  private var tree: [ItemState] = []

  /// `entries` as sections split at dividers, the first titled `title`. `pages` holds the
  /// submenu titles used so far.
  private func sectionNodes(
    of entries: [MenuEntry], title: String?, counter: inout Int, pages: inout Set<String>
  ) -> [MenuNode] {
    var nodes: [MenuNode] = []
    var current: [MenuNode] = []
    var currentTitle = title
    func close() {
      if !current.isEmpty { nodes.append(.section(title: currentTitle, children: current)) }
      current = []
      currentTitle = nil
    }
    for entry in entries {
      switch entry {
      case .divider:
        close()
      case .section(let sectionTitle, let inner):
        close()
        nodes += sectionNodes(
          of: inner, title: sectionTitle.isEmpty ? nil : sectionTitle, counter: &counter,
          pages: &pages)
      case .item(let item):
        current.append(
          .item(
            title: item.title, action: "\(prefix).\(namePrefix)\(counter)",
            accelerator: item.displayedAccelerator ?? item.shortcut?.accelerator))
        counter += 1
      case .submenu(let submenuTitle, let inner):
        // NB: GTK 4.8's popover menu names a submenu's page by its title (its first page is
        // "main"): a second "Sort By" would open the first one's page. A zero-width space
        // keeps the title as it looks and the page its own.
        var page = submenuTitle
        while !pages.insert(page).inserted { page += "\u{200B}" }
        let children = sectionNodes(of: inner, title: nil, counter: &counter, pages: &pages)
        current.append(.submenu(title: page, children: children))
      }
    }
    close()
    return nodes
  }

  /// Makes `menu`'s items `nodes`, changing only the items that differ: GTK's popover menus
  /// keep a page per submenu, named by its title, and re-adding one that stays would clash.
  private func sync(_ menu: OpaquePointer, _ states: inout [ItemState], _ nodes: [MenuNode]) {
    var index = 0
    while index < nodes.count {
      let node = nodes[index]
      if index < states.count, states[index].key == node.key {
        if let child = states[index].menu { sync(child, &states[index].children, node.children) }
        index += 1
        continue
      }
      // Items that went away before one that stays leave; a new one goes in.
      if let later = states[index...].firstIndex(where: { $0.key == node.key }) {
        for _ in index..<later {
          g_menu_remove(menu, Int32(index))
          states.remove(at: index)
        }
        continue
      }
      // A section whose items changed keeps its submenus: GTK 4.8's popover menu keeps a
      // page per submenu it showed, and one added again would clash with it.
      if index < states.count, let anchor = node.anchor, states[index].anchor == anchor,
        let child = states[index].menu,
        !nodes[(index + 1)...].contains(where: { $0.key == states[index].key })
      {
        sync(child, &states[index].children, node.children)
        states[index].key = node.key
        index += 1
        continue
      }
      states.insert(insert(node, at: index, in: menu), at: index)
      index += 1
    }
    while states.count > nodes.count {
      g_menu_remove(menu, Int32(nodes.count))
      states.removeLast()
    }
  }

  private func insert(_ node: MenuNode, at index: Int, in menu: OpaquePointer) -> ItemState {
    let item: OpaquePointer
    var state = ItemState(key: node.key, anchor: node.anchor, menu: nil, children: [])
    switch node {
    case .item(let title, let action, let accelerator):
      item = g_menu_item_new(Self.escaped(title), action)
      if let accelerator {
        g_menu_item_set_attribute_value(item, "accel", g_variant_new_string(accelerator))
      }
    case .section, .submenu:
      let child = g_menu_new()!
      sync(child, &state.children, node.children)
      let model = Self.model(child)
      switch node {
      case .submenu(let title, _): item = g_menu_item_new_submenu(Self.escaped(title), model)
      case .section(let title, _): item = g_menu_item_new_section(title.map(Self.escaped), model)
      case .item: preconditionFailure("an item is not a menu")
      }
      state = ItemState(
        key: node.key, anchor: node.anchor, menu: child, children: state.children)
      // NB: the item holds the menu from here.
      g_object_unref(UnsafeMutableRawPointer(child))
    }
    g_menu_insert_item(menu, Int32(index), item)
    g_object_unref(UnsafeMutableRawPointer(item))
    return state
  }

  static func model(_ menu: OpaquePointer) -> UnsafeMutablePointer<GMenuModel> {
    UnsafeMutableRawPointer(menu).assumingMemoryBound(to: GMenuModel.self)
  }

  /// A title as GTK's menus show it: they read `_` as a mnemonic mark.
  static func escaped(_ title: String) -> String {
    String(title.flatMap { $0 == "_" ? ["_", "_"] : [$0] })
  }
}
