/// Content a ``List`` shows on one `GtkListView`, its rows made as GTK shows them: one
/// `ForEach`, a ``Section`` holding one `ForEach`, or several of those one after another.
///
/// ```swift
/// List {
///   Section("Inbox") { ForEach(inbox) { Text($0.subject) } }
///   Section { ForEach(archive) { Text($0.subject) } } footer: { Text("Older mail") }
///   ForEach(drafts) { Text($0.subject) }
/// }
/// ```
@MainActor
protocol LazyListContent: View {
  /// Whether a list of this content can be lazy: each `ForEach` in it suits a lazy list
  /// (``LazyKeyedViews/suitsLazyList``) and is alone in its section.
  static var suitsLazyList: Bool { get }
  /// The parts of the content, in order: each a `ForEach` or a `Section` of one.
  var lazyListSegments: [any View] { get }
}

/// A ``Section`` in a lazy `List`: its node heads and ends its `ForEach`'s rows with label
/// rows (``LazySectionNode``) instead of flattening its widgets into the list (``SectionNode``).
@MainActor
protocol LazyListSection {
  func makeLazySectionNode(in graph: ViewGraph, parent: ViewNode) -> ViewNode
}

extension ForEach: LazyListContent {
  var lazyListSegments: [any View] { [self] }
}

extension Section: LazyListContent, LazyListSection {
  static var suitsLazyList: Bool {
    (Content.self as? any LazyKeyedViews.Type)?.suitsLazyList == true
  }

  var lazyListSegments: [any View] { [self] }

  func makeLazySectionNode(in graph: ViewGraph, parent: ViewNode) -> ViewNode {
    LazySectionNode(graph: graph, parent: parent, section: self)
  }
}

extension TupleView: LazyListContent {
  static var suitsLazyList: Bool {
    // NB: a loop, no closure: a metatype captured by a closure is "sent" (Swift 6's region
    // checks, which release builds run over the whole module, refused it).
    var types: [any View.Type] = []
    repeat types.append((each Content).self)
    for type in types where (type as? any LazyListContent.Type)?.suitsLazyList != true {
      return false
    }
    return true
  }

  var lazyListSegments: [any View] {
    var segments: [any View] = []
    for view in elements {
      guard let content = view as? any LazyListContent else { continue }
      segments += content.lazyListSegments
    }
    return segments
  }
}
