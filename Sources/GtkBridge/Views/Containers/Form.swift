import CGtk

/// Controls laid out as preference rows: SwiftUI's `Form`, in the style of GNOME Settings.
///
/// Each ``Section`` is a heading, a `GtkListBox` in the `boxed-list` style (rounded, one row
/// per view) and a caption. Views placed directly in the form, outside any section, are
/// gathered into boxed lists of their own, one for each run of them. A ``TextField`` or
/// ``SecureField`` that is a row by itself shows its title as the row's label, as a macOS
/// form does (the placeholder stays: the prompt, else the title).
///
/// The form scrolls vertically when its window is too short for it, and takes the height
/// offered, as GNOME Settings' pages and SwiftUI's grouped forms do; Tab scrolls the field it
/// reaches into view.
///
/// Rows do not take focus themselves: Tab goes from one control to the next, in the order
/// they are shown, one Tab each; `.defaultFocus` and `@FocusState` work as anywhere else.
///
/// ```swift
/// Form {
///   Section("Profile") {
///     TextField("Name", text: $name)
///     LabeledContent("Email", value: email)
///   }
///   Toggle("Show online status", isOn: $online)
/// }
/// ```
public struct Form<Content: View>: View, PrimitiveView {
  let content: Content

  public init(@ViewBuilder content: () -> Content) {
    self.content = content()
  }

  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    FormNode(graph: graph, parent: parent, content: content)
  }
}

/// The node of a ``Form``: a vertical box of sections and boxed lists in a scrolled window.
@MainActor
final class FormNode<Content: View>: ViewNode {
  private let scrolled: Widget
  private let box: Box
  private var child: ViewNode!
  /// The lists that hold views placed outside any section, one per run of them, reused in
  /// order so rows keep their list (and focus) across updates.
  private var looseLists: [ListBoxWidget] = []
  private var inherited = InheritedAttributes()

  init(graph: ViewGraph, parent: ViewNode?, content: Content) {
    box = Box(orientation: GTK_ORIENTATION_VERTICAL, spacing: 18)
    scrolled = Widget(retaining: gtk_scrolled_window_new()!)
    super.init(graph: graph, parent: parent)
    ListCSS.install()
    box.addCSSClass(ListCSS.formClass)
    let window = scrolled.opaquePointer
    gtk_scrolled_window_set_child(window, box.pointer)
    gtk_scrolled_window_set_policy(window, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    // NB: as tall as its rows when there is room, so a form in a VStack is not squeezed.
    gtk_scrolled_window_set_propagate_natural_height(window, 1)
    gtk_widget_set_vexpand(scrolled.pointer, 1)
    child = graph.makeNode(for: content, parent: self)
    sync()
    applyInheritedAttributes()
  }

  override var environment: EnvironmentValues {
    var environment = parent?.environment ?? EnvironmentValues()
    environment.containerRole = .form
    return environment
  }

  override func applyInheritedAttributes() {
    inherited.apply(InheritedAttributes(environment), to: scrolled)
  }

  override var childNodes: [ViewNode] { [child] }
  override var widgets: [Widget] { [scrolled] }

  private func sync() {
    var runs: [[Widget]] = []
    var items: [Widget?] = []  // nil: the next loose list
    var current: [Widget] = []
    for widget in child.widgets {
      if widget.hasCSSClass(ListCSS.sectionClass) {
        if !current.isEmpty {
          runs.append(current)
          items.append(nil)
          current = []
        }
        items.append(widget)
      } else {
        current.append(widget)
      }
    }
    if !current.isEmpty {
      runs.append(current)
      items.append(nil)
    }
    while looseLists.count < runs.count { looseLists.append(ListBoxWidget(role: .form)) }
    // NB: every list lets go of the rows it loses before any list takes rows, so a view that
    // moves to another run is never in two lists.
    let wanted = Set(runs.joined().map(\.pointer))
    for (index, list) in looseLists.enumerated() {
      let keep = index < runs.count ? Set(runs[index].map(\.pointer)) : []
      list.setChildren(list.children.filter { keep.contains($0) && wanted.contains($0) })
    }
    for (index, run) in runs.enumerated() {
      looseLists[index].setChildren(run.map(\.pointer))
    }
    var run = 0
    let boxChildren: [Widget] = items.map { item in
      if let item { return item }
      defer { run += 1 }
      return looseLists[run]
    }
    looseLists.removeSubrange(runs.count...)
    box.setChildren(boxChildren)
  }

  override func update(to view: any View) -> Bool {
    guard let form = view as? Form<Content> else { return false }
    isDirty = false
    let previous = (child: child, changes: graph.widgetListChanges)
    if let new = replacement(for: child, with: form.content) { child = new }
    if graph.widgetListChanges != previous.changes || child !== previous.child { sync() }
    return true
  }

  override func widgetsChanged() {
    if child != nil { sync() }
  }

  override func dismantle() {
    child.dismantle()
    super.dismantle()
  }
}
