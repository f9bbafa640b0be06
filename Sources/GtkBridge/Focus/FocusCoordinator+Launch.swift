import CGtk

/// What a window focuses when it is first presented.
///
/// The default follows macOS SwiftUI, the desktop reference: the first text field (in the
/// order Tab walks) takes focus, so the user can type at once. Unlike GTK's own rule (the
/// first focusable widget, select-all), GtkBridge never gives launch focus to a button, a
/// toggle or anything else that is not a text field, and never selects the field's text: the
/// caret sits at the end, so a first keystroke adds to prefilled text instead of replacing
/// it. A focus state bound to that field reads its value from the first frame.
///
/// Opt out with `.launchFocus(.none)` (or `.defaultFocus($focus, nil)`) anywhere in the
/// window's content: the window then opens with nothing focused, as iOS does.
public enum LaunchFocus: Sendable, Equatable {
  /// The first visible, enabled text field, caret at the end, text not selected.
  case firstTextField
  /// Nothing: the window opens with no focus widget until the user or the app moves it.
  case none
}

extension View {
  /// Chooses what this view's window focuses when it is first presented (when neither
  /// `.defaultFocus` nor a focus write made during the first update chose already).
  ///
  /// ```swift
  /// ContentView().launchFocus(.none)   // open with nothing focused
  /// ```
  public func launchFocus(_ rule: LaunchFocus) -> some View {
    modifier(LaunchFocusModifier(rule: rule))
  }
}

@usableFromInline
struct LaunchFocusModifier: WidgetModifier {
  /// No `update`: nothing to track (tracked, every update cost an observation scope).
  static var readsState: Bool { false }

  let rule: LaunchFocus

  func makeStorage(node: ModifierNode<some View, Self>) {
    let rule = rule
    // After this pass, when the view's widgets are in their window.
    UpdateScheduler.shared.performOutsideUpdate { [weak node] in
      node?.focusCoordinator?.launchRule = rule
    }
  }
}

extension ViewNode {
  /// The focus coordinator of the window this node's widgets are in.
  var focusCoordinator: FocusCoordinator? {
    widgets.lazy.compactMap { FocusCoordinator.coordinator(of: $0) }.first
  }
}

extension FocusCoordinator {
  /// Presents the window (`present`), applying the launch rule the first time: when nothing
  /// has focus yet, focus the first text field without selecting, or, when there is none or
  /// the rule is `.none`, keep GTK from focusing its first focusable widget (a button).
  ///
  /// The focus is given once the window is shown, also a focus chosen before (`.defaultFocus`,
  /// a focus state written in the first update), which is taken back for the moment without
  /// any focus state hearing it. GTK tells assistive technologies of a focus change as the
  /// widget's `has-focus` turns on, and a widget focused in a window not yet shown is already
  /// on when the window comes up: a screen reader said nothing of the focused field (issue 37).
  func presentWindow(_ present: () -> Void) {
    // NB: a window shown again after being hidden opens as a new one would.
    guard !hasLaunched || !window.widget.isVisible else { return present() }
    hasLaunched = true
    let chosen = window.focus.map { Widget(retaining: $0) }
    if chosen != nil {
      isMovingContent = true
      window.clearFocus()
    }
    // NB: GTK focuses the first focusable widget while showing a window that has no focus
    // widget; a window that cannot take focus keeps none. Measured: no warning.
    window.widget.canFocus = false
    AccessibilityRegistration.watch()
    present()
    window.widget.canFocus = true
    if let chosen {
      isMovingContent = false
      // NB: focusWidget still names it, so giving it back is no move; one refused is told.
      if !restore(chosen) { acting(.teardown) { focusWidgetChanged() } }
    } else if launchRule == .firstTextField, let text = firstTextField() {
      _ = acting(.launch) { text.grabFocusWithoutSelecting() }
    } else if let button = launchButton, Self.canTakeFocus(button.pointer) {
      // An alert with no text field: its default button takes focus, so a screen reader
      // announces the alert as it opens (GTK sends no event for a window; Orca read an alert
      // with nothing focused as silence). Return runs that button either way.
      _ = acting(.launch) { button.pointer.grabFocus() }
    }
    // The focus event GTK just sent is lost if GTK has not yet joined the AT-SPI registry
    // (the first windows): it is sent again once GTK has.
    AccessibilityRegistration.whenRegistered { [weak self] in self?.announceFocusAgain() }
  }

  /// Focuses the focus widget again, so that GTK tells assistive technologies of it once more
  /// (see `AccessibilityRegistration`). Nobody hears a move: no focus state, focused value or
  /// `onChange`; a field keeps its caret and selection.
  func announceFocusAgain() {
    // NB: a window not active yet is told of by GTK as it becomes active.
    guard window.widget.isMapped, window.isActive, let focus = window.focus else { return }
    keepingFocus(moving: Widget(retaining: focus)) {}
  }

  /// Applies the launch rule inside `container` (a page pushed on a navigation stack): when
  /// the window has no focus widget, its first text field takes focus, caret at the end,
  /// text not selected.
  func focusFirstTextField(in container: Widget) {
    guard window.focus == nil, launchRule == .firstTextField,
      let text = firstTextField(in: container.pointer)
    else { return }
    // NB: a vertical text field's text view selects nothing on focus; it is grabbed as is.
    _ = acting(.launch) { text.grabFocusWithoutSelecting() }
  }

  /// The first text (`GtkText`) in the window's content, depth first (the order Tab walks in
  /// boxes), that is shown, enabled and focusable, and is a text field's (not a stepper's).
  private func firstTextField() -> UnsafeMutablePointer<GtkWidget>? {
    window.child.flatMap(firstTextField(in:))
  }

  /// The same below `container`. A page a `GtkStack` does not show is not searched.
  private func firstTextField(in container: UnsafeMutablePointer<GtkWidget>)
    -> UnsafeMutablePointer<GtkWidget>?
  {
    func search(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
      guard widget.isVisible, widget.isChildVisible, widget.isSensitive, widget.canFocus
      else { return nil }
      // NB: a `Stepper`'s spin button edits its number in a GtkText of its own; it is a
      // stepper, not a text field (on a Mac it is arrows beside a label), and takes no
      // launch focus. Nothing below it is searched.
      if widget.isSpinButton { return nil }
      if widget.isText, widget.isFocusable, widget.isEditable { return widget }
      // A vertical text field is a text field too (a `TextEditor` is not).
      if widget.hasCSSClass(VerticalTextFieldWidget.textViewClass), widget.isFocusable {
        return widget
      }
      var child = widget.firstChild
      while let current = child {
        if let found = search(current) { return found }
        child = current.nextSibling
      }
      return nil
    }
    return search(container)
  }
}
