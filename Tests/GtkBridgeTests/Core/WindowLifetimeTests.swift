import CGtk
import Foundation
import Observation
import XCTest

@testable import GtkBridge

/// Windows with binding rows, ids, focus, hidden and disabled views leave nothing alive.
final class WindowLifetimeTests: GtkTestCase, @unchecked Sendable {
  // Windows with binding ForEach rows, `.id`, focus, `.hidden()` and `.disabled`, built,
  // used and closed, leave no GtkBridge object alive.
  func testWindowsWithTheNewShapesLeaveNothingAlive() {
    MainActor.assumeIsolated {
      var before = LiveObjects.snapshot
      for cycle in 0..<10 {
        if cycle == 1 { before = LiveObjects.snapshot }
        let shared = SharedRowsModel()
        let editor = ContactEditor()
        struct V: View {
          @Bindable var shared: SharedRowsModel
          let editor: ContactEditor
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
