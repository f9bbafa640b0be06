import CGtk
import GtkBridgeTesting
import XCTest

@testable import GtkBridge

/// Custom `ViewModifier`s, `.modifier(_:)`, `concat` and `EmptyModifier`, read back from the
/// GTK widgets they make.
final class ViewModifierTests: GtkTestCase, @unchecked Sendable {
  @MainActor final class Probe {
    var bodyRuns = 0
    var widgets: [String: Widget] = [:]
  }

  struct Title: ViewModifier {
    func body(content: Content) -> some View {
      content.font(.headline).padding()
    }
  }

  struct Badge: ViewModifier {
    let label: String
    let probe: Probe

    func body(content: Content) -> some View {
      probe.bodyRuns += 1
      return HStack {
        content
        Text(label)
      }
    }
  }

  struct Tapper: ViewModifier {
    @State var tapped = false

    func body(content: Content) -> some View {
      VStack {
        content
        Button(tapped ? "Tapped" : "Tap") { tapped.toggle() }
      }
    }
  }

  struct EnabledReader: ViewModifier {
    @Environment(\.isEnabled) var isEnabled

    func body(content: Content) -> some View {
      VStack {
        content
        Text(isEnabled ? "enabled" : "disabled")
      }
    }
  }

  struct Notes: ViewModifier {
    @Binding var note: String
    @FocusState var editing: Bool

    func body(content: Content) -> some View {
      VStack {
        content
        TextField("Note", text: $note).focused($editing)
        Button("Edit note") { editing = true }
      }
    }
  }

  /// Hands its content to a view of its own, which sees the same placeholder each time.
  struct Framed: ViewModifier {
    let caption: String

    struct Frame<Inner: View>: View {
      let inner: Inner
      var body: some View {
        VStack { inner }.padding(4)
      }
    }

    func body(content: Content) -> some View {
      VStack {
        Frame(inner: content)
        Text(caption)
      }
    }
  }

  struct Twice: ViewModifier {
    func body(content: Content) -> some View {
      VStack {
        content
        content
      }
    }
  }

  @MainActor func pangoFont(_ widget: Widget) -> (size: Int32, weight: Int) {
    let description = pango_context_get_font_description(
      gtk_widget_get_pango_context(widget.pointer))
    return (
      pango_font_description_get_size(description),
      Int(pango_font_description_get_weight(description).rawValue)
    )
  }

  func testCustomModifierBodyAppliesItsModifiersToTheContentsWidget() throws {
    try MainActor.assumeIsolated {
      let probe = Probe()
      let window = show {
        VStack {
          Text("Groceries").modifier(Title()).configure { probe.widgets["modified"] = $0 }
          Text("Reference").font(.headline).configure { probe.widgets["reference"] = $0 }
          Text("Plain").configure { probe.widgets["plain"] = $0 }
        }
      }
      let label = try window.find(label: "Groceries").widget.pointer
      XCTAssertEqual(gtk_widget_get_margin_start(label), 16, ".padding() inside body(content:)")
      XCTAssertEqual(gtk_widget_get_margin_top(label), 16)
      let modified = pangoFont(probe.widgets["modified"]!)
      XCTAssertEqual(modified.weight, pangoFont(probe.widgets["reference"]!).weight)
      XCTAssertEqual(modified.size, pangoFont(probe.widgets["reference"]!).size)
      XCTAssertNotEqual(modified.weight, pangoFont(probe.widgets["plain"]!).weight)
    }
  }

  func testModifierStateKeepsItsIdentityWhenTheParentRunsAgain() throws {
    try MainActor.assumeIsolated {
      let model = FieldModel(text: "Rent")
      let window = show {
        Text(model.text).modifier(Tapper())
      }
      try window.find(title: "Tap").tap()
      MainLoop.drain()
      XCTAssertNoThrow(try window.find(title: "Tapped"), "the modifier's @State changed")
      model.text = "Rent paid"
      MainLoop.drain()
      XCTAssertNoThrow(try window.find(label: "Rent paid"), "the content took the new value")
      XCTAssertNoThrow(try window.find(title: "Tapped"), "and the modifier kept its state")
      try window.find(title: "Tapped").tap()
      MainLoop.drain()
      XCTAssertNoThrow(try window.find(title: "Tap"))
    }
  }

