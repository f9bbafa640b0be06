import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

enum FocusedRowField: Hashable { case a, b, c, d }

/// Reads and writes a view's `@FocusState` from the test, as a button would.
@MainActor
final class FocusedRowProbe {
  var read: () -> FocusedRowField? = { nil }
  var write: (FocusedRowField?) -> Void = { _ in }
  var focus: FocusedRowField? {
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
final class FocusedRowDoc {
  let name: String
  var focus: FocusedRowField?
  var editing = false

  init(_ name: String, focus: FocusedRowField? = nil) {
    self.name = name
    self.focus = focus
  }
}

/// A detail view shown for whichever document is selected.
struct FocusedRowDetail: View {
  @Bindable var doc: FocusedRowDoc

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
final class FocusedRowLibrary {
  var docs: [FocusedRowDoc]
  var current = 0
  /// What `.onChange(of: current)` asks the newly shown document's focus to be.
  @ObservationIgnored var focusOnSelect: FocusedRowField?

  init(_ docs: [FocusedRowDoc]) { self.docs = docs }
}

struct Browser: View {
  let library: FocusedRowLibrary

  var body: some View {
    VStack {
      FocusedRowDetail(doc: library.docs[library.current])
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
    _ state: FocusedRowField?, _ fields: [FocusedRowField: InspectedView],
    in ui: ViewInspection<some View>,
    _ message: String, line: UInt = #line
  ) {
    let shown = fields.first { focusIsAt($0.value, in: ui) }?.key
    XCTAssertEqual(state, shown, message, line: line)
  }
}
