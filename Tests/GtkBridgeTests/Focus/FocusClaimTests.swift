import CGtk
import Foundation
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

enum FocusClaimSlot: Hashable { case name, other }

/// Three fields claiming one value; the first declared is shown last.
private struct ThreeClaims: View {
  let actions: ViewActions
  @FocusState var focus: FocusClaimSlot?
  @State var showEarly = false

  var body: some View {
    VStack {
      TextField("other", text: .constant("")).focused($focus, equals: .other)
      if showEarly {
        TextField("early", text: .constant("")).focused($focus, equals: .name)
      }
      TextField("middle", text: .constant("")).focused($focus, equals: .name)
      TextField("late", text: .constant("")).focused($focus, equals: .name)
    }
    .onAppear {
      actions.named["early"] = { showEarly = $0 == 1 }
      actions.named["focus"] = { focus = $0 == 1 ? .name : .other }
    }
  }
}

private struct ChangingEquals: View {
  let model: StructureModel
  let probe: StructureProbe
  @FocusState private var focus: StructureField?

  var body: some View {
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    return VStack {
      TextField("One", text: model.text(1)).focused($focus, equals: model.tag)
      TextField("Two", text: model.text(2)).focused($focus, equals: model.tag == .a ? .b : .a)
    }
    .onChange(of: focus) { _, now in model.log.append(now.map { "\($0)" } ?? "nil") }
  }
}

/// A `Bool` focus state on a field that swaps branches, and a field that can leave.
private struct BoolBranches: View {
  let model: StructureModel
  let probe: StructureProbe
  @FocusState private var isFocused: Bool
  @FocusState private var focus: StructureField?

  var body: some View {
    probe.isFocused = { isFocused }
    probe.setIsFocused = { isFocused = $0 }
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    return VStack {
      if model.flag {
        TextField("Compact", text: model.text(1)).focused($isFocused)
      } else {
        TextField("Regular", text: model.text(1)).focused($isFocused)
      }
      if model.outer {
        TextField("Leaving", text: model.text(2)).focused($focus, equals: .a)
      }
      TextField("Staying", text: model.text(3)).focused($focus, equals: .b)
    }
  }
}

/// A focus state held by a model that two windows show.
@MainActor
@Observable
private final class FocusClaimSharedFocus {
  var focus: StructureField?
}

/// Which field a focus value claims: several claimants, changed `equals:` values, same-value
/// writes.
final class FocusClaimTests: GtkTestCase, @unchecked Sendable {
  /// A value three fields claim goes to the first declared, also when that one was made
  /// last (the claimants' order is not the declaration order).
  func testAValueThreeFieldsClaimFocusesTheFirstDeclaredEvenWhenItCameLast() throws {
    try MainActor.assumeIsolated {
      let actions = ViewActions()
      let ui = show { ThreeClaims(actions: actions) }
      actions("focus", 1)
      MainLoop.drain()
      XCTAssertTrue(try ui.find(TextField.self, title: "middle").isFocused)
      actions("focus", 0)
      MainLoop.drain()
      actions("early", 1)
      MainLoop.drain()
      actions("focus", 1)
      MainLoop.drain()
      XCTAssertTrue(try ui.find(TextField.self, title: "early").isFocused)
    }
  }

  func testEqualsValuesThatChangeOrSwapWhileAFieldIsFocused() throws {
    try MainActor.assumeIsolated {
      let model = StructureModel()
      let probe = StructureProbe()
      let ui = show(host { ChangingEquals(model: model, probe: probe) })
      let one = try ui.find(title: "One")
      one.tap()
      XCTAssertEqual(probe.focus(), .a)
      model.log = []
      // The focused field's value changes: the state reads its new value.
      model.tag = .c
      MainLoop.drain()
      XCTAssertTrue(one.isFocused)
      XCTAssertEqual(probe.focus(), .c)
      XCTAssertEqual(model.log, ["c"], "one change, never through nil")
      // The two fields swap values while One is focused.
      model.tag = .a
      MainLoop.drain()
      model.tag = .b
      MainLoop.drain()
      XCTAssertTrue(one.isFocused)
      XCTAssertEqual(probe.focus(), .b, "One now claims .b")
      probe.setFocus(.a)
      MainLoop.drain()
      XCTAssertTrue(try ui.find(title: "Two").isFocused, ".a is Two's now")
      XCTAssertEqual(probe.focus(), .a)
      // A write of the old value of the focused field, now claimed by nobody.
      model.tag = .c
      MainLoop.drain()
      probe.setFocus(.b)
      MainLoop.drain()
      XCTAssertTrue(try ui.find(title: "Two").isFocused)
      XCTAssertEqual(probe.focus(), .a)
    }
  }

