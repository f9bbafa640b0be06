import GtkBridge

/// One of the library page's 100,000 books.
struct Book: Identifiable {
  let id: Int
  let title: String
  let year: Int
}

/// A catalogue of 100,000 books, made once.
@MainActor
enum Library {
  static let books: [Book] = (0..<100_000).map { index in
    let words = ["Silent", "River", "Glass", "Northern", "Paper", "Winter", "Golden", "Hollow"]
    let title = "\(words[index % 8]) \(words[(index / 8) % 8]) \(index + 1)"
    return Book(id: index, title: title, year: 1900 + index % 125)
  }
}

/// A list of 100,000 rows that opens at once: a `List` of one `ForEach` is a `GtkListView`,
/// so GTK makes widgets for the rows on screen only, and a filter field that narrows it as
/// the user types.
struct LibraryPage: View {
  @Bindable var model: DemoModel

  var body: some View {
    VStack(spacing: 8) {
      TextField("Filter 100,000 books", text: $model.libraryFilter)
      Text("\(model.shownBooks.count) books")
      List(model.shownBooks) { book in
        HStack {
          Text(book.title)
          Spacer()
          Text(String(book.year))
        }
      }
    }
    .padding(16)
    .navigationTitle("Library")
  }
}
