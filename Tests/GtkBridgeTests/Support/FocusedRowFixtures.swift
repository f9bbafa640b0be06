import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

enum R8Field: Hashable { case a, b, c, d }

/// Reads and writes a view's `@FocusState` from the test, as a button would.
@MainActor
final class R8Probe {
  var read: () -> R8Field? = { nil }
  var write: (R8Field?) -> Void = { _ in }
  var focus: R8Field? {
    get { read() }
    set { write(newValue) }
  }
}

/// Whether GTK's focus widget in `ui`'s window is the view's widget or inside it, or the
/// focus stop around it (`.focusable()` on a text).
@MainActor
func focusIsAt(_ view: InspectedView, in ui: ViewInspection<some View>) -> Bool {
  guard let focus = focusWidget(ui.window) else { return false }
  return view.isFocused || gtk_widget_is_ancestor(view.widget.pointer, focus) != 0
}

@MainActor
@Observable
final class R8Doc {
  let name: String
  var focus: R8Field?
  var editing = false

  init(_ name: String, focus: R8Field? = nil) {
    self.name = name
    self.focus = focus
  }
}

/// A detail view shown for whichever document is selected.
struct R8Detail: View {
  @Bindable var doc: R8Doc

  var body: some View {
    VStack {
      TextField("name", text: .constant(doc.name)).focused($doc.focus, equals: .a)
      TextField("notes", text: .constant("")).focused($doc.focus, equals: .b)
      // A hand-made binding: no identity GtkBridge can see.
      TextField("hand", text: .constant(""))
        .focused(Binding(get: { doc.editing }, set: { doc.editing = $0 }))
    }
  }
}

@MainActor
@Observable
final class R8Library {
  var docs: [R8Doc]
  var current = 0
  /// What `.onChange(of: current)` asks the newly shown document's focus to be.
  @ObservationIgnored var focusOnSelect: R8Field?

  init(_ docs: [R8Doc]) { self.docs = docs }
}

struct R8Browser: View {
  let library: R8Library

  var body: some View {
    VStack {
      R8Detail(doc: library.docs[library.current])
      TextField("outside", text: .constant(""))
    }
    .onChange(of: library.current) {
      if let focus = library.focusOnSelect { library.docs[library.current].focus = focus }
    }
  }
}

extension GtkTestCase {
  /// The focus state must read what GTK shows: the value of the field holding focus, or nil.
  @MainActor
  func assertStateReadsGtk(
    _ state: R8Field?, _ fields: [R8Field: InspectedView], in ui: ViewInspection<some View>,
    _ message: String, line: UInt = #line
  ) {
    let shown = fields.first { focusIsAt($0.value, in: ui) }?.key
    XCTAssertEqual(state, shown, message, line: line)
  }
}
