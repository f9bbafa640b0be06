import CGtk
import CGtkTesting
@_spi(Testing) import GtkBridge

/// A live window's views, found and driven the way a person would: by type, title or
/// accessibility label; typed into; Tab, Return and Escape pressed; text and focus read back.
/// Every action runs GtkBridge's update pass and GTK's pending events before it returns.
///
/// Views are those that own a widget: the built-in controls (`TextField`, `SecureField`,
/// `Button`, `Toggle`, `Text`, `LegacyTextField`) and your own representables.
///
/// ```swift
/// let ui = show { SignIn() }
/// let username = try ui.find(TextField.self, title: "Username")
/// XCTAssertTrue(username.isFocused)           // .defaultFocus
/// username.type("ada")
/// ui.press(.tab)
/// try ui.find(label: "Password").type("opensesame")
/// ui.press(.return)
/// XCTAssertEqual(try ui.find(Text.self).text, "Signed in as ada")
/// ```
@MainActor
public final class ViewInspection<Content: View> {
  /// The window's host.
  public let host: HostingWindow<Content>

  public init(_ host: HostingWindow<Content>) {
    self.host = host
  }

  /// The GTK window.
  public var window: Window { host.window }

  /// Every view that owns a widget, depth first in declaration order.
  public var views: [InspectedView] {
    host.representedViews.map { InspectedView(viewType: $0.viewType, widget: $0.widget) }
  }

  /// The one view of type `type` whose title (placeholder, button or label text) and
  /// accessibility label match those given.
  ///
  /// - Throws: ``InspectionError`` when no view, or more than one, matches.
  public func find<V: View>(_ type: V.Type, title: String? = nil, label: String? = nil) throws
    -> InspectedView
  {
    try find(anyType: type, title: title, label: label)
  }

  /// The one ``TextField`` whose title and accessibility label match those given, whatever
  /// its label type: what `find(TextField.self, title: "Name")` calls.
  ///
  /// - Throws: ``InspectionError`` when no field, or more than one, matches.
  public func find(_ type: TextField<Text>.Type, title: String? = nil, label: String? = nil)
    throws -> InspectedView
  {
    try find(anyType: type, title: title, label: label)
  }

  private func find(anyType type: Any.Type, title: String?, label: String?) throws
    -> InspectedView
  {
    try only(
      views.filter {
        $0.viewType == type && (title == nil || $0.title == title)
          && (label == nil || $0.hasAccessibilityLabel(label!))
      },
      "\(type)" + (title.map { " titled \"\($0)\"" } ?? "")
        + (label.map { " labelled \"\($0)\"" } ?? ""))
  }

  /// The one view, of any type, whose title is `title`.
  public func find(title: String) throws -> InspectedView {
    try only(views.filter { $0.title == title }, "a view titled \"\(title)\"")
  }

  /// The one view whose accessibility label is `label` (`.accessibilityLabel`), or whose
  /// control a screen reader reads by that name (a field named by its title or its form row).
  public func find(label: String) throws -> InspectedView {
    try only(views.filter { $0.hasAccessibilityLabel(label) }, "a view labelled \"\(label)\"")
  }

  /// Every view of type `type`, in declaration order.
  public func findAll<V: View>(_ type: V.Type) -> [InspectedView] {
    views.filter { $0.viewType == type }
  }

  /// Every ``TextField``, whatever its label type, in declaration order: what
  /// `findAll(TextField.self)` calls.
  public func findAll(_ type: TextField<Text>.Type) -> [InspectedView] {
    views.filter { $0.viewType == type }
  }

  /// The view whose widget holds the window's keyboard focus, if one does.
  public var focusedView: InspectedView? {
    views.last { $0.isFocused }
  }

  /// Presses `key` wherever the window's focus is, as the key would act, then drains.
  public func press(_ key: Key) {
    key.press(inWindow: window.pointer)
    MainLoop.drain()
  }

