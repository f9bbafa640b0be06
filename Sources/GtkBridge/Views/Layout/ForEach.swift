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
  var deleteAction: ((IndexSet) -> Void)?
  /// `.onMove`'s action: a `List` runs it when the user drags rows to another place.
  var moveAction: ((IndexSet, Int) -> Void)?
  /// Whether the elements are bindings (`ForEach($items.filter { … })`): they are compared by
  /// the storage they address, never by bytes (see `reusesBindingRows(since:)`).
  var elementsAreBindings = false

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
    // The content of a lazy container: rows are built as GTK shows them.
    if let host = parent as? any LazyRowsHost {
      return LazyForEachNode<Self>(graph: graph, parent: host, view: self)
    }
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

extension ForEach: LazyKeyedViews {
  static var suitsLazyList: Bool {
    !(Content.self is any SectionView.Type)
      && (Content.self as? any StaticallyTagged.Type)?.carriesTag != true
  }

  func rowIDs() -> [ID] { rowIDs(in: 0..<data.count) }

  func rowIDs(in offsets: Range<Int>) -> [ID] {
    if let identifiable = Data.Element.self as? any Identifiable.Type,
      let ids = identifiableIDs(identifiable, in: offsets)
    {
      return ids
    }
    let id = id
    let start = data.index(data.startIndex, offsetBy: offsets.lowerBound)
    let end = data.index(start, offsetBy: offsets.count)
    return data[start..<end].map { $0[keyPath: id] }
  }

  mutating func keepOwnData() {
    guard Data.self is any SplicableRows.Type,
      let comparable = ElementChanges.comparable(Data.self)
    else { return }
    data = ElementChanges.detached(data, as: comparable)
  }

  mutating func adopt(_ new: Self) -> RowSplice? {
    guard let splicable = Data.self as? any SplicableRows.Type else {
      self = new
      return nil
    }
    let splice = withPointer(to: data) { old in
      withPointer(to: new.data) { new in splicable.differingRange(at: new, since: old) }
    }
    withPointer(to: new.data) { newData in
      withMutablePointer(to: &data) { kept in splicable.splice(kept, from: newData, splice) }
    }
    // Everything but the data is the new view's; the data stays this copy.
    var kept = new
    swap(&kept.data, &data)
    self = kept
    return splice
  }

  /// The ids of `Identifiable` elements read through `Identifiable`, when `id` is `\.id`.
  ///
  /// NB: a generic key path's projection looks its types' metadata up on every element
  /// (about 1 µs each: a tenth of a second for 100,000 rows); the protocol's `id` does not.
  private func identifiableIDs<E: Identifiable>(_: E.Type, in offsets: Range<Int>) -> [ID]? {
    guard E.ID.self == ID.self, (id as AnyKeyPath) === IdentityKeyPath.of(E.self) else {
      return nil
    }
    return unsafeBitCast(Self.ids(of: data, in: offsets, as: E.self), to: [ID].self)
  }

  /// NB: nonisolated: a main-actor closure checks its executor on every element.
  nonisolated private static func ids<E: Identifiable>(
    of data: Data, in offsets: Range<Int>, as _: E.Type
  ) -> [E.ID] {
    // `Data.Element` is `E` (checked by the caller): an array is read as one, in place.
    if Data.self == [E].self {
      return unsafeBitCast(data, to: [E].self)[offsets].map { $0.id }
    }
    var ids: [E.ID] = []
    ids.reserveCapacity(offsets.count)
    let start = data.index(data.startIndex, offsetBy: offsets.lowerBound)
    let end = data.index(start, offsetBy: offsets.count)
    for element in data[start..<end] {
      ids.append(
        withUnsafePointer(to: element) {
          UnsafeRawPointer($0).assumingMemoryBound(to: E.self).pointee.id
        })
    }
    return ids
  }

  func isSameElement(at offset: Int, as old: Any) -> Bool {
    guard let old = old as? Data.Element else { return false }
    let new = data[data.index(data.startIndex, offsetBy: offset)]
    // Equal bytes are the same value (the same strings' storage, the same objects); unequal
    // bytes may still be equal values, which only costs the row a run of its closure.
    return withUnsafeBytes(of: old) { old in
      withUnsafeBytes(of: new) { new in
        old.count == new.count && memcmp(old.baseAddress!, new.baseAddress!, old.count) == 0
      }
    }
  }

