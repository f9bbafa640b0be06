// swift-format-ignore-file
import Foundation
import Observation

struct Book: Identifiable, Hashable {
    var id = UUID()
    var title: String
    var author: String
    var pagesRead = 0
}

@Observable
final class Library {
    var books = [
        Book(title: "The Left Hand of Darkness", author: "Ursula K. Le Guin"),
        Book(title: "Kindred", author: "Octavia E. Butler"),
    ]
    var query = ""

    var shown: [Book] {
        query.isEmpty ? books : books.filter { $0.title.localizedCaseInsensitiveContains(query) }
    }

    func add(title: String, author: String) {
        books.append(Book(title: title, author: author))
    }

    func delete(at offsets: IndexSet) {
        books.remove(atOffsets: offsets)
    }

    func move(from source: IndexSet, to destination: Int) {
        books.move(fromOffsets: source, toOffset: destination)
    }
}
