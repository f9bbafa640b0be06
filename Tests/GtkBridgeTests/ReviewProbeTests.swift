import CGtk
import Foundation
import Observation
import XCTest

@testable import GtkBridge

@MainActor
@Observable
private final class Contact {
  var name: String
  init(_ name: String) { self.name = name }
}

@MainActor
@Observable
private final class Editor {
  var current = Contact("a")
  var useFirst = true
  var title = "Name"
  var flag = false
  var formID = 0
}

private struct ProbeRow: Identifiable, Equatable {
  let id: Int
  var name: String
}

@MainActor
@Observable
private final class Rows {
  var rows = [ProbeRow(id: 7, name: "first"), ProbeRow(id: 7, name: "second")]
}

/// Shapes a user writes, tried against the second graph design (review of issues 10 and 16).
final class ReviewProbeTests: GtkTestCase, @unchecked Sendable {
  // SwiftUI: a field bound to `$editor.current.name` shows the name of whichever object
  // `current` holds now, and follows later changes of that object's name.
  func testAFieldBoundThroughAReplacedObjectFollowsTheNewObject() {
    MainActor.assumeIsolated {
      let editor = Editor()
      struct V: View {
        @Bindable var editor: Editor
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
      let editor = Editor()
      struct V: View {
        let editor: Editor
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
      let editor = Editor()
      struct V: View {
        let editor: Editor
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

  // SwiftUI leaves duplicate ids undefined; GtkBridge promises to match them by element and
  // never re-bind the wrong row. Swapping two duplicates keeps each row with its element.
  func testSwappingTwoDuplicatesKeepsEachRowWithItsElement() {
    MainActor.assumeIsolated {
      let model = Rows()
      struct Counter: View {
        let title: String
        @State var text = ""
        var body: some View { TextField(title, text: $text) }
      }
      let host = host {
        VStack { ForEach(model.rows) { row in Counter(title: row.name) } }
      }
      show(host)
      let second = host.textFieldEntries[1]
      second.grabFocus()
      second.simulateTyping("mine")
      MainLoop.drain()
      model.rows.swapAt(0, 1)
      MainLoop.drain()
      XCTAssertTrue(host.textFieldEntries[0] === second, "the typed row moved with its element")
      XCTAssertEqual(host.textFieldEntries[0].placeholderText, "second")
      XCTAssertTrue(holdsFocus(second))
    }
  }

  // The same promise for a binding ForEach: removing the unfocused duplicate keeps the
  // focused one's row, its widget and focus.
  func testBindingForEachRemovingTheUnfocusedDuplicateKeepsTheFocusedOne() {
    MainActor.assumeIsolated {
      let model = Rows()
      struct V: View {
        @Bindable var model: Rows
        var body: some View {
          VStack {
            ForEach($model.rows) { $row in TextField("row", text: $row.name) }
          }
        }
      }
      let host = host { V(model: model) }
      show(host)
      let second = host.textFieldEntries[1]
      second.grabFocus()
      MainLoop.drain()
      model.rows.remove(at: 0)
      MainLoop.drain()
      XCTAssertEqual(host.textFieldEntries.count, 1)
      XCTAssertTrue(host.textFieldEntries[0] === second, "the focused duplicate kept its row")
      XCTAssertEqual(second.text, "second")
      XCTAssertTrue(holdsFocus(second))
    }
  }

  // SwiftUI: disabling a container while a field inside has focus drops focus; the state
  // reads nil, and enabling it again lets `focus = .x` focus the field.
  func testDisablingAContainerWithFocusInsideDropsFocusAndReenablingAllowsIt() {
    MainActor.assumeIsolated {
      let editor = Editor()
      var focus: FocusState<Int?>.Binding!
      struct V: View {
        let editor: Editor
        let onFocus: (FocusState<Int?>.Binding) -> Void
        @FocusState var focus: Int?
        @State var text = ""
        var body: some View {
          onFocus($focus)
          return VStack {
            Group {
              VStack { TextField("x", text: $text).focused($focus, equals: 1) }
            }.disabled(editor.flag)
          }
        }
      }
      let host = host { V(editor: editor) { focus = $0 } }
      show(host)
      focus.wrappedValue = 1
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(host.textFieldEntries[0]))
      editor.flag = true
      MainLoop.drain()
      XCTAssertNil(focus.wrappedValue)
      XCTAssertFalse(isSensitive(host.textFieldEntries[0]))
      focus.wrappedValue = 1
      MainLoop.drain()
      XCTAssertNil(focus.wrappedValue, "a disabled field cannot take focus")
      editor.flag = false
      MainLoop.drain()
      XCTAssertTrue(isSensitive(host.textFieldEntries[0]))
      focus.wrappedValue = 1
      MainLoop.drain()
      XCTAssertEqual(focus.wrappedValue, 1)
      XCTAssertTrue(holdsFocus(host.textFieldEntries[0]))
    }
  }

  // SwiftUI: `.id` on a container with focus inside: a new id drops the focus (state nil) and
  // the fields inside are new.
  func testANewIDOnAContainerWithFocusInsideDropsFocus() {
    MainActor.assumeIsolated {
      let editor = Editor()
      var focus: FocusState<Int?>.Binding!
      struct V: View {
        let editor: Editor
        let onFocus: (FocusState<Int?>.Binding) -> Void
        @FocusState var focus: Int?
        var body: some View {
          onFocus($focus)
          return VStack {
            ForEach(0..<2, id: \.self) { i in
              Field(index: i, focus: $focus).id(i == 1 ? editor.formID : 0)
            }
          }
        }
      }
      struct Field: View {
        let index: Int
        let focus: FocusState<Int?>.Binding
        @State var text = ""
        var body: some View {
          HStack { TextField("\(index)", text: $text).focused(focus, equals: index) }
        }
      }
      let host = host { V(editor: editor) { focus = $0 } }
      show(host)
      let entries = host.textFieldEntries
      focus.wrappedValue = 1
      MainLoop.drain()
      entries[1].simulateTyping("typed")
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(entries[1]))
      editor.formID = 5
      MainLoop.drain()
      XCTAssertNil(focus.wrappedValue)
      XCTAssertTrue(host.textFieldEntries[0] === entries[0])
      XCTAssertFalse(host.textFieldEntries[1] === entries[1])
      XCTAssertEqual(host.textFieldEntries[1].text, "")
      focus.wrappedValue = 1
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(host.textFieldEntries[1]))
      XCTAssertEqual(focus.wrappedValue, 1)
    }
  }

  // SwiftUI: a row's if/else inside ForEach gives each row its own branch identity.
  func testNestedIfElseInsideForEachRowsKeepsStatePerRowAndBranch() {
    MainActor.assumeIsolated {
      let editor = Editor()
      struct Counter: View {
        let name: String
        @State var text = ""
        var body: some View { TextField(name, text: $text) }
      }
      let host = host {
        VStack {
          ForEach(0..<3, id: \.self) { i in
            if editor.flag && i == 1 { Counter(name: "B\(i)") } else { Counter(name: "A\(i)") }
          }
        }
      }
      show(host)
      let entries = host.textFieldEntries
      for (i, e) in entries.enumerated() {
        e.simulateTyping("t\(i)")
      }
      MainLoop.drain()
      editor.flag = true
      MainLoop.drain()
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["t0", "", "t2"])
      XCTAssertTrue(host.textFieldEntries[0] === entries[0])
      XCTAssertTrue(host.textFieldEntries[2] === entries[2])
      editor.flag = false
      MainLoop.drain()
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["t0", "", "t2"])
    }
  }

