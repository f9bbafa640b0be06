import CGtk
import Foundation
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

/// Not main-actor bound: a sync service writes it from its own thread.
@Observable
private final class SharedDoc: @unchecked Sendable {
  var title = ""
}

private struct DocEditor: View {
  @Bindable var doc: SharedDoc
  var body: some View {
    TextField("Title", text: $doc.title)
  }
}

/// Two windows over one model: each shows the other's writes.
final class MultiWindowTests: GtkTestCase, @unchecked Sendable {
  func testTwoWindowsEditingOneModelShowEachOthersTypingAtOnce() throws {
    try MainActor.assumeIsolated {
      let doc = SharedDoc()
      let one = show(host { DocEditor(doc: doc) })
      let two = show(host { DocEditor(doc: doc) })
      let first = try one.find(TextField.self)
      let second = try two.find(TextField.self)
      first.type("ab")
      XCTAssertEqual(doc.title, "ab")
      XCTAssertEqual(second.text, "ab")
      second.type("cd")
      XCTAssertEqual(doc.title, "abcd")
      XCTAssertEqual(first.text, "abcd")
      XCTAssertTrue(second.isFocused)
      first.type("e")
      XCTAssertEqual(doc.title, "abcde")
      XCTAssertEqual(second.text, "abcde")
      XCTAssertEqual(first.text, "abcde")
    }
  }

  func testAWriteFromAnotherThreadWhileTheUserTypesIsShownAndLosesNoKeystroke() throws {
    try MainActor.assumeIsolated {
      let doc = SharedDoc()
      let one = show(host { DocEditor(doc: doc) })
      let two = show(host { DocEditor(doc: doc) })
      let first = try one.find(TextField.self)
      let second = try two.find(TextField.self)
      first.type("x")
      for round in 0..<5 {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
          doc.title = "sync\(round)"
          done.signal()
        }
        done.wait()
        // One turn of the loop shows it, in both windows, focused or not.
        MainLoop.drain()
        XCTAssertEqual(first.text, "sync\(round)", "round \(round)")
        XCTAssertEqual(second.text, "sync\(round)", "round \(round)")
        // The user keeps typing: every key lands, after the synced text.
        first.type("k")
        XCTAssertEqual(doc.title, "sync\(round)k")
        XCTAssertEqual(second.text, "sync\(round)k")
        XCTAssertTrue(first.isFocused)
      }
      // A write whose main-actor half is still queued when the next key arrives: the key
      // writes the whole text (as in SwiftUI), and both fields show what the model holds.
      let done = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        doc.title = "late"
        done.signal()
      }
      done.wait()
      cgtk_text_insert_at_cursor(try XCTUnwrap(focusWidget(one.window)), "z")
      MainLoop.drain()
      XCTAssertEqual(first.text, doc.title)
      XCTAssertEqual(second.text, doc.title)
    }
  }

  func testAWriteFromADetachedTaskBetweenKeystrokesIsShownAndLosesNoKeystroke() throws {
    try MainActor.assumeIsolated {
      let doc = SharedDoc()
      let one = show(host { DocEditor(doc: doc) })
      let first = try one.find(TextField.self)
      first.type("a")
      let task = Task.detached { doc.title = "remote" }
      let shown = MainLoop.run(timeout: 5) { first.text == "remote" }
      XCTAssertTrue(shown, "the field shows \(first.text ?? "nil")")
      _ = task
      first.type("b")
      XCTAssertEqual(doc.title, "remoteb")
      XCTAssertEqual(first.text, "remoteb")
      XCTAssertEqual(
        gtk_editable_get_position(OpaquePointer(first.widget.pointer)), 7, "the caret is at the end"
      )
    }
  }

  // SwiftUI: two windows showing one model: typing in one shows in the other; closing one
  // leaves the other working and nothing of the closed one alive.
  func testTwoWindowsSharingAModel() {
    MainActor.assumeIsolated {
      let shared = SharedRowsModel()
      struct V: View {
        @Bindable var shared: SharedRowsModel
        var body: some View {
          VStack {
            TextField("", text: $shared.text)
            Text(shared.text)
            ForEach($shared.items) { $item in TextField("", text: $item.name) }
          }
        }
      }
      let first = host { V(shared: shared) }
      show(first)
      let before = LiveObjects.snapshot
      let second = host { V(shared: shared) }
      show(second)
      first.textFieldEntries[0].cursorPosition = -1
      first.textFieldEntries[0].simulateTyping("1")
      first.textFieldEntries[2].cursorPosition = -1
      first.textFieldEntries[2].simulateTyping("2")
      MainLoop.drain()
      XCTAssertEqual(second.textFieldEntries.map(\.text), ["s1", "r0", "r12", "r2"])
      XCTAssertEqual(second.labelTexts, ["s1"])
      second.close()
      MainLoop.drain()
      first.textFieldEntries[0].simulateTyping("3")
      MainLoop.drain()
      XCTAssertEqual(LiveObjects.snapshot, before, "the closed window left nothing alive")
      shared.items.remove(at: 0)
      MainLoop.drain()
      XCTAssertEqual(first.textFieldEntries.map(\.text), ["s13", "r12", "r2"])
    }
  }
}
