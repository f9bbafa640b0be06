import CGtk

/// The reader node a ``ScrollViewProxy`` searches below (weakly: a proxy kept by the app
/// outlives nothing).
@MainActor
final class ScrollReaderReference {
  weak var node: ViewNode?
}

/// A node that can scroll one of its rows into view by the row's id.
@MainActor
protocol ScrollTarget {
  /// Scrolls the row whose id is `id` into view; false when it has none.
  func scrollTo(id: AnyHashable) -> Bool
}

/// The node of a ``ScrollViewReader``: its content, built with a proxy that searches here.
@MainActor
final class ScrollReaderNode<Content: View>: ViewNode {
  private let reference = ScrollReaderReference()
  private var child: ViewNode!
  private var reader: ScrollViewReader<Content>

  init(graph: ViewGraph, parent: ViewNode?, reader: ScrollViewReader<Content>) {
    self.reader = reader
    super.init(graph: graph, parent: parent)
    reference.node = self
    child = graph.makeNode(for: content(), parent: self)
  }

  /// The content, its reads tracked: state it reads re-runs it.
  private func content() -> Content {
    let proxy = ScrollViewProxy(reader: reference)
    return tracking { reader.content(proxy) }
  }

  override var childNodes: [ViewNode] { [child] }
  override var widgets: [Widget] { child.widgets }

  override func update(to view: any View) -> Bool {
    guard let view = view as? ScrollViewReader<Content> else { return false }
    reader = view
    reevaluate()
    return true
  }

  override func reevaluate() {
    isDirty = false
    let previous = (child: child, changes: graph.widgetListChanges)
    if let new = replacement(for: child, with: content()) { child = new }
    if graph.widgetListChanges != previous.changes || child !== previous.child {
      widgetsChanged()
    }
  }

  override func dismantle() {
    child.dismantle()
    super.dismantle()
  }
}

extension LazyForEachNode: ScrollTarget {
  func scrollTo(id: AnyHashable) -> Bool {
    guard let typed = id.base as? V.RowID ?? (id as? V.RowID), let position = position(of: typed),
      let host
    else { return false }
    host.listView.scrollTo(position)
    return true
  }
}

extension ForEachNode: ScrollTarget {
  func scrollTo(id: AnyHashable) -> Bool {
    guard let row = identifiedChildren.first(where: { $0.id == id }),
      let widget = row.node.widgets.first
    else { return false }
    Widget.revealWhenLaidOut(widget.pointer)
    return true
  }
}