  // SwiftUI: a model written from another thread and read by rows is shown.
  func testBackgroundWritesToAModelReadByRowsAreShown() {
    MainActor.assumeIsolated {
      let model = Ticker()
      let host = host {
        VStack { ForEach(0..<5, id: \.self) { i in Text(model.value(i)) } }
      }
      show(host)
      Thread.detachNewThread {
        for k in 0..<50 { model.set(k % 5, "w\(k)") }
      }
      let shown = MainLoop.run(timeout: 5) { host.labelTexts.last == "w49" }
      XCTAssertTrue(shown, "labels: \(host.labelTexts)")
      XCTAssertEqual(host.labelTexts, ["w45", "w46", "w47", "w48", "w49"])
    }
  }
}

@MainActor
@Observable
private final class Shared {
  var text = "s"
  var constant = "c"
  var tick = 0
  var items = (0..<3).map { ProbeRow(id: $0, name: "r\($0)") }
}

final class ReviewProbeTests2: GtkTestCase, @unchecked Sendable {
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

  // SwiftUI: nested ForEach over index bindings into a @State grid.
  func testNestedForEachIndexBindingsWriteTheirCell() {
    MainActor.assumeIsolated {
      let shared = Shared()
      struct V: View {
        let shared: Shared
        @State var grid = [["a", "b"], ["c"]]
        var body: some View {
          VStack {
            ForEach(0..<grid.count, id: \.self) { r in
              HStack {
                ForEach(0..<grid[r].count, id: \.self) { c in
                  TextField("", text: $grid[r][c])
                }
                Text(grid[r].joined(separator: ","))
              }
            }
            Button("add") { grid[0].append("n\(shared.tick)") }
          }
        }
      }
      let host = host { V(shared: shared) }
      show(host)
      let entries = host.textFieldEntries
      entries[1].cursorPosition = -1
      entries[1].simulateTyping("x")
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["a,bx", "c"])
      host.buttons[0].simulateClick()
      MainLoop.drain()
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["a", "bx", "n0", "c"])
      host.textFieldEntries[3].cursorPosition = -1
      host.textFieldEntries[3].simulateTyping("y")
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["a,bx,n0", "cy"])
    }
  }

  // SwiftUI: two windows showing one model: typing in one shows in the other; closing one
  // leaves the other working and nothing of the closed one alive.
  func testTwoWindowsSharingAModel() {
    MainActor.assumeIsolated {
      let shared = Shared()
      struct V: View {
        @Bindable var shared: Shared
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

  // SwiftUI: LegacyTextField-style representables in rows reading enclosing state.
  func testLegacyTextFieldRowsReadEnclosingState() {
    MainActor.assumeIsolated {
      struct V: View {
        @State var items = ["a", "b"]
        @State var focus = [false, false]
        var body: some View {
          VStack {
            ForEach(0..<2, id: \.self) { i in
              LegacyTextField(text: $items[i], isFirstResponder: $focus[i])
              Text("\(i): \(items[i])")
            }
          }
        }
      }
      let host = host { V() }
      show(host)
      let entries = host.graph.root!.subtree.compactMap {
        ($0 as? RepresentableNode<LegacyTextField>)?.widget
      }
      entries[1].cursorPosition = -1
      entries[1].simulateTyping("x")
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["0: a", "1: bx"])
      XCTAssertEqual(entries.map(\.text), ["a", "bx"])
    }
  }

  // SwiftUI: a row view whose body reads enclosing state through a closure it was given.
  func testARowReadingEnclosingStateThroughAClosureUpdates() {
    MainActor.assumeIsolated {
      struct RowView: View {
        let label: () -> String
        var body: some View { Text(label()) }
      }
      struct V: View {
        @State var items = ["a", "b"]
        var body: some View {
          VStack {
            ForEach(0..<2, id: \.self) { i in
              TextField("", text: $items[i])
              RowView { "row \(items[i])" }
            }
          }
        }
      }
      let host = host { V() }
      show(host)
      host.textFieldEntries[0].cursorPosition = -1
      host.textFieldEntries[0].simulateTyping("x")
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["row ax", "row b"])
    }
  }

  // SwiftUI: removing the focused row of a binding ForEach drops focus; the others keep
  // their text; no write lands in a neighbour.
  func testRemovingTheFocusedRowOfABindingForEach() {
    MainActor.assumeIsolated {
      let shared = Shared()
      var focus: FocusState<Int?>.Binding!
      struct V: View {
        @Bindable var shared: Shared
        let onFocus: (FocusState<Int?>.Binding) -> Void
        @FocusState var focus: Int?
        var body: some View {
          onFocus($focus)
          return VStack {
            ForEach($shared.items) { $item in
              TextField("", text: $item.name).focused($focus, equals: item.id)
            }
          }
        }
      }
      let host = host { V(shared: shared) { focus = $0 } }
      show(host)
      focus.wrappedValue = 1
      MainLoop.drain()
      let entry = host.textFieldEntries[1]
      entry.cursorPosition = -1
      entry.simulateTyping("x")
      shared.items.remove(at: 1)
      entry.simulateTyping("y")
      MainLoop.drain()
      XCTAssertEqual(shared.items.map(\.name), ["r0", "r2"])
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["r0", "r2"])
      XCTAssertNil(focus.wrappedValue)
    }
  }

  // SwiftUI (AttributeGraph) keeps one dependency edge per reader: re-rendering a parent a
  // thousand times neither grows memory nor makes the next change of a value the rows read
  // cost more. Here every re-evaluation of a row closure registers a new Observation
  // tracking and never cancels the old one while its reads stay unchanged: 50 rows x 1,000
  // parent updates left ~36 MB and made one later write take ~0.5 s on the main thread.
  func testReRenderingRowsDoesNotPileUpObservationRegistrations() {
    MainActor.assumeIsolated {
      let shared = Shared()
      let host = host {
        VStack {
          Text("\(shared.tick)")
          ForEach(0..<50, id: \.self) { i in Text(shared.constant) }
        }
      }
      show(host)
      for _ in 0..<100 { shared.tick += 1; MainLoop.drain() }
      let start = residentKiB()
      let clock = ContinuousClock.now
      for _ in 0..<1_000 { shared.tick += 1; MainLoop.drain() }
      let growth = residentKiB() - start
      let writeStart = ContinuousClock.now
      shared.constant = "changed"
      let writeCost = ContinuousClock.now - writeStart
      MainLoop.drain()
      print(
        "pile-up: growth \(growth) KiB, one write \(writeCost), loop \(ContinuousClock.now - clock)"
      )
      XCTAssertLessThan(growth, 1_024, "RSS grew \(growth) KiB over 1,000 re-renders")
    }
  }
}

