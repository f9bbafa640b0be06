import CGtk

/// What a presenting view asks for in one update: a presentation with an identity (the
/// sheet's item, or `true`), its content, and how to reset the binding when the user
/// dismisses it.
@MainActor
struct PresentationRequest<Content: View> {
  let id: AnyHashable
  let title: String
  let content: @MainActor () -> Content
  let reset: @MainActor () -> Void
  let onDismiss: (@MainActor () -> Void)?
  /// Alerts: Escape runs the `.cancel` button instead of only dismissing.
  var isAlert = false
}

/// The storage of a presentation modifier: the presented window, if one is up, and the
/// last request.
///
/// Outcomes (Porting from SwiftUI, "Presentation"): the binding turning `false` (or the item `nil`)
/// dismisses and runs `onDismiss`; a new item while one is shown dismisses the old one
/// (its `onDismiss` runs) and presents the new one; a presentation asked for while another
/// is up over the same window waits and comes up when that one is dismissed (SwiftUI on
/// macOS logs "only presenting a single sheet is supported" and presents it later); dismissing
/// from inside and from the binding at once dismisses once and runs `onDismiss` once.
@MainActor
final class Presenter<Content: View>: WaitingPresenter {
  private var presented: PresentedWindow?
  private var presentedID: AnyHashable?
  /// The shown presentation's `onDismiss`, as its presenter last gave it.
  private var onDismiss: (@MainActor () -> Void)?
  private var request: PresentationRequest<Content>?
  private weak var node: ViewNode?
  private var isDismantled = false

  /// Takes the request of this update: presents, updates, dismisses or waits.
  func update(_ request: PresentationRequest<Content>?, node: ViewNode) {
    self.node = node
    self.request = request
    if let presented, !presented.isClosed {
      if let request, request.id == presentedID {
        onDismiss = request.onDismiss
        presented.show(request.content)
      } else {
        // NB: a new item: the old window's `closed` presents this one through the queue.
        if request != nil, let parent = node.graph.chrome?.window {
          PresentationQueue.wait(self, over: parent)
        }
        presented.dismiss()
      }
      return
    }
    guard request != nil, let parent = node.graph.chrome?.window else { return }
    if PresentationQueue.current(of: parent) != nil {
      PresentationQueue.wait(self, over: parent)
    } else {
      _ = presentIfWanted()
    }
  }

  func presentIfWanted() -> Bool {
    guard !isDismantled, presented == nil || presented?.isClosed == true,
      let request, let node, !node.isDismantled, let parent = node.graph.chrome?.window,
      !parent.isDestroyed
    else { return false }
    let id = request.id
    let window = PresentedWindow(
      parent: parent, title: request.title, isAlert: request.isAlert,
      width: request.isAlert ? 360 : 480, height: request.isAlert ? 1 : 360,
      environment: { [weak node] in node?.environment ?? EnvironmentValues() },
      onClosed: { [weak self] in self?.closed(id: id) })
    window.presenter = node
    presented = window
    presentedID = id
    onDismiss = request.onDismiss
    PresentationQueue.setCurrent(window, over: parent)
    window.show(request.content)
    if request.isAlert {
      window.cancel = { [weak window] in
        guard let window else { return }
        if let cancel = window.graph.root?.subtree.lazy.compactMap({ $0 as? RoleButtonNode })
          .first(where: { $0.buttonRole == .cancel })
        {
          cgtk_emit(cancel.button.rawPointer, "clicked")
        } else {
          window.dismiss()
        }
      }
      window.setDefaultButton()
    }
    // NB: after the content's `.defaultFocus` (queued after this pass) and the grab it asks
    // for (the pass after), so the launch rule sees the focus the content chose.
    UpdateScheduler.shared.performOutsideUpdate {
      UpdateScheduler.shared.enqueueAfterPass { [weak window] in
        guard let window, !window.isClosed else { return }
        window.present()
      }
    }
    return true
  }

  /// The window closed, however: the binding is reset if it still asks for that window
  /// (the user or `dismiss()` closed it), then `onDismiss` runs.
  private func closed(id: AnyHashable) {
    let request = request
    let onDismiss = onDismiss
    if presentedID == id {
      presented = nil
      presentedID = nil
      self.onDismiss = nil
    }
    guard !isDismantled else { return }
    if let request, request.id == id {
      self.request = nil
      request.reset()
    }
    onDismiss?()
  }

  /// The presenting view left: its presentation goes with it, running nothing.
  func dismantle() {
    isDismantled = true
    presented?.dismiss()
  }
}

/// A presenter waiting for the window's current presentation to be dismissed.
@MainActor
protocol WaitingPresenter: AnyObject {
  /// Presents if its binding still asks for it; returns whether it did.
  func presentIfWanted() -> Bool
}

/// One presentation up per window; others wait their turn, in order.
@MainActor
enum PresentationQueue {
  private static var current: [UnsafeMutableRawPointer: PresentedWindow] = [:]
  private static var waiting: [UnsafeMutableRawPointer: [Weak<AnyObject>]] = [:]

  /// The presented windows up, over any window.
  static var shown: [PresentedWindow] { current.values.filter { !$0.isClosed } }

  static func current(of parent: Window) -> PresentedWindow? {
    current[parent.rawPointer].flatMap { $0.isClosed ? nil : $0 }
  }

  static func setCurrent(_ window: PresentedWindow, over parent: Window) {
    current[parent.rawPointer] = window
  }

  static func wait(_ presenter: WaitingPresenter, over parent: Window) {
    var list = waiting[parent.rawPointer, default: []]
    list.removeAll { $0.object == nil || $0.object === presenter }
    list.append(Weak<AnyObject>(presenter))
    waiting[parent.rawPointer] = list
  }

  static func closed(_ window: PresentedWindow) {
    let key = window.parent.rawPointer
    if current[key] === window { current[key] = nil }
  }

  /// Presents the first waiting presenter that still wants to, after the update in flight.
  static func presentNext(over parent: Window) {
    UpdateScheduler.shared.performOutsideUpdate {
      let key = parent.rawPointer
      while current[key] == nil, var list = waiting[key], !list.isEmpty {
        let next = list.removeFirst()
        waiting[key] = list.isEmpty ? nil : list
        if let presenter = next.object as? WaitingPresenter, presenter.presentIfWanted() { break }
      }
    }
  }
}
