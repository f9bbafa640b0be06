import CGtk

extension View {
  /// Shows `content` in a `GtkPopover` pointing at this view while `isPresented` is `true`:
  /// SwiftUI's `popover(isPresented:content:)`, as macOS shows it (a bubble, not a sheet).
  ///
  /// The content is part of this window (GTK 4.8 popovers are not windows of their own): its
  /// views share this view's environment and state. A click outside or Escape closes it and
  /// sets `isPresented` to `false`; `@Environment(\.dismiss)` inside closes it too. Focus goes
  /// to the content's first text field, if any, and back to the widget that had it when the
  /// popover closes.
  ///
  /// ```swift
  /// Button("Info") { showingInfo = true }
  ///   .popover(isPresented: $showingInfo) { Text("Details").padding() }
  /// ```
  public func popover<Content: View>(
    isPresented: Binding<Bool>, @ViewBuilder content: @escaping @MainActor () -> Content
  ) -> some View {
    modifier(PopoverModifier(isPresented: isPresented, content: content))
  }
}

@usableFromInline
struct PopoverModifier<Content: View>: WidgetModifier {
  let isPresented: Binding<Bool>
  let content: @MainActor () -> Content

  func makeStorage(node: ModifierNode<some View, Self>) -> PopoverPresenter {
    PopoverPresenter()
  }

  func update(_ storage: PopoverPresenter, node: ModifierNode<some View, Self>) {
    let binding = isPresented
    storage.reset = { if binding.wrappedValue { binding.wrappedValue = false } }
    guard isPresented.wrappedValue, let anchor = node.widgets.first else {
      storage.close()
      return
    }
    let dismiss = DismissAction { [weak storage] in storage?.close() }
    storage.show(
      content().environment(\.dismiss, dismiss).environment(\.isPresented, true),
      on: anchor, node: node)
  }

  func dismantle(_ storage: PopoverPresenter, node: ModifierNode<some View, Self>) {
    storage.reset = nil
    storage.close()
  }
}

/// A popover's widget and content node; the node is a child of the presenting view's node,
/// in the same graph, so it updates with it.
@MainActor
final class PopoverPresenter {
  private var popover: Widget?
  private var box: Box?
  /// The content's node, a child of the presenting node (``presenter``) that is none of its
  /// `childNodes`: a walk of the tree below the presenter does not reach it.
  private(set) var content: ViewNode?
  /// The node of the view that presents the popover.
  private(set) weak var presenter: ViewNode?
  private var closedSignal: SignalConnection?
  private var savedFocus: Widget?
  var reset: (@MainActor () -> Void)?

  /// The popovers up, each by its presenter: inherited attributes changed above a presenter
  /// (``ViewNode/inheritedAttributesChanged()``) reach the content through them.
  private static var open: [ObjectIdentifier: Weak] = [:]
  static var shown: [PopoverPresenter] { open.values.compactMap(\.popover) }

  private struct Weak {
    weak var popover: PopoverPresenter?
  }

  func show(_ view: some View, on anchor: Widget, node: ViewNode) {
    if let content, let box {
      if let new = node.replacement(for: content, with: view) { self.content = new }
      box.setChildren(self.content?.widgets ?? [])
      return
    }
    let box = Box(orientation: GTK_ORIENTATION_VERTICAL, spacing: 0)
    let content = node.graph.makeNode(for: view, parent: node)
    box.setChildren(content.widgets)
    let popover = Widget(retaining: UnsafeMutableRawPointer(gtk_popover_new()))
    gtk_popover_set_child(popover.pointer.cast(to: GtkPopover.self), box.pointer)
    gtk_widget_set_parent(popover.pointer, anchor.pointer)
    self.box = box
    self.content = content
    self.popover = popover
    presenter = node
    Self.open[ObjectIdentifier(self)] = Weak(popover: self)
    savedFocus = anchor.rootFocus.map { Widget(retaining: $0) }
    closedSignal = Signals.connect(popover.rawPointer, "closed") { [weak self] in
      self?.closed()
    }
    gtk_popover_popup(popover.pointer.cast(to: GtkPopover.self))
    if let coordinator = FocusCoordinator.coordinator(of: anchor) {
      coordinator.focusFirstTextField(in: box)
    }
  }

  /// Closes the popover (from the binding, `dismiss()` or the view leaving). Idempotent.
  func close() {
    guard let popover else { return }
    gtk_popover_popdown(popover.pointer.cast(to: GtkPopover.self))
    // NB: popdown emits "closed" synchronously when the popover was shown; when it was not
    // (the window never mapped), tear down here.
    if self.popover != nil { closed() }
  }

  /// GTK closed the popover (a click outside, Escape, popdown): the content goes, the
  /// binding is reset, and focus returns after GTK's own focus handling of the close.
  private func closed() {
    guard let popover else { return }
    self.popover = nil
    Self.open[ObjectIdentifier(self)] = nil
    closedSignal = nil
    content?.dismantle()
    content = nil
    box = nil
    let saved = savedFocus
    savedFocus = nil
    if let reset { UpdateScheduler.shared.performOutsideUpdate(reset) }
    // NB: a window closing with the popover up frees the anchor before the next turn; GTK
    // warns of a parent finalized with children, and unparenting later reads freed memory.
    if let anchor = gtk_widget_get_parent(popover.pointer), let root = gtk_widget_get_root(anchor),
      gtk_widget_get_visible(UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self))
        == 0
    {
      gtk_widget_unparent(popover.pointer)
      return
    }
    // NB: GTK 4.8 loses a grab made inside "closed" (gtk4-facts), and a popover unparented
    // there leaves GTK a pointer-focus update on a surface that is gone (a critical, seen
    // here): both wait for the next main-loop turn.
    Task { @MainActor in
      if gtk_widget_get_parent(popover.pointer) != nil { gtk_widget_unparent(popover.pointer) }
      guard let saved, let coordinator = FocusCoordinator.coordinator(of: saved),
        coordinator.focusWidget != saved.pointer
      else { return }
      coordinator.restore(saved)
    }
  }
}
