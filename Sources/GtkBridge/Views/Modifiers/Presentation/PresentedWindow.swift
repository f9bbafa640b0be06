import CGtk

/// A modal window a view presents (a sheet, an alert, a confirmation dialog): its own view
/// graph and chrome, transient for the presenting window, which gets focus back on dismissal.
///
/// Every way out ends in one place: `dismiss()` destroys the window, and so does GTK when
/// the window manager closes it (close-request); both reach `closed()` once, which runs the
/// presenter's `onClosed` (the binding set `false`, `onDismiss`), gives focus back to the
/// widget that had it in the parent window, and presents the next waiting presentation.
@MainActor
final class PresentedWindow {
  let window: Window
  let graph: ViewGraph
  /// The presenting window.
  let parent: Window
  /// The view that presents this one: the content reads its environment, so a change of a
  /// value above it reaches the content's readers too (`EnvironmentDependents`).
  weak var presenter: ViewNode?
  private(set) var isClosed = false
  private var savedFocus: Widget?
  private var onClosed: (@MainActor () -> Void)?
  private var escape: ShortcutController?
  private var parentMapped: SignalConnection?
  /// What Escape runs when no cancellation item does: dismissal, or an alert's cancel button.
  var cancel: (@MainActor () -> Void)?
  /// Set by `.interactiveDismissDisabled()` in the content: Escape dismisses nothing and the
  /// window has no close button; the app's own buttons and `dismiss()` still close it.
  var isInteractiveDismissDisabled = false {
    didSet {
      guard isInteractiveDismissDisabled != oldValue else { return }
      gtk_window_set_deletable(window.window, isInteractiveDismissDisabled ? 0 : 1)
    }
  }

  init(
    parent: Window, title: String, isAlert: Bool, width: Int, height: Int,
    environment: @escaping @MainActor () -> EnvironmentValues,
    onClosed: @escaping @MainActor () -> Void
  ) {
    self.parent = parent
    self.onClosed = onClosed
    let window = Window(title: title, width: width, height: height)
    gtk_window_set_transient_for(window.window, parent.window)
    gtk_window_set_modal(window.window, 1)
    gtk_window_set_destroy_with_parent(window.window, 1)
    // A screen reader announces it as a dialog (an alert, a confirmation dialog) named by its
    // title, not as one more window.
    window.setAccessibleRole(
      isAlert ? GTK_ACCESSIBLE_ROLE_ALERT_DIALOG : GTK_ACCESSIBLE_ROLE_DIALOG)
    self.window = window
    let chrome = WindowChrome(window: window)
    let place = WindowContent(chrome: chrome)
    graph = ViewGraph { widgets in place.show(widgets) }
    graph.chrome = chrome
    let graph = graph
    graph.presentedWindow = self
    graph.baseEnvironment = { [weak self] in
      var values = environment()
      values.dismiss = DismissAction { self?.dismiss() }
      values.isPresented = true
      return values
    }
    ToplevelWatcher.onClose(of: window.rawPointer) { [weak self] in
      graph.tearDown()
      self?.closed()
    }
    addEscape()
    WindowShortcuts.existing(OpaquePointer(parent.rawPointer))?.commands?.attach(
      presented: window.rawPointer)
  }

  /// Mounts `content` (first time) or updates it: the presenting view re-rendered.
  func show<Content: View>(_ content: @escaping @MainActor () -> Content) {
    let root = HostedRoot(content: content)
    UpdateScheduler.shared.performUpdate {
      if let node = (graph.root as? RootNode)?.child {
        if let new = graph.root?.replacement(for: node, with: root) {
          (graph.root as? RootNode)?.child = new
          graph.root?.widgetsChanged()
        }
      } else {
        graph.mount(root)
      }
    }
  }

