import CGtk

/// A root view with views pushed over it, shown one at a time in a `GtkStack` with a slide
/// transition: SwiftUI's `NavigationStack`.
///
/// A ``NavigationLink`` pushes a view; the back button GtkBridge puts at the start of the
/// window's header bar, and Alt+Left, pop it. The top view's `navigationTitle(_:)`
/// is the window's title. Pushing moves focus into the pushed view as a window's launch does
/// (its `.defaultFocus`, else its first text field, caret at the end, nothing selected);
/// popping gives focus back to the widget that had it before the push. The root view keeps
/// its `@State` while views are pushed over it; a popped view's state is discarded.
///
/// ```swift
/// NavigationStack {
///   VStack {
///     NavigationLink("Profile") { ProfileEditor() }
///   }
///   .navigationTitle("Settings")
/// }
///
/// @State private var path: [Int] = []
/// NavigationStack(path: $path) {
///   NavigationLink("Item 7", value: 7)
///     .navigationDestination(for: Int.self) { ItemDetail(number: $0) }
/// }
/// ```
public struct NavigationStack<Data, Root: View>: View, PrimitiveView {
  let root: Root
  let path: Binding<[AnyHashable]>?

  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    NavigationStackNode(graph: graph, parent: parent, view: self)
  }
}

extension NavigationStack where Data == NavigationPath {
  /// A stack that keeps its own path: only ``NavigationLink``s push.
  public init(@ViewBuilder root: () -> Root) {
    self.root = root()
    path = nil
  }

  /// A stack whose pushed values are `path`: appending pushes, removing pops, and the back
  /// button and Alt+Left write it back.
  public init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root) {
    self.root = root()
    self.path = Binding(
      get: { path.wrappedValue.elements },
      set: { path.wrappedValue.elements = $0 })
  }
}

extension NavigationStack
where
  Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection,
  Data.Element: Hashable
{
  /// A stack whose pushed values are the typed collection `path` (`[Int]`, `[Recipe]`).
  /// Values of other types never reach it: a link pushing one pushes nothing.
  public init(path: Binding<Data>, @ViewBuilder root: () -> Root) {
    self.root = root()
    self.path = Binding(
      get: {
        var values: [AnyHashable] = []
        for element in path.wrappedValue { values.append(AnyHashable(element)) }
        return values
      },
      set: { path.wrappedValue = Data($0.compactMap { $0.base as? Data.Element }) })
  }
}

/// What a ``NavigationStackNode`` reads from any `NavigationStack<Data, Root>`.
@MainActor
protocol NavigationStackContent {
  var rootView: any View { get }
  var pathBinding: Binding<[AnyHashable]>? { get }
}

extension NavigationStack: NavigationStackContent {
  var rootView: any View { root }
  var pathBinding: Binding<[AnyHashable]>? { path }
}

/// SwiftUI's deprecated `NavigationView`: a ``NavigationStack``, the same in every way.
///
/// ```swift
/// NavigationView {
///   Form { … }.navigationTitle("Settings")
/// }
/// ```
public struct NavigationView<Content: View>: View {
  let content: Content

  public init(@ViewBuilder content: () -> Content) {
    self.content = content()
  }

  public var body: some View {
    NavigationStack { content }
  }
}
