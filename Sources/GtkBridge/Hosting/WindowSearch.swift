import CGtk

/// A window's search bar: a `GtkSearchEntry` in a `GtkSearchBar` under the header bar, as
/// GNOME apps have it. One per window; the `.searchable` shown last binds it.
///
/// Ctrl+F reveals it and puts focus in the entry; typing where no field takes the keys
/// reveals it too (the bar captures the window's keys). Escape in the entry clears it, hides
/// the bar (GTK's "stop-search") and gives focus back to the widget that had it before the
/// search.
@MainActor
final class WindowSearch {
  let bar: Widget
  let entry: SearchEntry
  private unowned let chrome: WindowChrome
  private var sync: TextBindingSync?
  private var modeNotify: SignalConnection?
  private var focusNotify: SignalConnection?
  private var shortcuts: OpaquePointer?
  /// The last focus widget outside the bar: where Escape sends focus back.
  private var returnFocus: Widget?
  private var owner: ObjectIdentifier?
  /// Runs the `.onSubmit(of: .search)` actions around the bound `.searchable`.
  private var submit: @MainActor () -> Void = {}
  private var activate: SignalConnection?

  init(chrome: WindowChrome) {
    self.chrome = chrome
    entry = SearchEntry()
    bar = Widget(retaining: UnsafeMutableRawPointer(gtk_search_bar_new()))
    let searchBar = OpaquePointer(bar.pointer)
    let clamp = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
    gtk_widget_set_hexpand(entry.pointer, 1)
    gtk_box_append(clamp.cast(to: GtkBox.self), entry.pointer)
    gtk_search_bar_set_child(searchBar, clamp)
    gtk_search_bar_connect_entry(searchBar, OpaquePointer(entry.pointer))
    gtk_search_bar_set_key_capture_widget(searchBar, chrome.window.pointer)
    entry.placeholderText = "Search"
    entry.setAccessibleName("Search", placeholder: nil)
    chrome.placeAboveContent(bar)
    let window = chrome.window
    focusNotify = Signals.connectNotify(window.rawPointer, property: "focus-widget") {
      [weak self] in self?.focusChanged()
    }
    modeNotify = Signals.connectNotify(bar.rawPointer, property: "search-mode-enabled") {
      [weak self] in self?.modeChanged()
    }
    focusChanged()
    addShortcut()
    activate = entry.connectActivate { [weak self] in
      guard let submit = self?.submit else { return }
      UpdateScheduler.shared.performOutsideUpdate { submit() }
    }
  }

  var isRevealed: Bool {
    gtk_search_bar_get_search_mode(OpaquePointer(bar.pointer)) != 0
  }

  /// Binds the entry to `text` for the `.searchable` identified by `owner`; Return in it runs
  /// `submit`.
  func bind(
    _ text: Binding<String>, prompt: String?, owner: ObjectIdentifier,
    submit: @escaping @MainActor () -> Void
  ) {
    if !bar.isVisible { bar.isVisible = true }
    self.submit = submit
    if self.owner != owner || sync == nil {
      sync?.detach()
      sync = TextBindingSync(widget: entry, binding: text)
      self.owner = owner
    }
    sync?.rebind(text)
    sync?.apply(text.wrappedValue)
    let placeholder = prompt ?? "Search"
    if entry.placeholderText != placeholder {
      entry.placeholderText = placeholder
      // As SwiftUI's search field: read "Search", then the prompt.
      entry.setAccessibleName("Search", placeholder: placeholder)
    }
    // NB: a search that has text shows, as SwiftUI shows the field with its text.
    if !text.wrappedValue.isEmpty, !isRevealed { reveal(focus: false) }
  }

  func unbind(owner: ObjectIdentifier) {
    guard self.owner == owner else { return }
    sync?.detach()
    sync = nil
    self.owner = nil
    submit = {}
    // NB: no `.searchable` left: the bar goes (and Ctrl+F does nothing) until one comes.
    if isRevealed { gtk_search_bar_set_search_mode(OpaquePointer(bar.pointer), 0) }
    gtk_editable_set_text(OpaquePointer(entry.pointer), "")
    bar.isVisible = false
  }

  /// Shows the bar and, if `focus`, moves focus into the entry (caret at the end).
  func reveal(focus: Bool) {
    let coordinator = FocusCoordinator.coordinator(for: OpaquePointer(chrome.window.pointer))
    let before = coordinator.focusWidget.map { Widget(retaining: $0) }
    // NB: GtkSearchBar grabs focus for its entry whenever it reveals it.
    coordinator.acting(.app) {
      gtk_search_bar_set_search_mode(OpaquePointer(bar.pointer), 1)
    }
    if focus {
      if !entry.containsFocus { _ = coordinator.grab(entry, origin: .app) }
    } else if entry.containsFocus {
      // An app write of the search text shows the bar without taking focus.
      if let before { coordinator.restore(before) } else { coordinator.resign(entry, origin: .app) }
    }
  }

  private func focusChanged() {
    guard let focus = gtk_root_get_focus(OpaquePointer(chrome.window.pointer)) else { return }
    if focus == bar.pointer || gtk_widget_is_ancestor(focus, bar.pointer) != 0 { return }
    returnFocus = Widget(retaining: UnsafeMutableRawPointer(focus))
  }

  /// The bar hid (Escape, or the app): GTK cleared the entry; focus goes back where it was.
  private func modeChanged() {
    guard !isRevealed else { return }
    // Hiding the bar ends the search, so its text goes: GtkSearchBar empties its entry too,
    // but does not document it.
    if !entry.text.isEmpty { entry.text = "" }
    let coordinator = FocusCoordinator.coordinator(for: OpaquePointer(chrome.window.pointer))
    guard entry.containsFocus else { return }
    if let returnFocus, coordinator.restore(returnFocus) { return }
    coordinator.resign(entry, origin: .app)
  }

  private func addShortcut() {
    let controller = gtk_shortcut_controller_new()!
    shortcuts = controller
    let handler = Unmanaged.passRetained(
      SearchShortcut { [weak self] in
        guard let self, self.owner != nil else { return false }
        self.reveal(focus: true)
        return true
      }
    ).toOpaque()
    let action = gtk_callback_action_new(
      { _, _, data in
        guard let data else { return 0 }
        let handler = Unmanaged<SearchShortcut>.fromOpaque(data).takeUnretainedValue()
        return assumeMainActor { handler.run() } ? 1 : 0
      }, handler,
      { data in
        guard let data else { return }
        Unmanaged<SearchShortcut>.fromOpaque(data).release()
      })
    let shortcut = gtk_shortcut_new(gtk_shortcut_trigger_parse_string("<Control>f"), action)
    gtk_shortcut_controller_add_shortcut(controller, shortcut)
    gtk_widget_add_controller(chrome.window.pointer, controller)
  }
}

@MainActor
private final class SearchShortcut {
  let run: @MainActor () -> Bool
  init(_ run: @escaping @MainActor () -> Bool) { self.run = run }
}
