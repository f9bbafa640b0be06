import CGtk

/// A sidebar beside a detail, or a sidebar, a content list and a detail, side by side:
/// SwiftUI's `NavigationSplitView`, as the macOS version lays it out, in `GtkPaned`s.
///
/// Each column is a vertical box of its views (one view fills its column). The user drags
/// the dividers; the sidebar keeps its width when the window grows. With `columnVisibility`,
/// the app hides and shows the leading columns; GTK has no sidebar button of its own, so only
/// the app writes it.
///
/// ```swift
/// @State private var selection: Note.ID?
///
/// var body: some View {
///   NavigationSplitView {
///     List(notes, selection: $selection) { note in Text(note.title) }
///   } detail: {
///     if let note = notes.first(where: { $0.id == selection }) {
///       NoteEditor(note: note)
///     } else {
///       Text("Choose a note")
///     }
///   }
/// }
/// ```
public struct NavigationSplitView<Sidebar: View, Content: View, Detail: View>: View,
  PrimitiveView
{
  let columnVisibility: Binding<NavigationSplitViewVisibility>?
  let sidebar: Sidebar
  /// `nil` for the two-column form.
  let content: Content?
  let detail: Detail

  /// Three columns: a sidebar, a content column and a detail.
  public init(
    @ViewBuilder sidebar: () -> Sidebar, @ViewBuilder content: () -> Content,
    @ViewBuilder detail: () -> Detail
  ) {
    self.init(nil, sidebar(), content(), detail())
  }

  /// Three columns whose visibility follows `columnVisibility`.
  public init(
    columnVisibility: Binding<NavigationSplitViewVisibility>,
    @ViewBuilder sidebar: () -> Sidebar, @ViewBuilder content: () -> Content,
    @ViewBuilder detail: () -> Detail
  ) {
    self.init(columnVisibility, sidebar(), content(), detail())
  }

  init(
    _ columnVisibility: Binding<NavigationSplitViewVisibility>?, _ sidebar: Sidebar,
    _ content: Content?, _ detail: Detail
  ) {
    self.columnVisibility = columnVisibility
    self.sidebar = sidebar
    self.content = content
    self.detail = detail
  }

  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    NavigationSplitNode(graph: graph, parent: parent, view: self)
  }
}

extension NavigationSplitView where Content == EmptyView {
  /// Two columns: a sidebar and a detail.
  public init(@ViewBuilder sidebar: () -> Sidebar, @ViewBuilder detail: () -> Detail) {
    self.init(nil, sidebar(), nil, detail())
  }

  /// Two columns whose visibility follows `columnVisibility`.
  public init(
    columnVisibility: Binding<NavigationSplitViewVisibility>,
    @ViewBuilder sidebar: () -> Sidebar, @ViewBuilder detail: () -> Detail
  ) {
    self.init(columnVisibility, sidebar(), nil, detail())
  }
}

/// Which columns of a ``NavigationSplitView`` show: SwiftUI's
/// `NavigationSplitViewVisibility`.
///
/// ```swift
/// @State private var columns = NavigationSplitViewVisibility.all
/// NavigationSplitView(columnVisibility: $columns) { Sidebar() } detail: { Detail() }
/// Button("Focus mode") { columns = .detailOnly }
/// ```
public struct NavigationSplitViewVisibility: Hashable, Sendable {
  private enum Kind: Hashable, Sendable { case automatic, all, doubleColumn, detailOnly }
  private let kind: Kind

  /// As the platform decides: every column, on the desktop.
  public static let automatic = Self(kind: .automatic)
  /// Every column.
  public static let all = Self(kind: .all)
  /// Of three columns, the content and the detail; of two, both.
  public static let doubleColumn = Self(kind: .doubleColumn)
  /// The detail alone.
  public static let detailOnly = Self(kind: .detailOnly)

  /// Whether the sidebar and the content column show, in a split view with or without a
  /// content column.
  func shows(hasContent: Bool) -> (sidebar: Bool, content: Bool) {
    switch kind {
    case .automatic, .all: (true, true)
    case .doubleColumn: (!hasContent, true)
    case .detailOnly: (false, false)
    }
  }
}

extension View {
  /// The width of the ``NavigationSplitView`` column this view fills: SwiftUI's
  /// `navigationSplitViewColumnWidth(_:)`. On GTK it is the view's size request: the column
  /// starts at least that wide and the user cannot drag it narrower.
  ///
  /// ```swift
  /// NavigationSplitView {
  ///   List(folders, selection: $folder) { Text($0.name) }
  ///     .navigationSplitViewColumnWidth(240)
  /// } detail: { FolderView(folder: folder) }
  /// ```
  public func navigationSplitViewColumnWidth(_ width: CGFloat) -> some View {
    frame(minWidth: width)
  }

  /// The same with a range: `min` is the view's size request, as `frame(minWidth:)`; `ideal`
  /// and `max` are accepted and ignored (a GTK column starts at its views' natural width and
  /// a paned cannot cap one).
  public func navigationSplitViewColumnWidth(
    min: CGFloat? = nil, ideal: CGFloat, max: CGFloat? = nil
  ) -> some View {
    frame(minWidth: min)
  }
}