  /// Shows the window, remembering the parent's focus widget to give it back on dismissal.
  /// Focus goes in by the launch rule (the content's `.defaultFocus`, else its first field).
  func present() {
    guard gtk_widget_get_visible(parent.pointer) != 0 else {
      // NB: presented with the window (`isPresented` true from the start): the sheet comes
      // up over its parent once the parent shows, as SwiftUI does.
      parentMapped = Signals.connect(parent.rawPointer, "map") { [weak self] in
        self?.parentMapped = nil
        UpdateScheduler.shared.enqueueAfterPass { [weak self] in
          guard let self, !self.isClosed else { return }
          self.present()
        }
      }
      return
    }
    let coordinator = FocusCoordinator.coordinator(for: OpaquePointer(parent.pointer))
    savedFocus = coordinator.focusWidget.map { Widget(retaining: $0) }
    window.present()
  }

  /// Makes the first button whose role is not `.cancel` the window's default widget, so
  /// Return runs it (an alert's default button, as on macOS), also from the alert's text
  /// fields. That button (else the first) takes focus when the alert opens without a text
  /// field, so that a screen reader announces the alert.
  func setDefaultButton() {
    let buttons = graph.root?.subtree.compactMap { $0 as? RoleButtonNode } ?? []
    let first = buttons.first { $0.buttonRole != .cancel }
    FocusCoordinator.coordinator(for: OpaquePointer(window.pointer)).launchButton =
      (first ?? buttons.first)?.button
    guard let first else { return }
    gtk_window_set_default_widget(window.window, first.button.pointer)
    first.button.addCSSClass("suggested-action")
    window.letTextFieldsActivateTheDefault()
  }

  /// Closes the window; `closed()` follows from GTK's toplevel list. Idempotent.
  func dismiss() {
    guard !isClosed else { return }
    window.destroy()
  }

  private func closed() {
    guard !isClosed else { return }
    isClosed = true
    let onClosed = onClosed
    self.onClosed = nil
    PresentationQueue.closed(self)
    // NB: with no window manager X does not give focus back to the parent by itself.
    if PresentationQueue.current(of: parent) == nil, !parent.isDestroyed {
      parent.present()
      let coordinator = FocusCoordinator.coordinator(for: OpaquePointer(parent.pointer))
      // NB: only when the parent lost its focus meanwhile: a field the app focused in the
      // parent while the sheet was up (a focus state write) keeps it.
      if let savedFocus, coordinator.focusWidget == nil { coordinator.restore(savedFocus) }
    }
    savedFocus = nil
    if let onClosed { UpdateScheduler.shared.performOutsideUpdate(onClosed) }
    PresentationQueue.presentNext(over: parent)
  }

  /// Escape runs the sheet's `.cancellationAction` item if it shows one, else its
  /// `.keyboardShortcut(.cancelAction)` button, else `cancel` (dismissal by default). A
  /// field that handles Escape itself keeps it.
  private func addEscape() {
    let controller = ShortcutController()
    escape = controller
    controller.add("Escape") { [weak self] in
      guard let self, !self.isClosed else { return false }
      if self.graph.chrome?.cancel() == true { return true }
      // NB: a button with `.keyboardShortcut(.cancelAction)` (macOS sheets' Cancel) runs
      // rather than a bare dismissal; which of the window's controllers sees Escape first is
      // GTK's business, so ask the window's shortcuts here.
      if let accelerator = KeyboardShortcut.cancelAction.accelerator,
        let widget = WindowShortcuts.of(OpaquePointer(self.window.pointer))
          .winner(for: accelerator)?.widget
      {
        widget.activateByShortcut()
        return true
      }
      if let cancel = self.cancel {
        cancel()
      } else if self.isInteractiveDismissDisabled {
        return false
      } else {
        self.dismiss()
      }
      return true
    }
    controller.attach(to: window.pointer)
  }
}

extension Window {
  /// Whether GTK dropped the window from its toplevels (it was destroyed).
  var isDestroyed: Bool {
    let list = gtk_window_get_toplevels()
    for index in 0..<g_list_model_get_n_items(list) {
      guard let item = g_list_model_get_item(list, index) else { continue }
      g_object_unref(item)
      if UnsafeMutableRawPointer(item) == rawPointer { return false }
    }
    return true
  }
}
