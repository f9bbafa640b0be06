import CGtk
import Foundation
import Observation
import XCTest

@testable import GtkBridge

@MainActor
@Observable
private final class Rows {
  var rows = [ProbeRow(id: 7, name: "first"), ProbeRow(id: 7, name: "second")]
}

private func residentKiB() -> Int {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
    return 0
  }
  let fields = text.split(separator: " ")
  return (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
}

private struct Section: Identifiable, Equatable {
  let id: Int
  var rows: [ProbeRow]
}

/// `ForEach` rows: duplicates, nested and binding rows, enclosing state and observation.
final class ForEachRowTests: GtkTestCase, @unchecked Sendable {
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

  // SwiftUI: a row's if/else inside ForEach gives each row its own branch identity.
  func testNestedIfElseInsideForEachRowsKeepsStatePerRowAndBranch() {
    MainActor.assumeIsolated {
      let editor = ContactEditor()
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

  // SwiftUI: nested ForEach over index bindings into a @State grid.
  func testNestedForEachIndexBindingsWriteTheirCell() {
    MainActor.assumeIsolated {
      let shared = SharedRowsModel()
      struct V: View {
        let shared: SharedRowsModel
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
      let shared = SharedRowsModel()
      var focus: FocusState<Int?>.Binding!
      struct V: View {
        @Bindable var shared: SharedRowsModel
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
      let shared = SharedRowsModel()
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
