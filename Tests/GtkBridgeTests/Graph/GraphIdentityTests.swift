import CGtk
import Foundation
import Observation
import XCTest

@testable import GtkBridge

/// A counter with state of its own, used in both branches of an `if`.
private struct Counter: View {
  let name: String
  @State var count = 0
  @State var text = ""

  var body: some View {
    VStack {
      Text("\(name) \(count)")
      Button("+") { count += 1 }
      TextField(name, text: $text)
    }
  }
}

private enum Pane: Hashable { case a, b, c }

@MainActor
@Observable
private final class Switches {
  var flag = true
  var pane = Pane.a
  var formID = 0
  var tag = Pane.a
  var showRow = true
}

/// Identity by branch and by explicit id; modifiers whose inputs change. Each case failed on
/// round 1's graph (issue 10 item 0, issue 16 item 2).
final class GraphIdentityTests: GtkTestCase, @unchecked Sendable {
  func testSameTypeInBothBranchesOfAnIfIsTwoViews() {
    MainActor.assumeIsolated {
      let model = Switches()
      let host = host {
        VStack {
          if model.flag { Counter(name: "A") } else { Counter(name: "B") }
        }
      }
      show(host)
      host.buttons[0].simulateClick()
      host.buttons[0].simulateClick()
      host.textFieldEntries[0].simulateTyping("typed in A")
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["A 2"])
      let entryA = host.textFieldEntries[0]

      model.flag = false
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["B 0"], "B must not inherit A's @State")
      XCTAssertFalse(host.textFieldEntries[0] === entryA, "B must get a widget of its own")
      XCTAssertEqual(host.textFieldEntries[0].text, "")

      model.flag = true
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["A 0"], "A's state ended with its lifetime")
    }
  }

  func testSwitchCasesOfOneTypeAreDistinctViews() {
    MainActor.assumeIsolated {
      let model = Switches()
      let host = host {
        VStack {
          switch model.pane {
          case .a: Counter(name: "A")
          case .b: Counter(name: "B")
          case .c: Counter(name: "C")
          }
        }
      }
      show(host)
      host.buttons[0].simulateClick()
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["A 1"])
      model.pane = .c
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["C 0"])
      host.buttons[0].simulateClick()
      model.pane = .b
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["B 0"])
    }
  }

  func testFocusedValueInTheElseBranchIsItsOwn() {
    MainActor.assumeIsolated {
      let model = Switches()
      var focus: FocusState<Pane?>.Binding!
      struct Form: View {
        let model: Switches
        let onFocus: (FocusState<Pane?>.Binding) -> Void
        @FocusState var focus: Pane?
        @State var a = ""
        @State var b = ""
        var body: some View {
          onFocus($focus)
          return VStack {
            if model.flag {
              TextField("A", text: $a).focused($focus, equals: .a)
            } else {
              TextField("B", text: $b).focused($focus, equals: .b)
            }
          }
        }
      }
      let host = host { Form(model: model) { focus = $0 } }
      show(host)
      model.flag = false
      MainLoop.drain()
      focus.wrappedValue = .b
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(host.textFieldEntries[0]), "`focus = .b` must focus B's field")
      XCTAssertEqual(focus.wrappedValue, .b)
      host.window.resignFocusForTesting()
      MainLoop.drain()
      XCTAssertEqual(focus.wrappedValue, nil)
      host.textFieldEntries[0].grabFocus()
      MainLoop.drain()
      XCTAssertEqual(focus.wrappedValue, .b, "a click on B sets .b, not A's value")
    }
  }

  func testAChangedEqualsValueTakesEffect() {
    MainActor.assumeIsolated {
      let model = Switches()
      var focus: FocusState<Pane?>.Binding!
      struct Form: View {
        let model: Switches
        let onFocus: (FocusState<Pane?>.Binding) -> Void
        @FocusState var focus: Pane?
        @State var text = ""
        var body: some View {
          onFocus($focus)
          return TextField("Field", text: $text).focused($focus, equals: model.tag)
        }
      }
      let host = host { Form(model: model) { focus = $0 } }
      show(host)
      model.tag = .c
      MainLoop.drain()
      host.textFieldEntries[0].grabFocus()
      MainLoop.drain()
      XCTAssertEqual(focus.wrappedValue, .c, "the field claims its new value")
      host.window.resignFocusForTesting()
      MainLoop.drain()
      XCTAssertNil(focus.wrappedValue)
      focus.wrappedValue = .a
      MainLoop.drain()
      XCTAssertFalse(holdsFocus(host.textFieldEntries[0]), "the old value is no longer claimed")
      XCTAssertNil(focus.wrappedValue, "a value no view claims reads back nil")
      focus.wrappedValue = .c
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(host.textFieldEntries[0]))
    }
  }

  func testAChangedIDIsANewViewWithFreshStateAndFocusDropped() {
    MainActor.assumeIsolated {
      let model = Switches()
      var focus: FocusState<Pane?>.Binding!
      struct Form: View {
        let model: Switches
        let onFocus: (FocusState<Pane?>.Binding) -> Void
        @FocusState var focus: Pane?
        var body: some View {
          onFocus($focus)
          return VStack {
            Counter(name: "Form").focused($focus, equals: .a).id(model.formID)
          }
        }
      }
      let host = host { Form(model: model) { focus = $0 } }
      show(host)
      host.buttons[0].simulateClick()
      let entry = host.textFieldEntries[0]
      entry.grabFocus()
      entry.simulateTyping("draft")
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["Form 1"])

      model.formID += 1
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["Form 0"], "a new id is new @State")
      XCTAssertFalse(host.textFieldEntries[0] === entry, "a new id is a new widget")
      XCTAssertEqual(host.textFieldEntries[0].text, "")
      XCTAssertNil(focus.wrappedValue, "focus inside the old view is dropped")
      XCTAssertNil(focusWidget(host.window))

      // The same id again keeps the view.
      let kept = host.textFieldEntries[0]
      model.flag.toggle()
      MainLoop.drain()
      XCTAssertTrue(host.textFieldEntries[0] === kept)
    }
  }
}

final class ModifierInputTests: GtkTestCase, @unchecked Sendable {
  func testAChangedOnSubmitActionAndStyleTakeEffect() {
    MainActor.assumeIsolated {
      let model = Switches()
      var submitted: [String] = []
      struct Form: View {
        let model: Switches
        let log: (String) -> Void
        @State var text = ""
        var body: some View {
          let mode = model.flag ? "first" : "second"
          return TextField("Field", text: $text)
            .configure { $0.textColor = model.flag ? .red : .blue }
            .onSubmit { log(mode) }
        }
      }
      let host = host { Form(model: model) { submitted.append($0) } }
      show(host)
      let entry = host.textFieldEntries[0]
      entry.simulateReturn()
      MainLoop.drain()
      XCTAssertEqual(resolvedTextColor(entry).red, 1, accuracy: 0.01)
      model.flag = false
      MainLoop.drain()
      entry.simulateReturn()
      MainLoop.drain()
      XCTAssertEqual(submitted, ["first", "second"], "the new action runs")
      XCTAssertEqual(resolvedTextColor(entry).blue, 1, accuracy: 0.01, "the new style applies")
      XCTAssertEqual(resolvedTextColor(entry).red, 0, accuracy: 0.01)
    }
  }
}

extension Window {
  /// Takes the window's focus away, as a click on an unfocusable area would.
  @MainActor
  func resignFocusForTesting() {
    gtk_root_set_focus(OpaquePointer(pointer), nil)
  }
}