  func buildsSameRows(as previous: Self) -> Bool {
    guard previous.id == id else { return false }
    if let boundContent {
      guard let old = previous.boundContent else { return false }
      return boundContent.isSame(as: old)
    }
    guard let offset = MemoryLayout<Self>.offset(of: \Self.content) else { return false }
    return ClosureIdentity.isSame(storedAt: offset, in: previous, self)
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
    // NB: two bindings' bytes differ whenever a parent made them again, and equal bytes would
    // not mean an equal element either: a binding reads its element when asked, so the ids
    // of the old ones are the new ones'. Rows of bindings are matched by id every update.
    elementsAreBindings ? nil : ElementChanges.comparable(Data.self)
  }

  func reusesBindingRows(since previous: Self) -> Bool {
    guard elementsAreBindings, previous.elementsAreBindings, let boundContent,
      let old = previous.boundContent
    else { return false }
    return boundContent.isSame(as: old)
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

  func changeJournal() -> CollectionObserver? {
    // NB: a small collection is compared: cheaper than finding its observer.
    guard let boundContent, data.count >= ElementWrite.minimumCount else { return nil }
    return boundContent.changeJournal()
  }

  func changedRows(
    since previous: Self, comparing comparable: (any ElementComparableCollection.Type)?,
    among offsets: [Int]?
  ) -> [Int]? {
    guard previous.id == id else { return nil }
    if let boundContent {
      guard let old = previous.boundContent, boundContent.isSame(as: old) else { return nil }
    } else {
      guard let offset = MemoryLayout<Self>.offset(of: \Self.content),
        ClosureIdentity.isSame(storedAt: offset, in: previous, self)
      else { return nil }
    }
    return ElementChanges.between(previous.data, data, id: id, among: offsets, as: comparable)
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
  )
  where
    C.Element: Identifiable, Data == BoundElements<C, IdentifiableElementID<C.Element>>,
    ID == C.Element.ID
  {
    self.init(boundTo: data, identifiedBy: IdentifiableElementID(), content: content)
  }

  /// A view per element of a collection binding whose elements are identified by the
  /// property at `id` (they need not be `Identifiable`), each given a binding to its element.
  ///
  /// As with `Identifiable` elements, each row's binding finds its element by that id: typing
  /// into a row while other rows are removed or reordered writes into the row the user is in,
  /// and a write to an element that is gone is dropped with a logged warning.
  ///
  /// ```swift
  /// ForEach($names, id: \.self) { $name in
  ///   TextField("Name", text: $name)
  /// }
  /// ```
  ///
  /// When a row's own write changes its element's id (with `id: \.self` the id is the value,
  /// so every keystroke does), the row takes the new id and keeps its views: the field keeps
  /// its widget, focus and cursor, and the binding goes on writing into the element it wrote.
  /// (SwiftUI on macOS treats the changed id as a new row and rebuilds it, so the field loses
  /// focus after each keystroke.) Only the binding's own writes do this: an element the app
  /// replaces with another id is a new row, as in SwiftUI. A row made from a binding GtkBridge
  /// cannot identify follows the same rule.
  public init<C: MutableCollection & RandomAccessCollection>(
    _ data: Binding<C>, id: KeyPath<C.Element, ID>,
    // NB: not `@MainActor`: see the `Identifiable` initializer.
    @ViewBuilder content: @escaping (Binding<C.Element>) -> Content
  ) where Data == BoundElements<C, KeyPathElementID<C.Element, ID>> {
    self.init(boundTo: data, identifiedBy: KeyPathElementID(keyPath: id), content: content)
  }

  private init<C: MutableCollection & RandomAccessCollection, Identifier: ElementIdentifier>(
    boundTo data: Binding<C>, identifiedBy identifier: Identifier,
    content: @escaping (Binding<C.Element>) -> Content
  )
  where
    Identifier.Element == C.Element, Data == BoundElements<C, Identifier>,
    ID == Identifier.ID
  {
    // NB: a view of the collection, not a copy: a parent's `body` makes this on every run.
    let readAt = StateStorage.writes
    self.init(
      BoundElements(base: data.wrappedValue, identifier: identifier),
      id: IdentityKeyPath.of(BoundElement<C, Identifier>.self)
    ) { bound in
      content(
        data.element(
          withID: bound.id, identifiedBy: identifier, at: bound.index, lastKnown: bound.element))
    }
    boundContent = BoundContent(content: content, collection: data, readAt: readAt)
  }
}

extension ForEach {
  /// A view per element binding of a collection of bindings, such as a filtered collection
  /// binding: `ForEach($items.filter { !$0.wrappedValue.done }) { $item in … }`.
  ///
  /// Rows are identified by their element's id. The element bindings are the collection's
  /// (see `Binding`'s `Collection` conformance): each addresses its element by index.
  ///
  /// NB: for arrays only: for any `Data` of bindings, a collection binding (itself a
  /// collection of bindings) would match this as well as the binding `ForEach`.
  public init<Value: Identifiable>(
    _ data: [Binding<Value>],
    // NB: not `@MainActor`, unlike `init(_:content:)`'s: a closure with a property-wrapper
    // parameter (`$item in`) loses the main actor with this compiler and would not match.
    @ViewBuilder content: @escaping (Binding<Value>) -> Content
  ) where Data == [Binding<Value>], ID == Value.ID {
    // NB: the fields set directly: `self.init(data, id:) { … }` would call the initializer
    // below (this closure type matches it better), not the designated one.
    self.data = data
    self.id = IdentityKeyPath.of(Binding<Value>.self)
    self.content = { content($0) }
    boundContent = BindingRowsContent(content: content)
    elementsAreBindings = true
  }

