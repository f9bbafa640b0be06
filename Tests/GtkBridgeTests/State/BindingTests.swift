import CGtk
import Foundation
import Observation
import XCTest

@testable import GtkBridge

@MainActor
@Observable
private final class TwoNames {
  var useA = true
  var a = "A"
  var b = "B"
}

/// Bindings re-pointed, re-titled, hand-made and filtering: a field follows what its binding
/// reads.
final class BindingTests: GtkTestCase, @unchecked Sendable {
  // SwiftUI: a field bound to `$editor.current.name` shows the name of whichever object
  // `current` holds now, and follows later changes of that object's name.
  func testAFieldBoundThroughAReplacedObjectFollowsTheNewObject() {
    MainActor.assumeIsolated {
      let editor = ContactEditor()
      struct V: View {
        @Bindable var editor: ContactEditor
        var body: some View { TextField("Name", text: $editor.current.name) }
      }
      let host = host { V(editor: editor) }
      show(host)
      let entry = host.textFieldEntries[0]
      XCTAssertEqual(entry.text, "a")
      let old = editor.current
      editor.current = Contact("b")
      MainLoop.drain()
      XCTAssertEqual(entry.text, "b")
      editor.current.name = "c"
      MainLoop.drain()
      XCTAssertEqual(entry.text, "c", "a change of the new object's name is shown")
      old.name = "stale"
      MainLoop.drain()
      XCTAssertEqual(entry.text, "c", "the old object is no longer shown")
    }
  }

  // The same through `@State var draft = Contact()` and "New" replacing the draft.
  func testAFieldBoundToAStateObjectFollowsTheReplacedObject() {
    MainActor.assumeIsolated {
      var draftRef: Contact?
      var replace: (() -> Void)?
      struct V: View {
        @State var draft = Contact("a")
        let expose: (Contact, @escaping () -> Void) -> Void
        var body: some View {
          expose(draft, { draft = Contact("") })
          return TextField("Name", text: $draft.name)
        }
      }
      let host = host {
        V {
          draftRef = $0; replace = $1
        }
      }
      show(host)
      let entry = host.textFieldEntries[0]
      XCTAssertEqual(entry.text, "a")
      replace?()
      MainLoop.drain()
      XCTAssertEqual(entry.text, "")
      draftRef?.name = "filled"
      MainLoop.drain()
      XCTAssertEqual(entry.text, "filled", "the new draft's name is shown")
    }
  }

  // SwiftUI: toggling which @State a field edits makes it show and write the other one, and
  // follow it (not the first) afterwards.
  func testAFieldReboundToAnotherStateFollowsTheNewOne() {
    MainActor.assumeIsolated {
      let editor = ContactEditor()
      struct V: View {
        let editor: ContactEditor
        @State var a = "A"
        @State var b = "B"
        var body: some View {
          VStack {
            TextField("main", text: editor.useFirst ? $a : $b)
            TextField("a", text: $a)
            TextField("b", text: $b)
          }
        }
      }
      let host = host { V(editor: editor) }
      show(host)
      let entries = host.textFieldEntries
      XCTAssertEqual(entries.map(\.text), ["A", "A", "B"])
      editor.useFirst = false
      MainLoop.drain()
      XCTAssertEqual(entries[0].text, "B")
      entries[1].cursorPosition = -1
      entries[1].simulateTyping("1")
      MainLoop.drain()
      XCTAssertEqual(entries[0].text, "B", "no longer follows a")
      entries[2].cursorPosition = -1
      entries[2].simulateTyping("2")
      MainLoop.drain()
      XCTAssertEqual(entries[0].text, "B2", "follows b")
      entries[0].cursorPosition = -1
      entries[0].simulateTyping("3")
      MainLoop.drain()
      XCTAssertEqual(entries.map(\.text), ["B23", "A1", "B23"])
    }
  }

  // SwiftUI: a title that changes while the binding stays shows the new placeholder.
  func testATitleChangeWithTheSameBindingShowsTheNewTitle() {
    MainActor.assumeIsolated {
      let editor = ContactEditor()
      struct V: View {
        let editor: ContactEditor
        @State var text = ""
        var body: some View { TextField(editor.title, text: $text) }
      }
      let host = host { V(editor: editor) }
      show(host)
      editor.title = "Full name"
      MainLoop.drain()
      XCTAssertEqual(host.textFieldEntries[0].placeholderText, "Full name")
    }
  }

  // SwiftUI: a filtering setter on @State: the field shows what the state kept.
  func testAFilteringSetterOnStateShowsWhatTheStateKept() {
    MainActor.assumeIsolated {
      struct V: View {
        @State var digits = "12"
        var body: some View {
          VStack {
            TextField(
              "", text: Binding(get: { digits }, set: { digits = $0.filter(\.isNumber) }))
            Text(digits)
          }
        }
      }
      let host = host { V() }
      show(host)
      let entry = host.textFieldEntries[0]
      entry.grabFocus()
      entry.cursorPosition = -1
      entry.simulateTyping("x")
      MainLoop.drain()
      XCTAssertEqual(entry.text, "12")
      entry.simulateTyping("3")
      MainLoop.drain()
      XCTAssertEqual(entry.text, "123")
      XCTAssertEqual(host.labelTexts, ["123"])
    }
  }

  // SwiftUI: a hand-made `Binding(get:set:)` whose getter reads another property once a flag
  // flips shows, and then follows, that property.
  func testAHandMadeBindingWhoseGetterSwitchesPropertyFollowsTheNewOne() {
    MainActor.assumeIsolated {
      let names = TwoNames()
      let host = host {
        TextField(
          "",
          text: Binding(
            get: { names.useA ? names.a : names.b },
            set: { if names.useA { names.a = $0 } else { names.b = $0 } }))
      }
      show(host)
      let entry = host.textFieldEntries[0]
      XCTAssertEqual(entry.text, "A")
      names.useA = false
      MainLoop.drain()
      XCTAssertEqual(entry.text, "B")
      names.b = "B2"
      MainLoop.drain()
      XCTAssertEqual(entry.text, "B2", "a change of the property the getter reads now is shown")
    }
  }
}
