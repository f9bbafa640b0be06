import Foundation

/// One view per element of a collection, identified by the element's id: SwiftUI's `ForEach`.
///
/// Views keep their identity (widget, coordinator, state, focus, cursor) by id: reordering
/// the data moves the existing widgets, removing an element dismantles only its view.
///
/// ```swift
/// ForEach(rows) { row in
///   RowView(row: row)
/// }
/// ```
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View,
  PrimitiveView
{
  var data: Data
  let id: KeyPath<Data.Element, ID>
  let content: @MainActor (Data.Element) -> Content
  /// For a binding `ForEach`, whose `content` wraps the app's closure: that closure and the
  /// collection binding, which say whether two values build the same rows.
  var boundContent: (any BoundContentIdentity)?
  /// `.onDelete`'s action: a `List` runs it with a focused row's offset on Delete.
  var deleteAction: (@MainActor (IndexSet) -> Void)?

  /// Views for `data`, identified by the property at `id`.
  public init(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @ViewBuilder content: @escaping @MainActor (Data.Element) -> Content
  ) {
    self.data = data
    self.id = id
    self.content = content
  }

  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    let node = ForEachNode<Self>(graph: graph, parent: parent)
    _ = node.update(to: self)
    return node
  }

}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
  /// Views for `data`, identified by each element's `id`.
  public init(_ data: Data, @ViewBuilder content: @escaping @MainActor (Data.Element) -> Content) {
    self.init(data, id: IdentityKeyPath.of(Data.Element.self), content: content)
  }
}

extension ForEach where Data == Range<Int>, ID == Int {
  /// Views for a constant range, identified by the integer.
  public init(_ data: Range<Int>, @ViewBuilder content: @escaping @MainActor (Int) -> Content) {
    self.init(data, id: \.self, content: content)
  }
}

extension ForEach: KeyedViews {
  var keyedElements: [KeyedElement] {
    let content = content
    return data.map { element in
      (AnyHashable(element[keyPath: id]), element, { content(element) })
    }
  }

  func keyedRow(at offset: Int) -> (element: Any, make: @MainActor () -> any View) {
    let element = data[data.index(data.startIndex, offsetBy: offset)]
    let content = content
    return (element, { content(element) })
  }

  var elementComparison: (any ElementComparableCollection.Type)? {
    ElementChanges.comparable(Data.self)
  }

  mutating func detachData(comparing comparable: (any ElementComparableCollection.Type)?) {
    guard let comparable else { return }
    data = ElementChanges.detached(data, as: comparable)
  }

  mutating func takeData(
    of previous: consuming Self, refreshing offsets: [Int],
    comparing comparable: (any ElementComparableCollection.Type)?
  ) {
    guard let comparable else { return }
    var old = previous.data
    // NB: `previous` let go first, so `old` holds its storage alone and changes in place.
    _ = consume previous
    ElementChanges.refresh(&old, at: offsets, from: data, as: comparable)
    data = old
  }

  func changedRows(
    since previous: Self, comparing comparable: (any ElementComparableCollection.Type)?
  ) -> [Int]? {
    guard previous.id == id else { return nil }
    if let boundContent {
      guard let old = previous.boundContent, boundContent.isSame(as: old) else { return nil }
    } else {
      guard let offset = MemoryLayout<Self>.offset(of: \Self.content),
        ClosureIdentity.isSame(storedAt: offset, in: previous, self)
      else { return nil }
    }
    return ElementChanges.between(previous.data, data, id: id, as: comparable)
  }
}

extension ForEach {
  /// A view per element of a collection binding, each given a binding to its element:
  /// SwiftUI's binding `ForEach`.
  ///
  /// Each row's binding finds its element by id, not by position: typing into a row while
  /// other rows are removed or reordered writes into the row the user is in. A write to an
  /// element that is gone is dropped with a logged warning.
  ///
  /// ```swift
  /// ForEach($model.items) { $item in
  ///   TextField("Name", text: $item.name)
  /// }
  /// ```
  public init<C: MutableCollection & RandomAccessCollection>(
    _ data: Binding<C>,
    // NB: not `@MainActor`: a closure with a property-wrapper parameter (`$item in`) then
    // loses the main actor with this compiler; without it, it inherits the caller's.
    @ViewBuilder content: @escaping (Binding<C.Element>) -> Content
  ) where C.Element: Identifiable, Data == BoundElements<C>, ID == C.Element.ID {
    // NB: a view of the collection, not a copy: a parent's `body` makes this on every run.
    self.init(
      BoundElements(base: data.wrappedValue), id: IdentityKeyPath.of(BoundElement<C>.self)
    ) { bound in
      content(data.element(withID: bound.id, at: bound.index, lastKnown: bound.element))
    }
    boundContent = BoundContent(content: content, collection: data)
  }
}

