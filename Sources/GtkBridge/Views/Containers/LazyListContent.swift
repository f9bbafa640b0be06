/// Content a ``List`` shows on one `GtkListView`, its rows made as GTK shows them: one
/// `ForEach`, a ``Section`` holding one `ForEach`, a `ForEach` whose rows are such sections
/// (the data's groups), or several of those one after another.
///
/// ```swift
/// List {
///   Section("Inbox") { ForEach(inbox) { Text($0.subject) } }
///   Section { ForEach(archive) { Text($0.subject) } } footer: { Text("Older mail") }
///   ForEach(drafts) { Text($0.subject) }
///   ForEach(folders) { folder in
///     Section(folder.name) { ForEach(folder.mails) { Text($0.subject) } }
///   }
/// }
/// ```
@MainActor
protocol LazyListContent: View {
  /// Whether a list of this content can be lazy: each `ForEach` of rows in it suits a lazy
  /// list (``LazyKeyedViews/suitsLazyList``) and is alone in its section, and a `ForEach` of
  /// sections makes only such sections.
  static var makesLazyList: Bool { get }
  /// The parts of the content, in order: each a `ForEach` or a `Section` of one.
  var lazyListSegments: [any View] { get }
}

/// A part of a lazy `List`'s content that makes a node of its own there: a ``Section``
/// (``LazySectionNode``) or a `ForEach` of sections (``LazySectionForEachNode``).
@MainActor
protocol LazyListSegment {
  func makeLazyListSegmentNode(in graph: ViewGraph, parent: ViewNode) -> ViewNode
}

/// A ``Section`` in a lazy `List`: its node heads and ends its `ForEach`'s rows with label
/// rows (``LazySectionNode``) instead of flattening its widgets into the list (``SectionNode``).
@MainActor
protocol LazyListSection: LazyListSegment {
  /// Whether the section holds one `ForEach` of rows that suits a lazy list.
  static var makesLazyList: Bool { get }
}

extension ForEach: LazyListContent, LazyListSegment {
  /// A `ForEach` of rows, or of sections that each suit a lazy list (`ForEach(groups) {
  /// Section($0.name) { ForEach($0.items) { … } } }`).
  static var makesLazyList: Bool {
    suitsLazyList || (Content.self as? any LazyListSection.Type)?.makesLazyList == true
  }

  var lazyListSegments: [any View] { [self] }

  func makeLazyListSegmentNode(in graph: ViewGraph, parent: ViewNode) -> ViewNode {
    guard Content.self is any LazyListSection.Type else {
      return graph.makeNode(for: self, parent: parent)
    }
    return LazySectionForEachNode(graph: graph, parent: parent, view: self)
  }
}

extension Section: LazyListContent, LazyListSection {
  static var makesLazyList: Bool {
    (Content.self as? any LazyKeyedViews.Type)?.suitsLazyList == true
  }

  var lazyListSegments: [any View] { [self] }

  func makeLazyListSegmentNode(in graph: ViewGraph, parent: ViewNode) -> ViewNode {
    LazySectionNode(graph: graph, parent: parent, section: self)
  }
}

extension TupleView: LazyListContent {
  static var makesLazyList: Bool {
    // NB: a loop, no closure: a metatype captured by a closure is "sent" (Swift 6's region
    // checks, which release builds run over the whole module, refused it).
    var types: [any View.Type] = []
    repeat types.append((each Content).self)
    for type in types where (type as? any LazyListContent.Type)?.makesLazyList != true {
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
