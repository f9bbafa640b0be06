import CGtk

/// A keyboard shortcut for a button: SwiftUI's `KeyboardShortcut`, for the keys a window
/// handles itself.
public struct KeyboardShortcut: Sendable, Equatable {
  enum Kind: Sendable { case defaultAction }
  let kind: Kind

  /// Return, when no text field handles it (none is focused): the window's default button.
  /// GtkBridge makes the button the window's default widget (`gtk_window_set_default_widget`),
  /// which GTK activates on Return and draws as suggested.
  public static let defaultAction = KeyboardShortcut(kind: .defaultAction)
}

extension View {
  /// Runs this button when the user presses the shortcut's key.
  ///
  /// ```swift
  /// Button("Sign In") { signIn() }.keyboardShortcut(.defaultAction)
  /// ```
  public func keyboardShortcut(_ shortcut: KeyboardShortcut) -> some View {
    modifier(KeyboardShortcutModifier(shortcut: shortcut))
  }
}

struct KeyboardShortcutModifier: WidgetModifier {
  let shortcut: KeyboardShortcut

  @MainActor
  final class Storage {
    weak var widget: Widget?
  }

  func makeStorage(node: ModifierNode<some View, Self>) -> Storage { Storage() }

  func update(_ storage: Storage, node: ModifierNode<some View, Self>) {
    let widget = node.widgets.first
    guard storage.widget !== widget || !(widget.map(isDefault) ?? true) else { return }
    if let old = storage.widget, old !== widget { unsetDefault(old) }
    storage.widget = widget
    // After this pass, when the widget is in its window.
    UpdateScheduler.shared.performOutsideUpdate { [weak widget] in
      guard let widget, let root = widget.root else { return }
      gtk_window_set_default_widget(
        UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWindow.self), widget.pointer)
    }
  }

  func dismantle(_ storage: Storage, node: ModifierNode<some View, Self>) {
    if let widget = storage.widget { unsetDefault(widget) }
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