  /// Presses a `.keyboardShortcut`'s keys as they act once the focused view leaves them to
  /// the window: runs the window's shortcut for them, then drains. Returns whether one ran
  /// (`false` when none is registered or its button is disabled or hidden).
  ///
  /// ```swift
  /// XCTAssertTrue(ui.press(KeyboardShortcut("s")))   // Ctrl+S
  /// ```
  @discardableResult
  public func press(_ shortcut: KeyboardShortcut) -> Bool {
    guard let accelerator = shortcut.accelerator else { return false }
    let ran = activateShortcut(accelerator, in: window.pointer)
    MainLoop.drain()
    return ran
  }

  private func only(_ matches: [InspectedView], _ what: String) throws -> InspectedView {
    guard matches.count == 1 else {
      throw InspectionError(
        description: (matches.isEmpty ? "no \(what)" : "\(matches.count) views match \(what)")
          + "; the window has:\n" + views.map { "  \($0.summary)" }.joined(separator: "\n"))
    }
    return matches[0]
  }
}

/// Why a view could not be found: what was asked for, and every view the window has.
public struct InspectionError: Error, CustomStringConvertible {
  public let description: String
}

/// A key ``ViewInspection/press(_:)`` can press.
///
/// GTK 4 has no public API to build key events, so each acts as GTK's own binding does:
/// Tab and Shift-Tab emit the window's "move-focus"; Return emits "activate" on the focused
/// text (a text field's submit) or "clicked" on a focused button, or activates the focused
/// widget, or else reaches its key controllers as a real key would (a vertical text field's
/// submit); Escape reaches the key controllers (`GtkEventControllerKey`) of the focused
/// widget and its ancestors, then, if none handled it, the window's Escape shortcut
/// (`.keyboardShortcut(.cancelAction)`).
public enum Key: Sendable {
  case tab, shiftTab, `return`, escape

  @MainActor
  func press(inWindow window: UnsafeMutablePointer<GtkWidget>) {
    let focus = gtk_root_get_focus(OpaquePointer(window))
    switch self {
    case .tab: cgtk_window_move_focus(window, GTK_DIR_TAB_FORWARD)
    case .shiftTab: cgtk_window_move_focus(window, GTK_DIR_TAB_BACKWARD)
    case .return:
      guard let focus else { return }
      if isA(focus, gtk_text_get_type()) {
        cgtk_emit(focus, "activate")
      } else if isA(focus, gtk_button_get_type()) {
        cgtk_emit(focus, "clicked")
      } else if gtk_widget_activate(focus) == 0 {
        _ = cgtk_testing_press_key(focus, UInt32(GDK_KEY_Return))
      }
    case .escape:
      if cgtk_testing_press_key(focus ?? window, UInt32(GDK_KEY_Escape)) == 0 {
        _ = activateShortcut("Escape", in: window)
      }
    }
  }

}

/// One view of a live window and its widget, read and driven through GTK.
@MainActor
public struct InspectedView {
  /// The view's type, such as `TextField.self`.
  public let viewType: Any.Type
  /// Its GTK widget.
  public let widget: Widget

  /// What a person reads as its name: a text field's placeholder, a button's or toggle's
  /// label, a text's string, or nil.
  public var title: String? {
    if let toggle = widget as? ToggleWidget { return toggle.label }
    if let field = widget as? VerticalTextFieldWidget { return field.placeholderText }
    let pointer = widget.pointer
    if let inner = textWidget(of: pointer) {
      return gtk_text_get_placeholder_text(inner.cast()).map { String(cString: $0) }
    }
    if isA(pointer, gtk_button_get_type()) {
      return gtk_button_get_label(pointer.cast()).map { String(cString: $0) }
    }
    if isA(pointer, gtk_check_button_get_type()) {
      return gtk_check_button_get_label(pointer.cast()).map { String(cString: $0) }
    }
    if isA(pointer, gtk_label_get_type()) {
      return String(cString: gtk_label_get_text(OpaquePointer(pointer)))
    }
    return nil
  }

