import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

@MainActor
@Observable
final class StructureModel {
  var key = 0
  var ids = [1, 2, 3]
  var versions: [Int: Int] = [:]
  var expanded: Set<Int> = []
  var route = StructureRoute.edit(1)
  var selected: Int? = 1
  var flag = false
  var outer = false
  var inner = false
  var tag = StructureField.a
  var counter = 0
  var texts: [Int: String] = [:]
  @ObservationIgnored var log: [String] = []

  func text(_ id: Int) -> Binding<String> {
    Binding(get: { self.texts[id, default: ""] }, set: { self.texts[id] = $0 })
  }
}

enum StructureRoute: Hashable {
  case edit(Int)
  case preview(Int)
  case empty
}

enum StructureField: Hashable {
  case a, b, c
  case row(Int)
}

/// What a view's focus state and `@State` read, reached from the test.
@MainActor
final class StructureProbe {
  var focus: () -> StructureField? = { nil }
  var setFocus: (StructureField?) -> Void = { _ in }
  var isFocused: () -> Bool = { false }
  var setIsFocused: (Bool) -> Void = { _ in }
  var draft: () -> String = { "" }
  /// The focus state's binding, handed to rows (set by the view's `body`).
  var binding: FocusState<StructureField?>.Binding!
}

/// Where the caret is in the field's inner text.
@MainActor
func structureCaret(_ view: InspectedView) -> Int32 {
  gtk_editable_get_position(OpaquePointer(view.widget.pointer))
}

struct StructureNavigation: View {
  let model: StructureModel
  let probe: StructureProbe
  @FocusState private var focus: StructureField?

  var body: some View {
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    return NavigationStack(path: Bindable(model).ids) {
      TextField("Root", text: model.text(0)).focused($focus, equals: .a)
        .navigationDestination(for: Int.self) { id in
          TextField("Page \(id)", text: model.text(id)).focused($focus, equals: .row(id))
        }
    }
  }
}

struct StructureEnabledReader: View {
  @Environment(\.isEnabled) private var isEnabled
  var body: some View { Text(isEnabled ? "enabled" : "disabled") }
}
