import CGtk

/// Puts a window's root view in the window: its one widget (the usual root, a stack or a
/// split view) as the window's content itself, any other number of widgets in a box.
///
/// Why not always a box: GTK updates the focus-within state of every ancestor of the old and
/// the new focus widget on each focus move, so a box between the window and the root view
/// costs one more ancestor's state change and style update per move (about 23,000
/// instructions per move at W4, 9 % of it).
///
/// The box, once made, stays for the window's life, so a root whose widget list keeps
/// changing (a `ForEach` at the root) moves widgets within one box, never between parents.
/// ``WindowChrome`` puts what this picks in the content's place, between the bars.
@MainActor
final class WindowContent {
  private let chrome: WindowChrome
  private var box: Box?

  init(chrome: WindowChrome) {
    self.chrome = chrome
  }

  /// Shows `widgets`, the root view's widgets in order.
  func show(_ widgets: [Widget]) {
    if let box { return box.setChildren(filling: widgets) }
    if widgets.count == 1 { return chrome.setContent(widgets[0]) }
    let box = Box(orientation: GTK_ORIENTATION_VERTICAL, spacing: 0)
    self.box = box
    // NB: a widget moving from the content place into the box leaves the window for a
    // moment, which takes focus from it; it gets focus back at once, as when the chrome's
    // column is made.
    let coordinator = FocusCoordinator.coordinator(for: OpaquePointer(chrome.window.pointer))
    coordinator.keepingFocus(moving: chrome.content) {
      chrome.setContent(box)
      box.setChildren(filling: widgets)
    }
  }
}
