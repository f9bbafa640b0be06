// swift-format-ignore-file
import GtkBridge
import Combine

struct ContentView: View {
    @Bindable var library: Library
    @State private var selection: Book.ID?
    @State private var showDetails = false
    @State private var secondsRead = 0
    @State private var newTitle = ""

    let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()

    var body: some View {
        NavigationStack {
            VStack(alignment: .leading) {
                TextField("Search", text: $library.query)
                    .textFieldStyle(SearchFieldStyle())
                List(selection: $selection) {
                    ForEach(library.shown) { book in
                        VStack(alignment: .leading) {
                            Text(book.title).font(.headline)
                            Text(book.author).font(.subheadline.smallCaps())
                        }
                    }
                    .onDelete(perform: library.delete)
                    .onMove(perform: library.move)
                }
                .scrollBounceBehavior(.basedOnSize)
                if showDetails {
                    Text("Read for \(secondsRead) s")
                        .monospacedDigit()
                        .contentTransition(.numericText())
                        .transition(.move(edge: .bottom).combined(with: .opacity))
                }
                HStack {
                    TextField("New title", text: $newTitle)
                    Button("Add", systemImage: "plus") {
                        library.add(title: newTitle, author: "Unknown")
                        newTitle = ""
                    }
                    .buttonStyle(ConfirmingButtonStyle())
                    Button("Details") {
                        withAnimation(.easeInOut) { showDetails.toggle() }
                    }
                    .buttonStyle(LongPressStyle())
                }
            }
            .padding()
            .navigationTitle("Reading list")
            .toolbar { EditButton() }
        }
        .onReceive(timer) { _ in
            if showDetails { secondsRead += 1 }
        }
    }
}

#Preview("Library", traits: .landscapeLeft) {
    ContentView(library: Library())
}