private func residentKiB() -> Int {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
    return 0
  }
  let fields = text.split(separator: " ")
  return (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
}

/// A model written from another thread; its storage is locked so the test has no data race.
private final class Ticker: Observable, @unchecked Sendable {
  private let registrar = ObservationRegistrar()
  private let lock = NSLock()
  private var storage = (0..<5).map { "v\($0)" }

  func value(_ index: Int) -> String {
    registrar.access(self, keyPath: \.all)
    return lock.withLock { storage[index] }
  }

  func set(_ index: Int, _ value: String) {
    registrar.withMutation(of: self, keyPath: \.all) { lock.withLock { storage[index] = value } }
  }

  var all: [String] { lock.withLock { storage } }
}

/// A custom control that shows whether its environment says it is enabled.
private struct EnabledBadge: WidgetRepresentable {
  func makeCoordinator() {}
  func makeWidget(context: Context) -> LabelWidget { LabelWidget() }
  func updateWidget(_ label: LabelWidget, context: Context) {
    let text = context.environment.isEnabled ? "enabled" : "disabled"
    if label.text != text { label.text = text }
  }
  static func dismantleWidget(_ label: LabelWidget, coordinator: Void) {}
}

final class ReviewProbeTests3: GtkTestCase, @unchecked Sendable {
  // SwiftUI: a representable's update runs again when its environment changes, so
  // `context.environment.isEnabled` read there follows an enclosing `.disabled` toggle.
  func testARepresentableReadingIsEnabledFollowsAnEnclosingDisabledToggle() {
    MainActor.assumeIsolated {
      let editor = Editor()
      let host = host { VStack { EnabledBadge() }.disabled(editor.flag) }
      show(host)
      let label = host.graph.root!.subtree.compactMap {
        ($0 as? RepresentableNode<EnabledBadge>)?.widget
      }[0]
      XCTAssertEqual(label.text, "enabled")
      editor.flag = true
      MainLoop.drain()
      XCTAssertEqual(label.text, "disabled")
      editor.flag = false
      MainLoop.drain()
      XCTAssertEqual(label.text, "enabled")
    }
  }

