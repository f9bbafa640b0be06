import CGtk
import GtkBridgeTesting
import XCTest

@testable import GtkBridge

@MainActor
final class AppProbe {
  static var windowTitles: [String] = []
  static var focusedOnFirstFrame = false
  static var field: Widget?
}

struct ProbeApp: App {
  static var applicationID: String { "io.github.gtkbridge.ProbeApp" }

  var body: some Scene {
    WindowGroup("Probe window", width: 300, height: 200) {
      ProbeRoot()
    }
  }
}

struct ProbeRoot: View {
  @FocusState var focused: Bool
  var body: some View {
    TextField("Name", text: .constant(""))
      .focused($focused)
      .configure { AppProbe.field = $0 }
      .onAppear { focused = true }
  }
}

/// Watches new toplevels; when the probe window paints its first frame, records what the test
/// checks and closes it on the next idle (not inside GTK's paint).
@MainActor
final class FirstWindowWatcher {
  private var hooked: Set<UnsafeMutableRawPointer> = []
  private var maps: [Connection] = []
  private static var firstPaint: Connection?
  private static var painted = false

  private final class Connection {
    let connection: SignalConnection
    init(_ connection: consuming SignalConnection) { self.connection = connection }
  }

  func scan() {
    for window in Self.toplevels() where !hooked.contains(window) {
      hooked.insert(window)
      maps.append(Connection(Signals.connect(window, "map") { Self.mapped(window) }))
    }
  }

  private static func mapped(_ window: UnsafeMutableRawPointer) {
    let title =
      gtk_window_get_title(window.assumingMemoryBound(to: GtkWindow.self))
      .map { String(cString: $0) } ?? ""
    AppProbe.windowTitles.append(title)
    guard title == "Probe window", firstPaint == nil else { return }
    // NB: at the first frame, not at "map": GtkBridge gives launch focus once
    // `gtk_window_present` has shown the window (so that GTK tells screen readers), which is
    // after its "map" and before any frame.
    let widget = window.assumingMemoryBound(to: GtkWidget.self)
    guard let clock = gtk_widget_get_frame_clock(widget) else { return }
    firstPaint = Connection(
      Signals.connect(UnsafeMutableRawPointer(clock), "paint") {
        guard !FirstWindowWatcher.painted else { return }
        FirstWindowWatcher.painted = true
        AppProbe.focusedOnFirstFrame = holdsFocus(AppProbe.field)
        g_idle_add(
          { _ in
            MainActor.assumeIsolated {
              FirstWindowWatcher.firstPaint = nil
              FirstWindowWatcher.destroyAll()
            }
            return 0
          }, nil)
      })
  }

  static func toplevels() -> [UnsafeMutableRawPointer] {
    let list = gtk_window_get_toplevels()!
    return (0..<g_list_model_get_n_items(list)).compactMap { index in
      guard let item = g_list_model_get_item(list, index) else { return nil }
      g_object_unref(item)
      return item
    }
  }

  static func destroyAll() {
    for window in toplevels() {
      gtk_window_destroy(window.assumingMemoryBound(to: GtkWindow.self))
    }
  }
}

/// The call order SwiftUI documents for UIViewRepresentable.
struct OrderProbe: WidgetRepresentable {
  final class Log {
    var calls: [String] = []
  }
  let log: Log
  let value: Int

  @MainActor final class Coordinator {
    weak var context: AnyObject?
  }

  func makeCoordinator() -> Coordinator {
    log.calls.append("makeCoordinator")
    return Coordinator()
  }

  func makeWidget(context: Context) -> Widget {
    log.calls.append("makeWidget(coordinator: \(context.coordinator.context == nil))")
    context.coordinator.context = context
    return LabelWidget("probe")
  }

  func updateWidget(_ widget: Widget, context: Context) {
    log.calls.append("updateWidget(\(value))")
  }

  static func dismantleWidget(_ widget: Widget, coordinator: Coordinator) {
    OrderProbe.dismantled += 1
  }

  static var dismantled = 0
}

final class AppAndModifierTests: GtkTestCase, @unchecked Sendable {
  func testAppOpensItsWindowGroupOnAGtkApplicationAndRunEndsWithTheLastWindow() {
    MainActor.assumeIsolated {
      let application = Application(ProbeApp())
      // No timer decides when to look: each new toplevel is watched, and when the probe
      // window maps (its first frame is being prepared) the test inspects it and closes it;
      // run() must then return. A window that never maps fails the test after 10 s.
      let watcher = FirstWindowWatcher()
      let toplevels = UnsafeMutableRawPointer(gtk_window_get_toplevels()!)
      let added = Signals.connectNotify(toplevels, property: "n-items") { watcher.scan() }
      let failsafe = g_timeout_add_seconds(
        10,
        { _ in
          MainActor.assumeIsolated {
            XCTFail("the probe window did not map within 10 s")
            FirstWindowWatcher.destroyAll()
          }
          return 0
        }, nil)
      let status = application.run()
      if g_main_context_find_source_by_id(nil, failsafe) != nil { g_source_remove(failsafe) }
      withExtendedLifetime(added) {}
      XCTAssertEqual(status, 0)
      XCTAssertTrue(AppProbe.windowTitles.contains("Probe window"))
      XCTAssertTrue(AppProbe.focusedOnFirstFrame)
    }
  }

