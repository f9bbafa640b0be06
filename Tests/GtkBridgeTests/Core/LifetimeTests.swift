import CGtk
import GtkBridgeTesting
import XCTest

@testable import GtkBridge

/// Everything a window's views own is freed when the window is destroyed.
final class LifetimeTests: GtkTestCase, @unchecked Sendable {
  func testCoordinatorsContextsAndWidgetsAreFreedAfterTheirWindowIsDestroyed() {
    MainActor.assumeIsolated {
      weak var coordinator: LegacyTextField.Coordinator?
      weak var context: WidgetRepresentableContext<LegacyTextField>?
      weak var entry: Entry?
      weak var graph: ViewGraph?
      let gtkEntry = UnsafeMutablePointer<GWeakRef>.allocate(capacity: 1)
      defer { gtkEntry.deallocate() }
      gtkEntry.initialize(to: GWeakRef())

      do {
        let a = FieldModel(focused: true)
        let b = FieldModel()
        b.color = .red
        let host = try! HostingWindow(title: "lifetime") {
          VStack {
            a.field
            b.field
          }
        }
        host.present()
        MainLoop.drain()
        a.entry!.simulateTyping("abc")
        MainLoop.drain()
        let node = host.graph.root!.subtree.compactMap { $0 as? RepresentableNode<LegacyTextField> }
          .first!
        coordinator = node.context.coordinator
        context = node.context
        entry = node.widget
        graph = host.graph
        g_weak_ref_init(gtkEntry, node.widget.rawPointer)
        XCTAssertNotNil(coordinator)
        host.close()
        MainLoop.drain()
      }
      MainLoop.drain()
      XCTAssertNil(coordinator, "coordinator leaked")
      XCTAssertNil(context, "context leaked")
      XCTAssertNil(entry, "entry handle leaked")
      XCTAssertNil(graph, "view graph leaked")
      XCTAssertNil(g_weak_ref_get(gtkEntry), "the GtkEntry was not finalized")
      g_weak_ref_clear(gtkEntry)
    }
  }

  func testClosingAWindowAsTheUserDoesTearsDownItsViewsAtOnce() {
    MainActor.assumeIsolated {
      let model = FieldModel(focused: true)
      let host = host { model.field }
      show(host)
      let before = LiveObjects.snapshot["coordinators"]!
      // The close button: close-request, then gtk_window_destroy. The test still holds the
      // HostingWindow, as an app's `MainLoop.run { host.isClosed }` does.
      gtk_window_close(host.window.window)
      XCTAssertTrue(MainLoop.run(timeout: 2) { host.isClosed })
      XCTAssertEqual(LiveObjects.snapshot["coordinators"]!, before - 1)
    }
  }

  func testAWindowWhoseHandleWasDroppedKeepsUpdatingItsViews() {
    MainActor.assumeIsolated {
      let list = RowList(count: 1)
      var window: UnsafeMutablePointer<GtkWindow>?
      do {
        let host = try! HostingWindow(title: "dropped") {
          VStack { ForEach(list.rows) { row in Text(row.title) } }
        }
        host.present()
        window = host.window.window
      }
      MainLoop.drain()
      list.rows.append(Row(id: 5, title: "row 5"))
      MainLoop.drain()
      // The root view's one widget, the stack's box, is the window's child.
      let stack = gtk_window_get_child(window)!
      XCTAssertEqual(childTypeNames(stack).count, 2)
      gtk_window_destroy(window)
      MainLoop.drain()
    }
  }

  func testRepeatedWindowsDoNotAccumulateSignalContexts() {
    MainActor.assumeIsolated {
      weak var lastCoordinator: LegacyTextField.Coordinator?
      for _ in 0..<20 {
        do {
          let model = FieldModel(focused: true)
          let host = try! HostingWindow(title: "cycle") { model.field }
          host.present()
          MainLoop.drain()
          let node = host.graph.root!.subtree
            .compactMap { $0 as? RepresentableNode<LegacyTextField> }.first!
          lastCoordinator = node.context.coordinator
          host.close()
        }
        MainLoop.drain()
        XCTAssertNil(lastCoordinator)
      }
      XCTAssertTrue(FocusCoordinator.liveCount == 0, "focus trackers outlived their windows")
    }
  }
}