/// What a binding `ForEach`'s rows are built from besides their elements.
@MainActor
protocol BoundContentIdentity {
  func isSame(as other: any BoundContentIdentity) -> Bool
}

/// The app's row closure and the collection binding of a binding `ForEach`.
struct BoundContent<C: MutableCollection & RandomAccessCollection, Content>: BoundContentIdentity {
  /// NB: the first stored property, so at offset 0: `MemoryLayout.offset(of:)` answers nil
  /// for it (a generic struct's field offset is not in its key path here).
  let content: (Binding<C.Element>) -> Content
  let collection: Binding<C>

  func isSame(as other: any BoundContentIdentity) -> Bool {
    isSame(asOpened: other)
  }

  /// NB: the existential opened and its type compared, not `other as? Self`: the cast looks
  /// up the metadata of `Self?` and casts dynamically on every update of the `ForEach`.
  private func isSame<Other: BoundContentIdentity>(asOpened other: Other) -> Bool {
    guard Other.self == Self.self else { return false }
    return withPointer(to: other) { pointer in
      let other = UnsafeRawPointer(pointer).assumingMemoryBound(to: Self.self)
      return collection.hasSameSource(as: other.pointee.collection)
        && ClosureIdentity.isSame(storedAt: 0, in: self, other.pointee)
    }
  }
}

/// An element of a collection binding and where it was when the `ForEach` was made: what a
/// binding `ForEach` iterates.
public struct BoundElement<C: RandomAccessCollection>: Identifiable where C.Element: Identifiable {
  /// Where the element was; its binding looks here first, then searches by id.
  public let index: C.Index
  public let element: C.Element

  public var id: C.Element.ID { element.id }
}

/// The elements of a collection binding with where each is: what a binding `ForEach`
/// iterates. A view of the collection, so making one costs nothing per element.
public struct BoundElements<C: RandomAccessCollection>: RandomAccessCollection
where C.Element: Identifiable {
  var base: C

  public var startIndex: Int { 0 }
  public var endIndex: Int { base.count }

  public subscript(position: Int) -> BoundElement<C> {
    let index = base.index(base.startIndex, offsetBy: position)
    return BoundElement(index: index, element: base[index])
  }

  // NB: written out: the defaults for `Strideable` indices run unspecialized here, through
  // `Int`'s witnesses (about 1,900 instructions for one `index(_:offsetBy:)`).
  public func index(after i: Int) -> Int { i + 1 }
  public func index(before i: Int) -> Int { i - 1 }
  public func index(_ i: Int, offsetBy distance: Int) -> Int { i + distance }
  public func distance(from start: Int, to end: Int) -> Int { end - start }
}

extension BoundElements: ElementComparableCollection {
  /// The changed elements of the bases, when each kept its id.
  static func changedOffsets(at new: UnsafeRawPointer, since old: UnsafeRawPointer) -> [Int]? {
    let old = old.assumingMemoryBound(to: Self.self).pointee.base
    let new = new.assumingMemoryBound(to: Self.self).pointee.base
    guard let changed = ElementChanges.changedOffsets(old, new) else { return nil }
    for offset in changed {
      guard
        old[old.index(old.startIndex, offsetBy: offset)].id
          == new[new.index(new.startIndex, offsetBy: offset)].id
      else { return nil }
    }
    return changed
  }

  static func comparesIDs(_ id: AnyKeyPath) -> Bool {
    id === IdentityKeyPath.of(BoundElement<C>.self)
  }

  static func detach(_ value: UnsafeMutableRawPointer) {
    let value = value.assumingMemoryBound(to: Self.self)
    guard let comparable = ElementChanges.comparable(C.self) else { return }
    value.pointee.base = ElementChanges.detached(value.pointee.base, as: comparable)
  }

  static func refresh(
    _ value: UnsafeMutableRawPointer, at offsets: [Int], from new: UnsafeRawPointer
  ) {
    let value = value.assumingMemoryBound(to: Self.self)
    let new = new.assumingMemoryBound(to: Self.self)
    guard let comparable = ElementChanges.comparable(C.self) else {
      value.pointee = new.pointee
      return
    }
    ElementChanges.refresh(&value.pointee.base, at: offsets, from: new.pointee.base, as: comparable)
  }
}

/// An element wrapper whose duplicates `ForEachNode` matches by the element it wraps.
protocol BoundElementMatching {
  var matchingElement: Any { get }
}

extension BoundElement: BoundElementMatching {
  var matchingElement: Any { element }
}