  /// The text it shows: an editable's text (a spin button's too), a text view's buffer, a
  /// label's text; nil for other widgets.
  public var text: String? {
    let pointer = inputWidget
    if let text = editableText(of: pointer) { return text }
    if isA(pointer, gtk_text_view_get_type()) {
      let buffer = gtk_text_view_get_buffer(pointer.cast())
      var start = GtkTextIter()
      var end = GtkTextIter()
      gtk_text_buffer_get_bounds(buffer, &start, &end)
      let characters = gtk_text_buffer_get_text(buffer, &start, &end, 0)!
      defer { g_free(characters) }
      return String(cString: characters)
    }
    if isA(pointer, gtk_label_get_type()) {
      return String(cString: gtk_label_get_text(OpaquePointer(pointer)))
    }
    return nil
  }

  /// The widget that takes text input: a `TextEditor`'s text view, not the scrolled window
  /// around it (its widget), or the widget itself.
  var inputWidget: UnsafeMutablePointer<GtkWidget> {
    guard let editor = widget as? TextEditorWidget else { return widget.pointer }
    return UnsafeMutableRawPointer(editor.textView).assumingMemoryBound(to: GtkWidget.self)
  }

  /// Whether the window's keyboard focus is on the widget or inside it.
  public var isFocused: Bool { widget.containsFocus }

  /// Whether the widget reacts to input (not `.disabled`, nor inside a disabled view).
  /// Wraps `gtk_widget_is_sensitive`.
  public var isEnabled: Bool { gtk_widget_is_sensitive(widget.pointer) != 0 }

  /// Whether toggles are on (check box, switch or toggle button); nil for other widgets.
  public var isOn: Bool? {
    if let toggle = widget as? ToggleWidget { return toggle.isActive }
    guard isA(widget.pointer, gtk_check_button_get_type()) else { return nil }
    return gtk_check_button_get_active(widget.pointer.cast()) != 0
  }

  /// Whether assistive technologies get `label` as its label.
  public func hasAccessibilityLabel(_ label: String) -> Bool {
    widget.hasAccessibleLabel(label) || accessibility.name == label
  }

  /// Focuses the view as a click would (or the `.focusable()` stop around it), or clicks it if
  /// it is a button or toggle; then drains. A text field is focused as a click after its text
  /// would: the caret at the end, nothing selected.
  public func tap() {
    let pointer = widget.pointer
    let text = textWidget(of: inputWidget)
    if let toggle = widget as? ToggleWidget {
      toggle.simulateClick()
    } else if isA(pointer, gtk_button_get_type()) {
      cgtk_emit(pointer, "clicked")
    } else if isA(pointer, gtk_check_button_get_type()) {
      gtk_widget_activate(pointer)
    } else if gtk_widget_grab_focus(text ?? inputWidget) != 0 {
      // NB: a grab selects the text (GTK's select-on-focus), which a click does not; that
      // selection owned X11's PRIMARY, and a late notice from an earlier owner could collapse
      // it onto its start, so typing went in front of the text (seen in CI).
      if let text { gtk_editable_select_region(OpaquePointer(text), -1, -1) }
      // A vertical text field is a text field: the click lands after its text too.
      if let field = widget as? VerticalTextFieldWidget { field.cursorPosition = -1 }
    } else {
      // NB: a click on a view that cannot hold focus lands on the focus stop around it
      // (`.focusable()` puts a plain text in one).
      var ancestor = gtk_widget_get_parent(pointer)
      while let current = ancestor, gtk_widget_get_focusable(current) == 0 {
        ancestor = gtk_widget_get_parent(current)
      }
      if let ancestor { gtk_widget_grab_focus(ancestor) }
    }
    MainLoop.drain()
  }

  /// Types `text` at the cursor, one character at a time as a person would (each is one
  /// edit), focusing the view first if it does not hold focus. Works on text fields, spin
  /// buttons and other editables, and text views.
  public func type(_ text: String) {
    if !isFocused { tap() }
    let pointer = inputWidget
    for character in text {
      if let inner = textWidget(of: pointer) {
        cgtk_text_insert_at_cursor(inner, String(character))
      } else if isA(pointer, gtk_text_view_get_type()) {
        let buffer = gtk_text_view_get_buffer(pointer.cast())
        gtk_text_buffer_insert_interactive_at_cursor(buffer, String(character), -1, 1)
      }
      MainLoop.drain()
    }
  }