  func testRepresentableCallOrderMatchesSwiftUI() {
    MainActor.assumeIsolated {
      let log = OrderProbe.Log()
      let model = FieldModel()
      OrderProbe.dismantled = 0
      let host = host {
        VStack {
          if model.enabled {
            OrderProbe(log: log, value: model.revision)
          }
        }
      }
      model.revision = 1
      MainLoop.drain()
      XCTAssertEqual(
        log.calls,
        ["makeCoordinator", "makeWidget(coordinator: true)", "updateWidget(0)", "updateWidget(1)"])
      model.enabled = false
      MainLoop.drain()
      XCTAssertEqual(OrderProbe.dismantled, 1)
      _ = host
    }
  }

  func testLayoutAndAccessibilityModifiersReachGtk() {
    MainActor.assumeIsolated {
      var label: Widget?
      var field: Widget?
      let model = FieldModel()
      let host = host {
        HStack {
          Text("Name").configure { label = $0 }
          Spacer()
          TextField("Name", text: model.textBinding)
            .accessibilityLabel("Your name")
            .padding(.horizontal, 12)
            .disabled(!model.enabled)
            .configure { field = $0 }
        }
      }
      show(host)
      let entry = field!.pointer
      XCTAssertEqual(gtk_widget_get_margin_start(entry), 12)
      XCTAssertEqual(gtk_widget_get_margin_end(entry), 12)
      XCTAssertEqual(gtk_widget_get_margin_top(entry), 0)
      XCTAssertTrue(hasAccessibleLabel(entry, "Your name"))
      XCTAssertTrue(field!.isSensitive)
      model.enabled = false
      MainLoop.drain()
      XCTAssertFalse(field!.isSensitive)
      XCTAssertEqual((label as? LabelWidget)?.text, "Name")
    }
  }

  func testChainedPaddingKeepsEveryEdgeAndFrameUndoesWhatItNoLongerAsks() {
    MainActor.assumeIsolated {
      var text: Widget?
      let model = FieldModel()
      let host = host {
        Text("x").configure { text = $0 }
          .padding(.bottom, 8).padding(.horizontal, 12)
          .frame(width: model.enabled ? 120 : nil)
      }
      show(host)
      let widget = text!.pointer
      XCTAssertEqual(gtk_widget_get_margin_bottom(widget), 8)
      XCTAssertEqual(gtk_widget_get_margin_start(widget), 12)
      XCTAssertEqual(gtk_widget_get_margin_top(widget), 0)
      var width: gint = 0
      gtk_widget_get_size_request(widget, &width, nil)
      XCTAssertEqual(width, 120)
      model.enabled = false
      MainLoop.drain()
      gtk_widget_get_size_request(widget, &width, nil)
      XCTAssertEqual(width, -1)
    }
  }

  func testSubmitActionsRunInnermostFirst() {
    MainActor.assumeIsolated {
      var order: [String] = []
      var entry: EditableWidget?
      let host = host {
        VStack {
          TextField("a", text: .constant("")).configure { entry = $0 as? EditableWidget }
            .onSubmit { order.append("inner") }
        }
        .onSubmit { order.append("outer") }
      }
      show(host)
      entry!.simulateReturn()
      MainLoop.drain()
      XCTAssertEqual(order, ["inner", "outer"])
    }
  }

  func testOnChangeReportsOldAndNewValues() {
    MainActor.assumeIsolated {
      var changes: [String] = []
      let model = FieldModel(focused: true)
      let host = host {
        model.field.onChange(of: model.text) { old, new in changes.append("\(old)->\(new)") }
      }
      show(host)
      model.entry!.simulateTyping("a")
      MainLoop.drain()
      model.entry!.simulateTyping("b")
      MainLoop.drain()
      XCTAssertEqual(changes, ["->a", "a->ab"])
      // Two edits in one main-loop turn are one update, hence one change.
      model.entry!.simulateTyping("c")
      model.entry!.simulateTyping("d")
      MainLoop.drain()
      XCTAssertEqual(changes, ["->a", "a->ab", "ab->abcd"])
    }
  }

  func testConfigureStylesAnyWidgetAndComposesWithTheConfigurationClosure() {
    MainActor.assumeIsolated {
      let model = FieldModel()
      model.color = .red
      let host = host {
        model.field.configure { $0.backgroundColor = .white }
      }
      show(host)
      let color = resolvedTextColor(model.entry!)
      XCTAssertEqual(color.red, 1, accuracy: 0.01, "the closure's colour survives the modifier")
      XCTAssertTrue(styleErrors.isEmpty)
    }
  }
}