  /// A view per element binding of a collection of bindings, identified by the property at
  /// `id`: `ForEach($names.filter { !$0.wrappedValue.isEmpty }, id: \.wrappedValue) { $name in … }`.
  public init<Value>(
    _ data: [Binding<Value>], id: KeyPath<Binding<Value>, ID>,
    // NB: not `@MainActor`: see above.
    @ViewBuilder content: @escaping (Binding<Value>) -> Content
  ) where Data == [Binding<Value>] {
    // NB: the fields set directly, as above: `self.init(data, id:)` would call this one.
    self.data = data
    self.id = id
    self.content = { content($0) }
    boundContent = BindingRowsContent(content: content)
    elementsAreBindings = true
  }
}

/// How a binding `ForEach` tells its elements apart: by their `Identifiable` id
/// (`ForEach($items)`) or by the value at a key path (`ForEach($names, id: \.self)`).
public protocol ElementIdentifier {
  associatedtype Element
  associatedtype ID: Hashable
  func id(of element: Element) -> ID
  /// Whether `other` reads the same id from every element.
  func isSame(as other: Self) -> Bool
}

/// The `id` of `Identifiable` elements.
public struct IdentifiableElementID<Element: Identifiable>: ElementIdentifier {
  public func id(of element: Element) -> Element.ID { element.id }
  public func isSame(as other: Self) -> Bool { true }
}

/// The value at a key path of the elements.
public struct KeyPathElementID<Element, ID: Hashable>: ElementIdentifier {
  let keyPath: KeyPath<Element, ID>
  public func id(of element: Element) -> ID { element[keyPath: keyPath] }
  public func isSame(as other: Self) -> Bool { keyPath == other.keyPath }
}

/// What a binding `ForEach`'s rows are built from besides their elements.
@MainActor
protocol BoundContentIdentity {
  func isSame(as other: any BoundContentIdentity) -> Bool
  /// The observer that can tell which elements of the collection changed since a moment
  /// (`CollectionObserver.changes(since:)`), when the data is the collection's value now.
  func changeJournal() -> CollectionObserver?
}

/// The app's row closure and the collection binding of a binding `ForEach`.
struct BoundContent<C: MutableCollection & RandomAccessCollection, Content>: BoundContentIdentity {
  /// NB: the first stored property, so at offset 0: `MemoryLayout.offset(of:)` answers nil
  /// for it (a generic struct's field offset is not in its key path here).
  let content: (Binding<C.Element>) -> Content
  let collection: Binding<C>
  /// `StateStorage.writes` when the `ForEach` read the collection.
  let readAt: UInt