  // SwiftUI: a focused row whose `.focused(equals:)` value changes (rows tagged by offset,
  // a row above removed) keeps focus, and the state reads the new value.
  func testAFocusedRowWhoseEqualsValueChangesKeepsFocusAndReadsTheNewValue() {
    MainActor.assumeIsolated {
      let shared = Shared()
      var focus: FocusState<Int?>.Binding!
      struct V: View {
        @Bindable var shared: Shared
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

  // SwiftUI: rows inserted inside a disabled container are disabled too.
  func testRowsInsertedInADisabledContainerAreDisabled() {
    MainActor.assumeIsolated {
      let shared = Shared()
      struct V: View {
        @Bindable var shared: Shared
        var body: some View {
          VStack {
            ForEach($shared.items) { $item in TextField("", text: $item.name) }
          }.disabled(true)
        }
      }
      let host = host { V(shared: shared) }
      show(host)
      shared.items.append(ProbeRow(id: 9, name: "new"))
      MainLoop.drain()
      XCTAssertEqual(host.textFieldEntries.count, 4)
      XCTAssertFalse(host.textFieldEntries.contains { isSensitive($0) })
    }
  }
}

@MainActor
@Observable
private final class TwoNames {
  var useA = true
  var a = "A"
  var b = "B"
}

final class ReviewProbeTests4: GtkTestCase, @unchecked Sendable {
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

  // SwiftUI: a hidden field takes no focus: a request reads back nil, Tab skips it.
  func testAHiddenFieldTakesNoFocusFromARequestOrTab() {
    MainActor.assumeIsolated {
      var focus: FocusState<Int?>.Binding!
      struct V: View {
        let onFocus: (FocusState<Int?>.Binding) -> Void
        @FocusState var focus: Int?
        @State var a = ""
        @State var b = ""
        @State var c = ""
        var body: some View {
          onFocus($focus)
          return VStack {
            TextField("a", text: $a).focused($focus, equals: 0)
            TextField("b", text: $b).focused($focus, equals: 1).hidden()
            TextField("c", text: $c).focused($focus, equals: 2)
          }
        }
      }
      let host = host { V { focus = $0 } }
      show(host)
      let before = focus.wrappedValue
      focus.wrappedValue = 1
      MainLoop.drain()
      XCTAssertEqual(focus.wrappedValue, before, "the refused request reads back the truth")
      XCTAssertFalse(holdsFocus(host.textFieldEntries[1]))
      focus.wrappedValue = 0
      MainLoop.drain()
      XCTAssertEqual(focus.wrappedValue, 0)
      host.window.simulateMoveFocus(.tabForward)
      MainLoop.drain()
      XCTAssertEqual(focus.wrappedValue, 2, "Tab skips the hidden field")
    }
  }
}

final class ReviewProbeTests5: GtkTestCase, @unchecked Sendable {
  // SwiftUI: `.onChange(of: item.name)` in a binding ForEach row runs once per change and
  // may write the enclosing view's state, which the enclosing view shows.
  func testOnChangeInBindingRowsWritesEnclosingStateOncePerChange() {
    MainActor.assumeIsolated {
      struct V: View {
        @State var items = (0..<3).map { ProbeRow(id: $0, name: "r\($0)") }
        @State var log: [String] = []
        var body: some View {
          VStack {
            ForEach($items) { $item in
              TextField("", text: $item.name)
                .onChange(of: item.name) { _, new in log.append("\(item.id)=\(new)") }
            }
            Text(log.joined(separator: ";"))
          }
        }
      }
      let host = host { V() }
      show(host)
      let entry = host.textFieldEntries[1]
      entry.grabFocus()
      entry.cursorPosition = -1
      entry.simulateTyping("x")
      MainLoop.drain()
      entry.simulateTyping("y")
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["1=r1x;1=r1xy"])
    }
  }

  // Windows with binding ForEach rows, `.id`, focus, `.hidden()` and `.disabled`, built,
  // used and closed, leave no GtkBridge object alive.
  func testWindowsWithTheNewShapesLeaveNothingAlive() {
    MainActor.assumeIsolated {
      var before = LiveObjects.snapshot
      for cycle in 0..<10 {
        if cycle == 1 { before = LiveObjects.snapshot }
        let shared = Shared()
        let editor = Editor()
        struct V: View {
          @Bindable var shared: Shared
          let editor: Editor
          @FocusState var focus: Int?
          var body: some View {
            VStack {
              ForEach($shared.items) { $item in
                if item.id == 1 {
                  TextField("", text: $item.name).focused($focus, equals: item.id).hidden()
                } else {
                  TextField("", text: $item.name).focused($focus, equals: item.id)
                    .id(editor.formID)
                }
              }
            }.disabled(editor.flag)
          }
        }
        let host = host { V(shared: shared, editor: editor) }
        show(host)
        host.textFieldEntries[0].grabFocus()
        host.textFieldEntries[0].simulateTyping("x")
        editor.formID += 1
        MainLoop.drain()
        editor.flag = true
        shared.items.remove(at: 0)
        MainLoop.drain()
        host.close()
        hosts.removeAll()
        MainLoop.drain()
      }
      XCTAssertEqual(LiveObjects.snapshot, before, "GtkBridge objects outlived their windows")
    }
  }
}

private struct Section: Identifiable, Equatable {
  let id: Int
  var rows: [ProbeRow]
}

final class ReviewProbeTests6: GtkTestCase, @unchecked Sendable {
  // SwiftUI: nested binding ForEach (sections of rows): typing lands in the row typed into,
  // also after a section above is removed, and the field keeps its widget and focus.
  func testNestedBindingForEachWritesIntoTheRowTypedIntoAfterASectionGoes() {
    MainActor.assumeIsolated {
      struct V: View {
        @State var sections = (0..<3).map { s in
          Section(id: s, rows: (0..<2).map { ProbeRow(id: $0, name: "s\(s)r\($0)") })
        }
        var body: some View {
          VStack {
            ForEach($sections) { $section in
              VStack {
                ForEach($section.rows) { $row in TextField("", text: $row.name) }
                Button("remove \(section.id)") { sections.removeAll { $0.id == section.id } }
              }
            }
            Text(sections.flatMap { $0.rows.map(\.name) }.joined(separator: ","))
          }
        }
      }
      let host = host { V() }
      show(host)
      let entry = host.textFieldEntries[5]
      entry.grabFocus()
      entry.cursorPosition = -1
      entry.simulateTyping("x")
      MainLoop.drain()
      host.buttons[0].simulateClick()
      MainLoop.drain()
      XCTAssertTrue(host.textFieldEntries[3] === entry)
      XCTAssertTrue(holdsFocus(entry))
      entry.simulateTyping("y")
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["s1r0,s1r1,s2r0,s2r1xy"])
    }
  }
}
