// swift-format-ignore-file
// Source: https://swiftwithmajid.com/2020/11/24/commands-in-swiftui/
// Swift with Majid, "Commands in SwiftUI": built-in command sets, a group after "New", and a
// Commands type reading the focused window's selection with @FocusedBinding. Written as
// published there (reconstructed from the page; the `Post` model and store are added); only
// `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

struct Post: Identifiable, Equatable {
    let id: Int
    var title: String
}

@MainActor
@Observable
final class Store {
    var posts: [Post] = [Post(id: 1, title: "Hello")]
    func newPost() { posts.append(Post(id: posts.count + 1, title: "")) }
}

struct SelectedPostKey: FocusedValueKey {
    typealias Value = Binding<Post>
}

extension FocusedValues {
    var selectedPost: Binding<Post>? {
        get { self[SelectedPostKey.self] }
        set { self[SelectedPostKey.self] = newValue }
    }
}

struct PostCommands: Commands {
    @FocusedBinding(\.selectedPost) var post
    let store: Store

    var body: some Commands {
        CommandGroup(after: .newItem) {
            Button("New Post") {
                store.newPost()
            }
            .keyboardShortcut("N", modifiers: [.command, .shift])
        }
        CommandMenu("Post") {
            Button("Clear Title") {
                post?.title = ""
            }
            .keyboardShortcut("K")
            .disabled(post == nil)
        }
    }
}

struct PostEditor: View {
    @Binding var post: Post

    var body: some View {
        TextField("Title", text: $post.title)
            .focusedValue(\.selectedPost, $post)
    }
}

struct ContentView: View {
    @Bindable var store: Store

    var body: some View {
        List {
            ForEach($store.posts) { $post in
                PostEditor(post: $post)
            }
        }
    }
}

@main
struct PostsApp: App {
    @State private var store = Store()

    var body: some Scene {
        WindowGroup {
            ContentView(store: store)
        }
        .commands {
            SidebarCommands()
            TextEditingCommands()
            ToolbarCommands()
            PostCommands(store: store)
        }
    }
}