  func changeJournal() -> CollectionObserver? {
    // NB: the data is the collection's value only while no state was written since it was
    // read: otherwise the observer's changes since may be missing from it.
    guard collection.modifiesPlainValue, readAt == StateStorage.writes,
      let id = collection.sourceID
    else { return nil }
    return CollectionObserver.journal(of: id)
  }

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

/// The app's row closure of a `ForEach` over an array of bindings: whether two values build
/// the same rows from the same bindings.
struct BindingRowsContent<Value, Content>: BoundContentIdentity {
  /// NB: the first stored property, so at offset 0 (see `BoundContent`).
  let content: (Binding<Value>) -> Content

  func changeJournal() -> CollectionObserver? { nil }

  func isSame(as other: any BoundContentIdentity) -> Bool {
    isSame(asOpened: other)
  }

  private func isSame<Other: BoundContentIdentity>(asOpened other: Other) -> Bool {
    guard Other.self == Self.self else { return false }
    return withPointer(to: other) { pointer in
      let other = UnsafeRawPointer(pointer).assumingMemoryBound(to: Self.self)
      return ClosureIdentity.isSame(storedAt: 0, in: self, other.pointee)
    }
  }
}

/// An element of a collection binding and where it was when the `ForEach` was made: what a
/// binding `ForEach` iterates.
public struct BoundElement<C: RandomAccessCollection, Identifier: ElementIdentifier>: Identifiable
where Identifier.Element == C.Element {
  /// Where the element was; its binding looks here first, then searches by id.
  public let index: C.Index
  public let element: C.Element
  let identifier: Identifier

  public var id: Identifier.ID { identifier.id(of: element) }
}

/// The elements of a collection binding with where each is: what a binding `ForEach`
/// iterates. A view of the collection, so making one costs nothing per element.
public struct BoundElements<C: RandomAccessCollection, Identifier: ElementIdentifier>:
  RandomAccessCollection
where Identifier.Element == C.Element {
  var base: C
  let identifier: Identifier

  public var startIndex: Int { 0 }
  public var endIndex: Int { base.count }

  public subscript(position: Int) -> BoundElement<C, Identifier> {
    let index = base.index(base.startIndex, offsetBy: position)
    return BoundElement(index: index, element: base[index], identifier: identifier)
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
    changedOffsets(at: new, since: old) { old, new in ElementChanges.changedOffsets(old, new) }
  }

  /// Of `offsets`, the changed elements of the bases, when each kept its id.
  static func changedOffsets(
    at new: UnsafeRawPointer, since old: UnsafeRawPointer, among offsets: [Int]
  ) -> [Int]? {
    changedOffsets(at: new, since: old) { old, new in
      guard let comparable = ElementChanges.comparable(C.self) else { return nil }
      return ElementChanges.changedOffsets(old, new, among: offsets, as: comparable)
    }
  }

  /// The offsets `compare` finds changed between the bases, when each kept its id.
  @inline(__always)
  private static func changedOffsets(
    at new: UnsafeRawPointer, since old: UnsafeRawPointer, by compare: (C, C) -> [Int]?
  ) -> [Int]? {
    let oldElements = old.assumingMemoryBound(to: Self.self)
    let newElements = new.assumingMemoryBound(to: Self.self)
    // Another key path reads other ids from the same elements.
    guard newElements.pointee.identifier.isSame(as: oldElements.pointee.identifier) else {
      return nil
    }
    let identifier = newElements.pointee.identifier
    let old = oldElements.pointee.base
    let new = newElements.pointee.base
    guard let changed = compare(old, new) else { return nil }
    for offset in changed {
      guard
        identifier.id(of: old[old.index(old.startIndex, offsetBy: offset)])
          == identifier.id(of: new[new.index(new.startIndex, offsetBy: offset)])
      else { return nil }
    }
    return changed
  }

  static func comparesIDs(_ id: AnyKeyPath) -> Bool {
    id === IdentityKeyPath.of(BoundElement<C, Identifier>.self)
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
