import CGtk
import Foundation

/// The node of a ``List``: a `GtkListBox` in a scrolled window, a row per content widget,
/// and the selection kept in step with the binding both ways.
@MainActor
final class ListNode<SelectionValue: Hashable, Content: View>: ViewNode, SelectingContainer {
  private let scrolled: Widget
  let list: ListBoxWidget
  private var child: ViewNode!
  private var selection: ListSelection?
  /// The tag of each row's widget, as of the last sync.
  private var tags: [UnsafeMutablePointer<GtkWidget>: AnyHashable] = [:]
  private var selectionChanged: SignalConnection?
  private var inherited = InheritedAttributes()
  private var styleClass: String?
  /// Delete and Backspace on a focused row, for the `.onDelete` of the rows' `ForEach`.
  private let deleteKeys = EventController(gtk_event_controller_key_new())
  private var deletePressed: SignalConnection?

  init(graph: ViewGraph, parent: ViewNode?, list view: List<SelectionValue, Content>) {
    scrolled = Widget(retaining: gtk_scrolled_window_new()!)
    list = ListBoxWidget(role: .list)
    selection = view.selection
    super.init(graph: graph, parent: parent)
    let window = scrolled.opaquePointer
    gtk_scrolled_window_set_child(window, list.pointer)
    gtk_scrolled_window_set_policy(window, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_propagate_natural_height(window, 1)
    gtk_widget_set_vexpand(scrolled.pointer, 1)
    selectionChanged = list.connect("selected-rows-changed") { [weak self] in
      self?.userSelected()
    }
    deleteKeys.attach(to: list)
    deletePressed = KeyContext.connect(deleteKeys, released: false) { [weak self] keyval, _, _ in
      self?.deleteFocusedRow(keyval) ?? false
    }
    child = graph.makeNode(for: view.content, parent: self)
    applyStyle()
    syncRows()
    applySelection()
    applyInheritedAttributes()
  }

  override var environment: EnvironmentValues {
    var environment = parent?.environment ?? EnvironmentValues()
    environment.containerRole = .list
    return environment
  }

  override func applyInheritedAttributes() {
    inherited.apply(InheritedAttributes(environment), to: scrolled)
  }

  override var childNodes: [ViewNode] { [child] }
  override var widgets: [Widget] { [scrolled] }

  /// The `.listStyle` above, as a style class on the list box.
  private func applyStyle() {
    let wanted = environment[ListStyleClassKey.self]
    guard wanted != styleClass else { return }
    if let styleClass { list.removeCSSClass(styleClass) }
    list.addCSSClass(wanted)
    if wanted == "boxed-list" { ListCSS.install() }
    styleClass = wanted
  }

  private func syncRows() {
    let widgets = child.widgets
    // NB: rows leaving take their selection with them; that is no choice of the user's.
    selectionChanged?.blocked { list.setChildren(widgets.map(\.pointer)) }
    let byWidget = child.widgetTags
    tags = [:]
    for widget in widgets {
      let tag = byWidget[ObjectIdentifier(widget)]
      tags[widget.pointer] = tag
      list.setSelectable(widget.pointer, tag != nil)
    }
  }

  /// Selects the rows whose tags the binding holds; tracked, so a write re-runs it.
  private func applySelection() {
    isDirty = false
    guard let selection else {
      // NB: a binding taken away must not re-run this for the state it read.
      stopTracking()
      list.selectionMode = GTK_SELECTION_NONE
      return
    }
    let wanted = tracking { selection.read() }
    let mode = selection.allowsMultiple ? GTK_SELECTION_MULTIPLE : GTK_SELECTION_SINGLE
    selectionChanged?.blocked {
      list.selectionMode = mode
      list.select(Set(tags.filter { wanted.contains($0.value) }.keys))
    }
  }

  private func userSelected() {
    guard let selection else { return }
    let selected = Set(list.selectedChildren.compactMap { tags[$0] })
    MainLoop.performOutsideUpdate { [weak self] in
      selection.write(selected)
      // The list shows what the binding holds, also when its setter refused the choice.
      guard let self, !self.isDismantled else { return }
      self.applySelection()
    }
  }

  /// macOS's Delete in a list: with a row focused, the `.onDelete` of the `ForEach` the row
  /// comes from runs with the row's offset (with the offsets of every selected row of that
  /// `ForEach`, when the focused row is one of them). Only a focused row: a control inside a
  /// row keeps its keys (a text field's Backspace deletes text, as on a Mac).
  private func deleteFocusedRow(_ keyval: UInt32) -> Bool {
    guard let key = KeyEquivalent(keyval: keyval), key == .delete || key == .deleteForward,
      let root = gtk_widget_get_root(list.pointer), let focus = gtk_root_get_focus(root),
      let focusedChild = list.child(inRow: focus)
    else { return false }
    // NB: the innermost `ForEach` the row comes from decides (nodes are visited outside in):
    // in `ForEach(groups) { Section { ForEach(group.items) { … } } }` a row is an item, and
    // the groups' `.onDelete` does not delete a whole group for it.
    var owner: (any DeletableRows)?
    var undeletable = Set<UnsafeMutablePointer<GtkWidget>>()
    visitOwnNodes { node in
      if let rows = node as? any DeletableRows, rows.offset(ofRowWith: focusedChild) != nil {
        owner = rows
      }
      if let marked = node as? any DeleteDisabledNode, marked.isDeleteDisabled {
        for widget in node.widgets { undeletable.insert(widget.pointer) }
      }
    }
    guard let owner, let action = owner.deleteAction, !undeletable.contains(focusedChild),
      let offset = owner.offset(ofRowWith: focusedChild)
    else { return false }
    let selected = list.selectedChildren.filter { !undeletable.contains($0) }.compactMap {
      owner.offset(ofRowWith: $0)
    }
    let offsets = selected.contains(offset) ? IndexSet(selected) : IndexSet(integer: offset)
    let before = list.children
    let wasSelected = selected.contains(offset)
    UpdateScheduler.shared.performOutsideUpdate { action(offsets) }
    UpdateScheduler.shared.enqueueAfterPass { [weak self] in
      self?.keepFocusAfterDeleting(focusedChild, from: before, select: wasSelected)
    }
    return true
  }

  /// As on a Mac, the list keeps the keyboard after Delete removed its focused row: the row
  /// that took its place (the next one left, else the one before) takes focus, or the list
  /// itself once it is empty. When the removed row was selected, the new one is selected
  /// (and the binding written), as a Mac's list moves its selection on; otherwise the
  /// selection stays. Nothing moves when the row stayed or the action put focus elsewhere.
  private func keepFocusAfterDeleting(
    _ removed: UnsafeMutablePointer<GtkWidget>, from before: [UnsafeMutablePointer<GtkWidget>],
    select: Bool
  ) {
    guard !isDismantled, let coordinator = focusCoordinator, coordinator.focusWidget == nil,
      let index = before.firstIndex(of: removed)
    else { return }
    let remaining = list.children
    guard !remaining.contains(removed) else { return }
    let left = Set(remaining)
    let row = { (child: UnsafeMutablePointer<GtkWidget>) in
      gtk_widget_get_ancestor(child, gtk_list_box_row_get_type())
    }
    // NB: not `FocusCoordinator.canTakeFocus`: the window refuses focus for the frame after
    // the focused row left (GTK's delayed move held off) until `grab` lets it.
    let canFocus = { (child: UnsafeMutablePointer<GtkWidget>) in
      guard left.contains(child), let row = row(child) else { return false }
      return gtk_widget_get_visible(row) != 0 && gtk_widget_is_sensitive(row) != 0
        && gtk_widget_get_focusable(row) != 0
    }
    let next =
      before[(index + 1)...].first(where: canFocus) ?? before[..<index].last(where: canFocus)
      ?? remaining.first(where: canFocus)
    guard let next, let nextRow = row(next) else {
      _ = coordinator.grab(list, origin: .user)
      return
    }
    _ = coordinator.grab(Widget(retaining: nextRow), origin: .user)
    // NB: through the list's "selected-rows-changed", so the binding hears of it as of a click.
    if select, selection != nil { list.select([next]) }
  }

  override func reevaluate() {
    applySelection()
  }

  override func update(to view: any View) -> Bool {
    guard let view = view as? List<SelectionValue, Content> else { return false }
    selection = view.selection
    applyStyle()
    let previous = (child: child, changes: graph.widgetListChanges)
    if let new = replacement(for: child, with: view.content) { child = new }
    if graph.widgetListChanges != previous.changes || child !== previous.child { syncRows() }
    applySelection()
    return true
  }

  override func widgetsChanged() {
    guard child != nil else { return }
    syncRows()
    applySelection()
  }

  override func dismantle() {
    selectionChanged = nil
    deletePressed = nil
    deleteKeys.detach()
    child.dismantle()
    super.dismantle()
  }
}
