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
final class FormNode<Content: View>: RowsContainerNode {
  private let box: Box
  private var child: ViewNode!
  /// The lists that hold views placed outside any section, one per run of them, reused in
  /// order so rows keep their list (and focus) across updates.
  private var looseLists: [ListBoxWidget] = []

  init(graph: ViewGraph, parent: ViewNode?, content: Content) {
    box = Box(orientation: GTK_ORIENTATION_VERTICAL, spacing: 18)
    super.init(
      graph: graph, parent: parent, container: ScrolledWindowWidget(scrollingVertically: box),
      contentRole: .form)
    ListCSS.install()
    box.addCSSClass(ListCSS.formClass)
    child = graph.makeNode(for: content, parent: self)
    contentMade()
  }

  override var childNodes: [ViewNode] { [child] }

  /// A section (its own box) stays whole; each run of other views goes into a loose list.
  override func syncRows() {
    var runs: [[Widget]] = []
    var items: [Widget?] = []  // nil: the next loose list
    var current: [Widget] = []
    for widget in rowWidgets {
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
    updateContent {
      if let new = replacement(for: child, with: form.content) { child = new }
    }
    return true
  }
}