  func testChangedInputRunsTheBodyAgainAndUnchangedInputOnlyPassesTheNewContent() throws {
    try MainActor.assumeIsolated {
      let probe = Probe()
      let model = FieldModel(text: "Coffee")
      let badge = FieldModel(text: "new")
      let window = show {
        Text(model.text).modifier(Badge(label: badge.text, probe: probe))
      }
      XCTAssertEqual(probe.bodyRuns, 1)
      let contentLabel = try window.find(label: "Coffee").widget

      model.text = "Tea"
      MainLoop.drain()
      XCTAssertEqual(probe.bodyRuns, 1, "same modifier inputs: body(content:) does not run")
      XCTAssertTrue(try window.find(label: "Tea").widget === contentLabel, "the same label")
      XCTAssertNoThrow(try window.find(label: "new"))

      badge.text = "sale"
      MainLoop.drain()
      XCTAssertEqual(probe.bodyRuns, 2, "a changed input runs body(content:) again")
      XCTAssertNoThrow(try window.find(label: "sale"))
      XCTAssertThrowsError(try window.find(label: "new"))
      XCTAssertTrue(try window.find(label: "Tea").widget === contentLabel, "content kept")
    }
  }

  func testEnvironmentInsideAModifierFollowsTheViewsAbove() throws {
    try MainActor.assumeIsolated {
      let model = FieldModel()
      let window = show {
        Text("Budget").modifier(EnabledReader()).disabled(!model.enabled)
      }
      XCTAssertNoThrow(try window.find(label: "enabled"))
      model.enabled = false
      MainLoop.drain()
      XCTAssertNoThrow(try window.find(label: "disabled"))
      XCTAssertFalse(try window.find(label: "Budget").isEnabled)
    }
  }

  func testBindingAndFocusStateInsideAModifier() throws {
    try MainActor.assumeIsolated {
      let model = FieldModel(text: "")
      let window = show {
        VStack {
          TextField("Title", text: .constant("Lunch"))
          Text("Total: \(model.text)").modifier(Notes(note: model.textBinding))
        }
      }
      let note = try window.find(title: "Note")
      XCTAssertFalse(note.isFocused)
      try window.find(title: "Edit note").tap()
      MainLoop.drain()
      XCTAssertTrue(note.isFocused, "the modifier's @FocusState moved focus to its field")
      note.type("split")
      MainLoop.drain()
      XCTAssertEqual(model.text, "split", "the modifier's @Binding wrote to the model")
      XCTAssertNoThrow(try window.find(label: "Total: split"))
      XCTAssertTrue(try window.find(title: "Note").isFocused, "focus stayed through the update")
    }
  }

  func testConcatAppliesBothModifiersAndEmptyModifierChangesNothing() throws {
    try MainActor.assumeIsolated {
      let probe = Probe()
      let window = show {
        VStack {
          Text("Chained").modifier(Title().concat(Badge(label: "second", probe: probe)))
          Text("Empty").modifier(EmptyModifier())
          Text("Identity").modifier(EmptyModifier.identity.concat(Title()))
        }
      }
      let chained = try window.find(label: "Chained").widget.pointer
      XCTAssertEqual(gtk_widget_get_margin_start(chained), 16)
      XCTAssertNoThrow(try window.find(label: "second"))
      XCTAssertEqual(probe.bodyRuns, 1)
      XCTAssertEqual(gtk_widget_get_margin_start(try window.find(label: "Empty").widget.pointer), 0)
      XCTAssertEqual(
        gtk_widget_get_margin_start(try window.find(label: "Identity").widget.pointer), 16)
    }
  }

  func testContentInsideAViewOfTheBodyTakesTheNewContent() throws {
    try MainActor.assumeIsolated {
      let model = FieldModel(text: "Gas")
      let caption = FieldModel(text: "Car")
      let window = show {
        Text(model.text).modifier(Framed(caption: caption.text))
      }
      model.text = "Gas and oil"
      MainLoop.drain()
      XCTAssertNoThrow(try window.find(label: "Gas and oil"), "content changed, modifier not")
      model.text = "Tolls"
      caption.text = "Trip"
      MainLoop.drain()
      XCTAssertNoThrow(try window.find(label: "Tolls"), "both changed in one pass")
      XCTAssertNoThrow(try window.find(label: "Trip"))
    }
  }

  func testContentPlacedTwiceShowsTwice() {
    MainActor.assumeIsolated {
      let model = FieldModel(text: "Echo")
      let window = show {
        Text(model.text).modifier(Twice())
      }
      XCTAssertEqual(window.findAll(Text.self).map(\.text), ["Echo", "Echo"])
      model.text = "Again"
      MainLoop.drain()
      XCTAssertEqual(window.findAll(Text.self).map(\.text), ["Again", "Again"])
    }
  }

  func testModifiedContentIsTheTypeModifierReturns() throws {
    try MainActor.assumeIsolated {
      let modified: ModifiedContent<Text, Title> = Text("Typed").modifier(Title())
      XCTAssertEqual(modified.content.content, "Typed")
      let window = show { modified }
      XCTAssertNoThrow(try window.find(label: "Typed"))
    }
  }
}
