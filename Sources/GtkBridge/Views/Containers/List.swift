/// Rows in a scrolling list, optionally selectable: SwiftUI's `List`.
///
/// A list of one `ForEach` (`List(items) { … }`, `List { ForEach($items) { … }.onDelete { … } }`),
/// of sections each holding one `ForEach` (with headers and footers, mixed with `ForEach`es
/// outside sections), or of such sections made by a `ForEach` over groups
/// (`ForEach(groups) { group in Section(group.name) { ForEach(group.items) { … } } }`) is a
/// `GtkListView`: GTK makes widgets only for the rows on screen, so 100,000 rows open at once,
/// and a change costs the rows it touches (a group inserted, removed or moved, its header and
/// rows). Any other content (static rows, sections of several views, rows with a `.tag` of
/// their own) is a `GtkListBox` with a row per view. Both keep the rules below; in the lazy
/// list, Tab reaches the controls of the rows on screen, rows are selected by their
/// elements' ids, and a section's header and footer are rows of their own that the keyboard
/// passes over.
///
/// Each view of the content is a row that takes focus (GTK's list keyboard navigation:
/// Tab, the arrow keys). With a selection binding, a click or the keyboard selects rows and
/// writes the binding, and a value the app writes selects the rows tagged with it. A row's
/// tag is its `.tag(_:)`, else the id of the `ForEach` element it comes from; rows without
/// either cannot be selected. A ``Section`` inside heads its rows with its labels (GTK row
/// headers, which the keyboard passes over).
///
/// A `ForEach` inside with `.onDelete` deletes the focused row (or the selection it is in) on
/// Delete; with `.onMove`, the user drags rows to new places with the mouse, within that
/// `ForEach` (see ``ForEach/onMove(perform:)``).
///
/// ```swift
/// @State var selection: Mail.ID?
///
/// List(mails, selection: $selection) { mail in
///   Text(mail.subject)
/// }
/// ```
public struct List<SelectionValue: Hashable, Content: View>: View, PrimitiveView {
  let selection: ListSelection?
  let content: Content

  /// A list whose rows the user selects one at a time (or none: `nil`).
  public init(selection: Binding<SelectionValue?>?, @ViewBuilder content: () -> Content) {
    self.selection = selection.map(ListSelection.init(single:))
    self.content = content()
  }

  /// A list whose rows the user selects several at a time (Ctrl- and Shift-click).
  public init(selection: Binding<Set<SelectionValue>>?, @ViewBuilder content: () -> Content) {
    self.selection = selection.map(ListSelection.init(multiple:))
    self.content = content()
  }

  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    // `ForEach`es, alone or each alone in a section, sections made by a `ForEach` (the shapes
    // of long lists): rows made as GTK shows them. Anything else (static rows, sections of
    // several views, rows with tags of their own) is laid out whole, in a list box.
    if let content = Content.self as? any LazyListContent.Type, content.makesLazyList {
      return LazyListNode(graph: graph, parent: parent, list: self)
    }
    return ListNode(graph: graph, parent: parent, list: self)
  }
}

extension List where SelectionValue == Never {
  /// A list without selection.
  public init(@ViewBuilder content: () -> Content) {
    self.selection = nil
    self.content = content()
  }

  /// A row per element: `List(items) { item in Text(item.name) }`.
  public init<Data: RandomAccessCollection, RowContent: View>(
    _ data: Data, @ViewBuilder rowContent: @escaping @MainActor (Data.Element) -> RowContent
  ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
    self.init { ForEach(data, content: rowContent) }
  }

