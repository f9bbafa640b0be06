import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

struct NoteTitleKey: FocusedValueKey {
  typealias Value = String
}

struct NoteBodyKey: FocusedValueKey {
  typealias Value = Binding<String>
}

extension FocusedValues {
  var noteTitle: String? {
    get { self[NoteTitleKey.self] }
    set { self[NoteTitleKey.self] = newValue }
  }

  var noteBody: Binding<String>? {
    get { self[NoteBodyKey.self] }
    set { self[NoteBodyKey.self] = newValue }
  }
}

@MainActor
final class ReaderProbe {
  var renders = 0
}

/// Shows the focused note title; counts its renders.
private struct TitleReader: View {
  @FocusedValue(\.noteTitle) var title
  let probe: ReaderProbe

  var body: some View {
    probe.renders += 1
    return Text("title: \(title ?? "none")")
  }
}

private struct BodyEditor: View {
  @FocusedBinding(\.noteBody) var body_
  var body: some View {
    Button("Clear") { body_ = "" }
  }
}

@MainActor
@Observable
final class NoteObject {
  var title: String
  init(_ title: String) { self.title = title }
}

private struct ObjectReader: View {
  @FocusedValue(NoteObject.self) var note
  var body: some View { Text("object: \(note?.title ?? "none")") }
}

@MainActor
@Observable
private final class NotesModel {
  var first = "one"
  var second = "two"
  var showFirst = true
}

/// `@FocusedValue`, `.focusedValue`, `.focusedSceneValue`, `@FocusedBinding` on real widgets:
/// focus moved through GTK, the reader's label read back from GTK.
final class FocusedValueTests: GtkTestCase, @unchecked Sendable {
  func testTheReaderFollowsFocusIntoAndOutOfPublishingViews() throws {
    try MainActor.assumeIsolated {
      let model = NotesModel()
      let probe = ReaderProbe()
      let host = host {
        VStack {
          if model.showFirst {
            TextField("First", text: Binding(get: { model.first }, set: { model.first = $0 }))
              .focusedValue(\.noteTitle, "First")
          }
          TextField("Second", text: Binding(get: { model.second }, set: { model.second = $0 }))
            .focusedValue(\.noteTitle, "Second")
          TextField("Plain", text: .constant(""))
          TitleReader(probe: probe)
        }
        .launchFocus(.none)
      }
      let ui = show(host)
      let label = try ui.find(Text.self)
      XCTAssertEqual(label.text, "title: none", "nothing focused publishes")
      try ui.find(TextField.self, title: "First").tap()
      XCTAssertEqual(label.text, "title: First")
      try ui.find(TextField.self, title: "Second").tap()
      XCTAssertEqual(label.text, "title: Second")
      let renders = probe.renders
      try ui.find(TextField.self, title: "Plain").tap()
      XCTAssertEqual(label.text, "title: none", "focus left every publisher")
      XCTAssertEqual(probe.renders, renders + 1, "one re-render per change")
      try ui.find(TextField.self, title: "First").tap()
      XCTAssertEqual(label.text, "title: First")
      model.showFirst = false
      MainLoop.drain()
      XCTAssertEqual(label.text, "title: none", "the focused publisher left")
    }
  }

  func testTheInnermostFocusedPublisherWinsOverOuterAndSceneValues() throws {
    try MainActor.assumeIsolated {
      let probe = ReaderProbe()
      let host = host {
        VStack {
          VStack {
            TextField("Inner", text: .constant("")).focusedValue(\.noteTitle, "inner")
            TextField("Outer only", text: .constant(""))
          }
          .focusedValue(\.noteTitle, "outer")
          TextField("Elsewhere", text: .constant(""))
          TitleReader(probe: probe)
        }
        .focusedSceneValue(\.noteTitle, "scene")
        .launchFocus(.none)
      }
      let ui = show(host)
      let label = try ui.find(Text.self)
      XCTAssertEqual(label.text, "title: scene", "the scene value, with nothing focused")
      try ui.find(TextField.self, title: "Inner").tap()
      XCTAssertEqual(label.text, "title: inner")
      try ui.find(TextField.self, title: "Outer only").tap()
      XCTAssertEqual(label.text, "title: outer")
      try ui.find(TextField.self, title: "Elsewhere").tap()
      XCTAssertEqual(label.text, "title: scene")
    }
  }

  func testAFocusedBindingWritesThroughAndAnotherWindowSeesNothing() throws {
    try MainActor.assumeIsolated {
      let model = NotesModel()
      let probe = ReaderProbe()
      let host = host {
        VStack {
          TextField("Body", text: Binding(get: { model.first }, set: { model.first = $0 }))
            .focusedValue(\.noteBody, Binding(get: { model.first }, set: { model.first = $0 }))
            .focusedValue(\.noteTitle, "note")
          BodyEditor()
        }
      }
      let ui = show(host)
      let other = show(self.host { TitleReader(probe: probe) })
      try ui.find(TextField.self, title: "Body").tap()
      try ui.find(Button<Text>.self, title: "Clear").tap()
      XCTAssertEqual(model.first, "", "the button wrote through the focused binding")
      XCTAssertEqual(try ui.find(TextField.self, title: "Body").text, "")
      XCTAssertEqual(
        try other.find(Text.self).text, "title: none", "another window's focus is not this one's")
    }
  }

  func testAnObservableObjectPublishedByTheFocusedViewIsReadByItsType() throws {
    try MainActor.assumeIsolated {
      let first = NoteObject("first")
      let second = NoteObject("second")
      let host = host {
        VStack {
          TextField("First", text: .constant("")).focusedValue(first)
          TextField("Second", text: .constant("")).focusedValue(second)
          ObjectReader()
        }
        .launchFocus(.none)
      }
      let ui = show(host)
      let label = try ui.find(Text.self)
      XCTAssertEqual(label.text, "object: none")
      try ui.find(TextField.self, title: "Second").tap()
      XCTAssertEqual(label.text, "object: second")
      second.title = "renamed"
      MainLoop.drain()
      XCTAssertEqual(label.text, "object: renamed", "the reader observes the object")
      try ui.find(TextField.self, title: "First").tap()
      XCTAssertEqual(label.text, "object: first")
    }
  }

  func testAChangedPublishedValueReachesTheReader() throws {
    try MainActor.assumeIsolated {
      let model = NotesModel()
      let probe = ReaderProbe()
      let host = host {
        VStack {
          TextField("First", text: Binding(get: { model.first }, set: { model.first = $0 }))
            .focusedValue(\.noteTitle, model.first)
          TitleReader(probe: probe)
        }
      }
      let ui = show(host)
      let label = try ui.find(Text.self)
      XCTAssertEqual(label.text, "title: one", "launch focus is in the publisher")
      try ui.find(TextField.self, title: "First").type("!")
      XCTAssertEqual(label.text, "title: one!", "the new value reached the reader")
      let renders = probe.renders
      model.second = "unrelated"
      MainLoop.drain()
      XCTAssertEqual(probe.renders, renders, "a republished equal value re-runs no reader")
    }
  }
}
