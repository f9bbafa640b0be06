extension View {
  /// Adds a search field bound to `text`: SwiftUI's `searchable(text:placement:prompt:)`.
  ///
  /// GNOME's form: a `GtkSearchEntry` in a `GtkSearchBar` under the header bar, hidden until
  /// Ctrl+F (or typing where no field takes the keys) reveals it and puts focus in it. The
  /// binding follows every keystroke (filter as the user types; the cursor stays where it
  /// is). Return runs the `.onSubmit(of: .search)` actions around it. Escape clears the text, hides the bar and gives focus back to where it was. Every
  /// placement puts the field there.
  ///
  /// ```swift
  /// List(filtered) { Text($0.name) }
  ///   .searchable(text: $query, prompt: "Find a contact")
  /// ```
  public func searchable(
    text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: String? = nil
  ) -> some View {
    modifier(SearchableModifier(text: text, prompt: prompt))
  }

  /// The same with a `Text` prompt.
  public func searchable(
    text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: Text
  ) -> some View {
    modifier(SearchableModifier(text: text, prompt: prompt.content))
  }
}

/// Where a search field goes: SwiftUI's `SearchFieldPlacement`. Each is GNOME's search bar
/// under the header bar here.
public struct SearchFieldPlacement: Hashable, Sendable {
  let name: String

  public static let automatic = SearchFieldPlacement(name: "automatic")
  public static let toolbar = SearchFieldPlacement(name: "toolbar")
  public static let sidebar = SearchFieldPlacement(name: "sidebar")
  public static let navigationBarDrawer = SearchFieldPlacement(name: "navigationBarDrawer")
}

@usableFromInline
struct SearchableModifier: WidgetModifier {
  let text: Binding<String>
  let prompt: String?

  @MainActor
  final class Storage {
    weak var search: WindowSearch?
  }

  func makeStorage(node: ModifierNode<some View, Self>) -> Storage { Storage() }

  func update(_ storage: Storage, node: ModifierNode<some View, Self>) {
    guard let chrome = node.graph.chrome else { return }
    let search = chrome.search ?? WindowSearch(chrome: chrome)
    chrome.search = search
    storage.search = search
    search.bind(text, prompt: prompt, owner: ObjectIdentifier(storage)) { [weak node] in
      // NB: read at Return, so the actions are those of the tree as it is then.
      node?.environment.submit(.search)
    }
  }

  func dismantle(_ storage: Storage, node: ModifierNode<some View, Self>) {
    storage.search?.unbind(owner: ObjectIdentifier(storage))
  }
}