  /// A row per element, identified by the property at `id`.
  public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @ViewBuilder rowContent: @escaping @MainActor (Data.Element) -> RowContent
  ) where Content == ForEach<Data, ID, RowContent> {
    self.init { ForEach(data, id: id, content: rowContent) }
  }

  /// A row per element of a collection binding, each given a binding to its element.
  public init<C: MutableCollection & RandomAccessCollection, RowContent: View>(
    _ data: Binding<C>, @ViewBuilder rowContent: @escaping (Binding<C.Element>) -> RowContent
  )
  where
    C.Element: Identifiable,
    Content == ForEach<BoundElements<C, IdentifiableElementID<C.Element>>, C.Element.ID, RowContent>
  {
    self.init { ForEach(data, content: rowContent) }
  }

  /// A row per element of a collection binding, identified by the property at `id`, each
  /// given a binding to its element.
  public init<C: MutableCollection & RandomAccessCollection, ID: Hashable, RowContent: View>(
    _ data: Binding<C>, id: KeyPath<C.Element, ID>,
    @ViewBuilder rowContent: @escaping (Binding<C.Element>) -> RowContent
  ) where Content == ForEach<BoundElements<C, KeyPathElementID<C.Element, ID>>, ID, RowContent> {
    self.init { ForEach(data, id: id, content: rowContent) }
  }

  /// A row per element binding of an array of bindings, such as a filtered collection
  /// binding: `List($items.filter { !$0.wrappedValue.done }) { $item in … }`.
  public init<Value: Identifiable, RowContent: View>(
    _ data: [Binding<Value>],
    // NB: not `@MainActor`: see `ForEach.init(_:content:)` for arrays of bindings.
    @ViewBuilder rowContent: @escaping (Binding<Value>) -> RowContent
  ) where Content == ForEach<[Binding<Value>], Value.ID, RowContent> {
    self.init { ForEach(data, content: rowContent) }
  }
}

extension List {
  /// A row per element, selected one at a time by id.
  public init<Data: RandomAccessCollection, RowContent: View>(
    _ data: Data, selection: Binding<SelectionValue?>?,
    @ViewBuilder rowContent: @escaping @MainActor (Data.Element) -> RowContent
  ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
    self.init(selection: selection) { ForEach(data, content: rowContent) }
  }

  /// A row per element, selected several at a time by id.
  public init<Data: RandomAccessCollection, RowContent: View>(
    _ data: Data, selection: Binding<Set<SelectionValue>>?,
    @ViewBuilder rowContent: @escaping @MainActor (Data.Element) -> RowContent
  ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
    self.init(selection: selection) { ForEach(data, content: rowContent) }
  }

  /// A row per element identified by `id`, selected one at a time.
  public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
    _ data: Data, id: KeyPath<Data.Element, ID>, selection: Binding<SelectionValue?>?,
    @ViewBuilder rowContent: @escaping @MainActor (Data.Element) -> RowContent
  ) where Content == ForEach<Data, ID, RowContent> {
    self.init(selection: selection) { ForEach(data, id: id, content: rowContent) }
  }

  /// A row per element identified by `id`, selected several at a time.
  public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
    _ data: Data, id: KeyPath<Data.Element, ID>, selection: Binding<Set<SelectionValue>>?,
    @ViewBuilder rowContent: @escaping @MainActor (Data.Element) -> RowContent
  ) where Content == ForEach<Data, ID, RowContent> {
    self.init(selection: selection) { ForEach(data, id: id, content: rowContent) }
  }
}

/// A list's selection binding with its value type erased: the tags it holds, and how to
/// write the tags the user selected.
@MainActor
struct ListSelection {
  let allowsMultiple: Bool
  let read: @MainActor () -> Set<AnyHashable>
  let write: @MainActor (Set<AnyHashable>) -> Void

  init<Value: Hashable>(single binding: Binding<Value?>) {
    allowsMultiple = false
    read = { binding.wrappedValue.map { [AnyHashable($0)] } ?? [] }
    write = { tags in
      // A tag of another type than the binding's selects nothing, as in SwiftUI.
      binding.setIfChanged(tags.lazy.compactMap { $0.base as? Value }.first)
    }
  }

  init<Value: Hashable>(multiple binding: Binding<Set<Value>>) {
    allowsMultiple = true
    read = { Set(binding.wrappedValue.map { AnyHashable($0) }) }
    write = { tags in binding.setIfChanged(Set(tags.compactMap { $0.base as? Value })) }
  }
}
