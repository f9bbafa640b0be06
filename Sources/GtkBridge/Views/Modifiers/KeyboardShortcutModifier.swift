import CGtk

extension View {
  /// Runs this button (or toggle) when the user presses `key` with `modifiers`, wherever focus
  /// is in the window, unless the focused control uses that key itself.
  ///
  /// `.command` is Ctrl on Linux. A disabled or hidden button's shortcut does nothing; the
  /// shortcut ends with the view. Ctrl+? lists the window's shortcuts.
  ///
  /// ```swift
  /// Button("Save") { save() }.keyboardShortcut("s")                       // Ctrl+S
  /// Button("Next") { next() }.keyboardShortcut(.downArrow, modifiers: [])  // Down
  /// ```
  public func keyboardShortcut(_ key: KeyEquivalent, modifiers: EventModifiers = .command)
    -> some View
  {
    keyboardShortcut(KeyboardShortcut(key, modifiers: modifiers))
  }

  /// The same; `localization` is accepted and changes nothing.
  public func keyboardShortcut(
    _ key: KeyEquivalent, modifiers: EventModifiers = .command,
    localization: KeyboardShortcut.Localization
  ) -> some View {
    keyboardShortcut(KeyboardShortcut(key, modifiers: modifiers))
  }

  /// Runs this button when the user presses the shortcut's keys.
  ///
  /// ```swift
  /// Button("Sign In") { signIn() }.keyboardShortcut(.defaultAction)  // Return
  /// Button("Cancel") { dismiss() }.keyboardShortcut(.cancelAction)   // Escape
  /// ```
  public func keyboardShortcut(_ shortcut: KeyboardShortcut) -> some View {
    modifier(KeyboardShortcutModifier(shortcut: shortcut))
  }

  /// The same, or no shortcut for `nil`.
  public func keyboardShortcut(_ shortcut: KeyboardShortcut?) -> some View {
    modifier(KeyboardShortcutModifier(shortcut: shortcut))
  }
}

/// `.defaultAction` makes the button the window's default widget (GTK's own Return
/// handling); any other shortcut registers with the window's ``WindowShortcuts``.
@usableFromInline
struct KeyboardShortcutModifier: WidgetModifier {
  static var readsState: Bool { false }

  let shortcut: KeyboardShortcut?

  @MainActor
  final class Storage {
    weak var widget: Widget?
    var registration: WindowShortcuts.Registration?
    var window: WindowShortcuts?
  }

  func makeStorage(node: ModifierNode<some View, Self>) -> Storage { Storage() }

  func update(_ storage: Storage, node: ModifierNode<some View, Self>) {
    let widget = node.widgets.first
    if shortcut == .defaultAction {
      if storage.registration?.shortcut != .defaultAction || storage.widget !== widget {
        unregister(storage)
      }
      guard storage.widget !== widget || !(widget.map(isDefault) ?? true) else { return }
      if let old = storage.widget, old !== widget { unsetDefault(old) }
      storage.widget = widget
      // After this pass, when the widget is in its window.
      UpdateScheduler.shared.performOutsideUpdate { [weak widget, weak storage] in
        guard let widget, let root = widget.root else { return }
        gtk_window_set_default_widget(
          UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWindow.self), widget.pointer)
        guard let storage, storage.widget === widget, storage.registration == nil else { return }
        let window = WindowShortcuts.of(root)
        storage.window = window
        storage.registration = window.list(.defaultAction, widget: widget)
      }
      return
    }
    if let old = storage.widget,
      storage.registration?.shortcut == .defaultAction
        || storage.registration == nil
    {
      unsetDefault(old)
    }
    guard let shortcut, let widget else {
      unregister(storage)
      storage.widget = widget
      return
    }
    if storage.widget === widget, storage.registration?.shortcut == shortcut,
      storage.window.map({ UnsafeMutableRawPointer(widget.root) == $0.root }) ?? false
    {
      return
    }
    unregister(storage)
    storage.widget = widget
    // After this pass, when the widget is in its window.
    UpdateScheduler.shared.performOutsideUpdate { [weak widget, weak storage] in
      guard let widget, let storage, storage.widget === widget, storage.registration == nil,
        let root = widget.root
      else { return }
      let window = WindowShortcuts.of(root)
      storage.window = window
      storage.registration = window.register(shortcut, widget: widget)
    }
  }

  func dismantle(_ storage: Storage, node: ModifierNode<some View, Self>) {
    unregister(storage)
    if let widget = storage.widget { unsetDefault(widget) }
  }

  private func unregister(_ storage: Storage) {
    if let registration = storage.registration { storage.window?.unregister(registration) }
    storage.registration = nil
    storage.window = nil
  }

  private func isDefault(_ widget: Widget) -> Bool {
    guard let root = widget.root else { return false }
    let window = UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWindow.self)
    return gtk_window_get_default_widget(window) == widget.pointer
  }

  private func unsetDefault(_ widget: Widget) {
    guard isDefault(widget), let root = widget.root else { return }
    gtk_window_set_default_widget(
      UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWindow.self), nil)
  }
}