  func testSameValueWritesWithABranchSwapAndWithTheOnlyClaimantLeaving() throws {
    try MainActor.assumeIsolated {
      let model = StructureModel()
      model.outer = true
      let probe = StructureProbe()
      let ui = show(host { BoolBranches(model: model, probe: probe) })
      try ui.find(title: "Regular").type("r")
      XCTAssertTrue(probe.isFocused())
      // A Bool state written true as the focused field swaps for the other branch's.
      model.flag = true
      probe.setIsFocused(true)
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      XCTAssertTrue(try ui.find(title: "Compact").isFocused)
      XCTAssertTrue(probe.isFocused())
      // The only view claiming the value written leaves: the state reads the truth.
      try ui.find(title: "Leaving").tap()
      XCTAssertEqual(probe.focus(), .a)
      XCTAssertFalse(probe.isFocused())
      model.outer = false
      probe.setFocus(.a)
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      XCTAssertNil(focusWidget(ui.window))
      XCTAssertNil(probe.focus(), "nobody claims .a any more")
      XCTAssertFalse(probe.isFocused())
    }
  }

  func testAnEqualsChangeAndAWriteInTheSameUpdate() throws {
    try MainActor.assumeIsolated {
      let model = StructureModel()
      let probe = StructureProbe()
      let ui = show(host { ChangingEquals(model: model, probe: probe) })
      let one = try ui.find(title: "One")
      one.tap()
      XCTAssertEqual(probe.focus(), .a)
      // The focused field's value changes and the app writes the new value.
      model.tag = .c
      probe.setFocus(.c)
      MainLoop.drain()
      XCTAssertTrue(one.isFocused)
      XCTAssertEqual(probe.focus(), .c)
      // The value changes and the app writes the old one, which Two claims now.
      model.tag = .b
      probe.setFocus(.c)
      MainLoop.drain()
      XCTAssertTrue(one.isFocused, ".c is claimed by nobody: focus stays")
      XCTAssertEqual(probe.focus(), .b)
      model.tag = .a
      probe.setFocus(.b)
      MainLoop.drain()
      XCTAssertTrue(try ui.find(title: "Two").isFocused, ".b is Two's in this update")
      XCTAssertEqual(probe.focus(), .b)
    }
  }

  func testASameValueWriteWithAnIdChangeInTheOtherWindowLeavesTheUserWhereTheyAre() throws {
    try MainActor.assumeIsolated {
      let model = StructureModel()
      let shared = FocusClaimSharedFocus()
      let first = host {
        VStack {
          TextField("A in first", text: model.text(1)).focused(Bindable(shared).focus, equals: .a)
            .id(model.key)
          TextField("B in first", text: model.text(2)).focused(Bindable(shared).focus, equals: .b)
        }
      }
      let second = host {
        VStack {
          TextField("A in second", text: model.text(1)).focused(
            Bindable(shared).focus, equals: .a)
        }
      }
      let one = show(first)
      let two = show(second)
      XCTAssertTrue(MainLoop.run(timeout: 5) { second.window.isActive })
      XCTAssertEqual(shared.focus, .a)
      XCTAssertTrue(try two.find(title: "A in second").isFocused)
      XCTAssertTrue(try one.find(title: "A in first").isFocused, "the first window's focus widget")
      // The inactive window's focused field gets a new id: the state still reads the active
      // window's truth; then the same with a write of that value in the same update.
      for write in [false, true] {
        model.key += 1
        if write { shared.focus = .a }
        MainLoop.drain()
        waitForFrames(second.window, 3)
        XCTAssertTrue(second.window.isActive, "the window the user is in stays active")
        XCTAssertFalse(first.window.isActive)
        XCTAssertTrue(try two.find(title: "A in second").isFocused)
        XCTAssertEqual(shared.focus, .a, "write: \(write)")
        XCTAssertNil(focusWidget(first.window), "no grab in the inactive window: \(write)")
      }
    }
  }

  // SwiftUI: a focused row whose `.focused(equals:)` value changes (rows tagged by offset,
  // a row above removed) keeps focus, and the state reads the new value.
  func testAFocusedRowWhoseEqualsValueChangesKeepsFocusAndReadsTheNewValue() {
    MainActor.assumeIsolated {
      let shared = SharedRowsModel()
      var focus: FocusState<Int?>.Binding!
      struct V: View {
        @Bindable var shared: SharedRowsModel
        let onFocus: (FocusState<Int?>.Binding) -> Void
        @FocusState var focus: Int?
        var body: some View {
          onFocus($focus)
          return VStack {
            ForEach(Array(shared.items.enumerated()), id: \.element.id) { offset, item in
              TextField(item.name, text: $shared.items[offset].name)
                .focused($focus, equals: offset)
            }
          }
        }
      }
      let host = host { V(shared: shared) { focus = $0 } }
      show(host)
      focus.wrappedValue = 2
      MainLoop.drain()
      let entry = host.textFieldEntries[2]
      XCTAssertTrue(holdsFocus(entry))
      shared.items.remove(at: 0)
      MainLoop.drain()
      XCTAssertTrue(host.textFieldEntries[1] === entry)
      XCTAssertTrue(holdsFocus(entry), "the field keeps focus")
      XCTAssertEqual(focus.wrappedValue, 1, "the state reads the focused field's new value")
      entry.cursorPosition = -1
      entry.simulateTyping("x")
      MainLoop.drain()
      XCTAssertEqual(shared.items.map(\.name), ["r1", "r2x"])
    }
  }
}