  /// Deletes `count` characters before the cursor, as Backspace would.
  public func backspace(_ count: Int = 1) {
    let pointer = inputWidget
    guard let inner = textWidget(of: pointer) ?? textView(pointer) else { return }
    for _ in 0..<count {
      cgtk_emit(inner, "backspace")
      MainLoop.drain()
    }
  }

  /// Focuses the view (if it does not hold focus) and presses `key` there.
  public func press(_ key: Key) {
    if !isFocused { tap() }
    guard let root = gtk_widget_get_root(widget.pointer) else { return }
    key.press(inWindow: UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self))
    MainLoop.drain()
  }

  /// Its type, title, text and state in one line, as ``InspectionError`` lists views.
  public var summary: String {
    var parts = ["\(viewType)"]
    if let title { parts.append("title \"\(title)\"") }
    if let text, text != title { parts.append("text \"\(text)\"") }
    if isFocused { parts.append("focused") }
    if !isEnabled { parts.append("disabled") }
    return parts.joined(separator: ", ")
  }
}

/// Whether the GObject at `pointer` is a `type`. Wraps `g_type_check_instance_is_a`.
func isA(_ pointer: UnsafeMutablePointer<GtkWidget>, _ type: GType) -> Bool {
  g_type_check_instance_is_a(
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: GTypeInstance.self), type) != 0
}

/// The `GtkText` that holds an editable's text: its delegate, or itself.
func textWidget(of pointer: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
  if isA(pointer, gtk_text_get_type()) { return pointer }
  guard isA(pointer, gtk_editable_get_type()),
    let delegate = gtk_editable_get_delegate(OpaquePointer(pointer))
  else { return nil }
  return UnsafeMutableRawPointer(delegate).assumingMemoryBound(to: GtkWidget.self)
}

/// The widget if it is a `GtkTextView` (which has GtkText's keybinding signals).
func textView(_ pointer: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
  isA(pointer, gtk_text_view_get_type()) ? pointer : nil
}

/// An editable's text, or nil for a widget that is not `GtkEditable`.
func editableText(of pointer: UnsafeMutablePointer<GtkWidget>) -> String? {
  guard isA(pointer, gtk_editable_get_type()) else { return nil }
  return String(cString: gtk_editable_get_text(OpaquePointer(pointer)))
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
  func cast<T>() -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(self).assumingMemoryBound(to: T.self)
  }
}

/// Runs the window's shortcut whose trigger GTK writes as `trigger`, as the key would once
/// no widget took it. Wraps `gtk_shortcut_action_activate`.
@MainActor
func activateShortcut(_ trigger: String, in window: UnsafeMutablePointer<GtkWidget>) -> Bool {
  let controllers = gtk_widget_observe_controllers(window)!
  defer { g_object_unref(UnsafeMutableRawPointer(controllers)) }
  for index in 0..<g_list_model_get_n_items(controllers) {
    let controller = g_list_model_get_item(controllers, index)!
    defer { g_object_unref(controller) }
    guard
      g_type_check_instance_is_a(
        controller.assumingMemoryBound(to: GTypeInstance.self),
        gtk_shortcut_controller_get_type()) != 0
    else { continue }
    let shortcuts = OpaquePointer(controller)
    for item in 0..<g_list_model_get_n_items(shortcuts) {
      let shortcut = OpaquePointer(g_list_model_get_item(shortcuts, item)!)
      defer { g_object_unref(UnsafeMutableRawPointer(shortcut)) }
      guard let text = gtk_shortcut_trigger_to_string(gtk_shortcut_get_trigger(shortcut))
      else { continue }
      let matches = String(cString: text) == trigger
      g_free(text)
      if matches,
        gtk_shortcut_action_activate(
          gtk_shortcut_get_action(shortcut), GtkShortcutActionFlags(rawValue: 0), window, nil)
          != 0
      {
        return true
      }
    }
  }
  return false
}
