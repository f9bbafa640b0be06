/// One entry of a menu built from views (a ``CommandMenu``'s content, a ``CommandGroup``'s):
/// what GtkBridge turns into `GMenu` items and application actions.
@MainActor
enum MenuEntry {
  /// A command: a ``Button``, or one choice of a ``Picker`` or a ``Toggle`` (then `isOn` is
  /// its state, and choosing it runs `action`).
  struct Item {
    var title: String
    var shortcut: KeyboardShortcut?
    var isDisabled: Bool
    var isOn: Bool?
    var action: @MainActor () -> Void
    /// Shown beside the item without being an application accelerator: the key is handled
    /// by the focused widget itself (Ctrl+C in a text field).
    var displayedAccelerator: String? = nil
  }

  case item(Item)
  /// A line between items (``Divider``).
  case divider
  /// A titled group of items (``Section``).
  case section(title: String, entries: [MenuEntry])
  /// A submenu (``Menu``).
  case submenu(title: String, entries: [MenuEntry])
}

/// What modifiers around a view say about the menu items in it.
struct MenuContext {
  var isDisabled = false
  var shortcut: KeyboardShortcut?
}

/// A view that stands for menu entries in commands.
@MainActor
protocol MenuEntrySource {
  func menuEntries(in context: MenuContext, into entries: inout [MenuEntry])
}

extension MenuEntry {
  /// The entries `view` stands for. A view of the app's own is read through its `body`;
  /// views with no menu meaning (a `TextField`, a `Spacer`) stand for nothing.
  static func entries(of view: any View, in context: MenuContext = MenuContext()) -> [MenuEntry] {
    var entries: [MenuEntry] = []
    collect(view, in: context, into: &entries)
    return entries
  }

  static func collect(_ view: any View, in context: MenuContext, into entries: inout [MenuEntry]) {
    if let source = view as? any MenuEntrySource {
      source.menuEntries(in: context, into: &entries)
    } else {
      collectBody(of: view, in: context, into: &entries)
    }
  }

  private static func collectBody<V: View>(
    of view: V, in context: MenuContext, into entries: inout [MenuEntry]
  ) {
    guard V.Body.self != Never.self else { return }
    collect(view.body, in: context, into: &entries)
  }
}

extension Button: MenuEntrySource {
  func menuEntries(in context: MenuContext, into entries: inout [MenuEntry]) {
    let title = self.title ?? label.map(menuTitle(of:)) ?? ""
    entries.append(
      .item(
        .init(
          title: title, shortcut: context.shortcut, isDisabled: context.isDisabled, isOn: nil,
          action: action)))
  }
}

extension Toggle: MenuEntrySource {
  func menuEntries(in context: MenuContext, into entries: inout [MenuEntry]) {
    let binding = $isOn
    entries.append(
      .item(
        .init(
          title: title, shortcut: context.shortcut, isDisabled: context.isDisabled,
          isOn: binding.wrappedValue, action: { binding.wrappedValue.toggle() })))
  }
}

extension Picker: MenuEntrySource {
  /// A submenu titled as the picker, one checked item per choice (SwiftUI's `.menu` style).
  func menuEntries(in context: MenuContext, into entries: inout [MenuEntry]) {
    let binding = $selection
    let current = AnyHashable(binding.wrappedValue)
    var choices: [MenuEntry] = []
    for option in options {
      let tag = option.tag
      choices.append(
        .item(
          .init(
            title: option.title, shortcut: nil, isDisabled: context.isDisabled,
            isOn: tag == current,
            action: {
              if let value = tag?.base as? SelectionValue { binding.setIfChanged(value) }
            })))
    }
    entries.append(
      title.isEmpty
        ? .section(title: "", entries: choices) : .submenu(title: title, entries: choices))
  }
}

extension Divider: MenuEntrySource {
  func menuEntries(in context: MenuContext, into entries: inout [MenuEntry]) {
    entries.append(.divider)
  }
}

extension Text: MenuEntrySource {
  /// A line of text in a menu: an item that does nothing, shown insensitive.
  func menuEntries(in context: MenuContext, into entries: inout [MenuEntry]) {
    entries.append(
      .item(.init(title: content, shortcut: nil, isDisabled: true, isOn: nil, action: {})))
  }
}

extension EmptyView: MenuEntrySource {
  func menuEntries(in context: MenuContext, into entries: inout [MenuEntry]) {}
}

extension TupleView: MenuEntrySource {
  func menuEntries(in context: MenuContext, into entries: inout [MenuEntry]) {
    for element in elements { MenuEntry.collect(element, in: context, into: &entries) }
  }
}

extension Group: MenuEntrySource {
  func menuEntries(in context: MenuContext, into entries: inout [MenuEntry]) {
    MenuEntry.collect(body_, in: context, into: &entries)
  }
}

// NB: an item from a function returning `AnyView` is the view inside (a primitive view has
// no body to read, so it was dropped from the menu).
extension AnyView: MenuEntrySource {
  func menuEntries(in context: MenuContext, into entries: inout [MenuEntry]) {
    MenuEntry.collect(content, in: context, into: &entries)
  }
}

extension ConditionalContent: MenuEntrySource {
  func menuEntries(in context: MenuContext, into entries: inout [MenuEntry]) {
    MenuEntry.collect(content, in: context, into: &entries)
  }
}

extension Optional: MenuEntrySource where Wrapped: View {
  func menuEntries(in context: MenuContext, into entries: inout [MenuEntry]) {
    MenuEntry.collect(content, in: context, into: &entries)
  }
}

extension ForEach: MenuEntrySource {
  func menuEntries(in context: MenuContext, into entries: inout [MenuEntry]) {
    for (_, _, make) in keyedElements { MenuEntry.collect(make(), in: context, into: &entries) }
  }
}

extension Section: MenuEntrySource {
  func menuEntries(in context: MenuContext, into entries: inout [MenuEntry]) {
    let title = header.map(menuTitle(of:)) ?? ""
    entries.append(
      .section(title: title, entries: MenuEntry.entries(of: content, in: context)))
  }
}

extension ModifiedContent: MenuEntrySource where Content: View, Modifier: ViewModifier {
  func menuEntries(in context: MenuContext, into entries: inout [MenuEntry]) {
    var context = context
    if let disabled = modifier as? DisabledModifier {
      // As in windows: disabled when any enclosing `.disabled` says so.
      context.isDisabled = context.isDisabled || disabled.isDisabled
    } else if let shortcut = modifier as? KeyboardShortcutModifier {
      context.shortcut = shortcut.shortcut
    }
    MenuEntry.collect(content, in: context, into: &entries)
  }
}

extension IdentifiedView: MenuEntrySource {
  func menuEntries(in context: MenuContext, into entries: inout [MenuEntry]) {
    MenuEntry.collect(content_, in: context, into: &entries)
  }
}

/// The text a menu shows for a label view: a ``Text``'s or ``Label``'s, or the texts in it.
@MainActor
func menuTitle(of view: any View) -> String {
  let texts = MenuEntry.entries(of: view).compactMap { entry -> String? in
    if case .item(let item) = entry { return item.title }
    return nil
  }
  if !texts.isEmpty { return texts.joined(separator: " ") }
  return view.plainText
}

extension Label: MenuEntrySource {
  func menuEntries(in context: MenuContext, into entries: inout [MenuEntry]) {
    entries.append(
      .item(.init(title: title, shortcut: nil, isDisabled: true, isOn: nil, action: {})))
  }
}
