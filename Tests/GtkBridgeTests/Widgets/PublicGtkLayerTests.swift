// NB: GtkBridge is not imported @testable here: this file sees what a user of the package
// sees, and GTK's C API through `import GtkBridge` alone.
import GtkBridge
import Observation
import XCTest

/// A user's own widget handle: a `Widget` subclass, no cast of `rawPointer`.
final class Adjuster: Widget {
  init() {
    super.init(retaining: gtk_spin_button_new_with_range(0, 10, 1))
  }

  var value: Double {
    get { gtk_spin_button_get_value(opaquePointer) }
    set { gtk_spin_button_set_value(opaquePointer, newValue) }
  }
}

/// A user's representable, bound to a number, counting what its handler sees.
struct AdjusterView: WidgetRepresentable {
  @Binding var value: Double
  let log: AdjusterLog

  @MainActor final class Coordinator {
    var value: Binding<Double>
    var changed: SignalConnection?
    init(value: Binding<Double>) { self.value = value }
  }

  func makeCoordinator() -> Coordinator { Coordinator(value: $value) }

  func makeWidget(context: Context) -> Adjuster {
    let adjuster = Adjuster()
    log.widget = adjuster
    let coordinator = context.coordinator
    coordinator.changed = adjuster.connect("value-changed") { [weak adjuster, weak coordinator] in
      guard let adjuster, let coordinator else { return }
      coordinator.value.setFromWidget(adjuster.value)
    }
    return adjuster
  }

  func updateWidget(_ adjuster: Adjuster, context: Context) {
    context.coordinator.value = $value
    if adjuster.value != value {
      context.coordinator.changed?.blocked { adjuster.value = value }
    }
  }

  static func dismantleWidget(_ adjuster: Adjuster, coordinator: Coordinator) {
    coordinator.changed = nil
  }
}

@MainActor
@Observable
final class AdjusterLog {
  var value = 2.0
  var enabled = true
  @ObservationIgnored var writes: [Double] = []
  @ObservationIgnored weak var widget: Adjuster?

  var binding: Binding<Double> {
    Binding(
      get: { self.value },
      set: {
        self.writes.append($0)
        self.value = $0
      })
  }
}

final class PublicGtkLayerTests: GtkTestCase, @unchecked Sendable {
  func testAUserRepresentableSyncsBothWaysWithoutEchoes() {
    MainActor.assumeIsolated {
      let log = AdjusterLog()
      let host = host { AdjusterView(value: log.binding, log: log) }
      show(host)
      let adjuster = log.widget!
      XCTAssertEqual(adjuster.value, 2)

      gtk_spin_button_spin(adjuster.opaquePointer, GTK_SPIN_STEP_FORWARD, 3)  // the user
      MainLoop.drain()
      XCTAssertEqual(log.value, 5)
      XCTAssertEqual(log.writes, [5])

      log.value = 7  // the app: the widget follows, the blocked handler writes nothing back
      MainLoop.drain()
      XCTAssertEqual(adjuster.value, 7)
      XCTAssertEqual(log.writes, [5])
    }
  }

  func testFocusDisabledAndConfigureReachAUserRepresentable() {
    MainActor.assumeIsolated {
      let log = AdjusterLog()
      let focus = FocusProbe()
      let host = host {
        VStack {
          TextField("Name", text: .constant(""))
          AdjusterView(value: log.binding, log: log)
            .focused(focus.binding, equals: "adjuster")
            .disabled(!log.enabled)
            .configure { $0.name = "adjuster" }
        }
      }
      show(host)
      let adjuster = log.widget!
      XCTAssertEqual(adjuster.name, "adjuster")

      focus.value = "adjuster"
      MainLoop.drain()
      XCTAssertTrue(adjuster.containsFocus)
      XCTAssertEqual(focus.value, "adjuster")

      log.enabled = false
      MainLoop.drain()
      XCTAssertFalse(adjuster.isSensitive)
      XCTAssertFalse(adjuster.containsFocus)
      XCTAssertNil(focus.value, "a disabled widget gives its focus up, and the state says so")
    }
  }

  func testAConnectionDisconnectsOnceAndWhenDropped() {
    MainActor.assumeIsolated {
      let adjuster = Adjuster()
      var count = 0
      var connection: SignalConnection? = adjuster.connect("value-changed") { count += 1 }
      adjuster.value = 1
      XCTAssertEqual(count, 1)
      connection?.blocked { adjuster.value = 2 }
      XCTAssertEqual(count, 1, "blocked around a write, the handler does not run")
      connection = nil  // dropped: disconnected
      adjuster.value = 3
      XCTAssertEqual(count, 1)

      let notify = adjuster.connect(notify: "value") { count += 10 }
      adjuster.value = 4
      XCTAssertEqual(count, 11)
      notify.disconnect()
      adjuster.value = 5
      XCTAssertEqual(count, 11)
    }
  }

  func testASignalWithArgumentsConnectsToAnyGObject() {
    MainActor.assumeIsolated {
      // GtkTextBuffer::insert-text carries an iterator, the text and its length; the
      // handler ignores them and runs once per insertion.
      let view = Widget(retaining: gtk_text_view_new())
      let buffer = gtk_text_view_get_buffer(view.pointer(as: GtkTextView.self))!
      var insertions = 0
      let connection = SignalConnection.connect(buffer, "insert-text") { insertions += 1 }
      gtk_text_buffer_insert_at_cursor(buffer, "hello", -1)
      gtk_text_buffer_insert_at_cursor(buffer, " world", -1)
      XCTAssertEqual(insertions, 2)
      connection.disconnect()
    }
  }

  func testContextSubmitRunsTheEnclosingOnSubmitOutsideTheUpdate() {
    MainActor.assumeIsolated {
      let probe = SubmitProbe()
      let host = host {
        SubmittingEntry(probe: probe)
          .onSubmit { probe.submits += 1 }
      }
      show(host)
      probe.entry!.emit("activate")  // what Return emits
      MainLoop.drain()
      XCTAssertEqual(probe.submits, 1)
    }
  }
}

@MainActor
final class SubmitProbe {
  var submits = 0
  var entry: Widget?
  var activate: SignalConnection?
}

/// A raw `GtkEntry` whose Return runs `.onSubmit` through the public context API.
struct SubmittingEntry: WidgetRepresentable {
  let probe: SubmitProbe

  func makeWidget(context: Context) -> Widget {
    let entry = Widget(retaining: gtk_entry_new())
    probe.entry = entry
    probe.activate = entry.connect("activate") { [weak context] in context?.submit() }
    return entry
  }

  func updateWidget(_ widget: Widget, context: Context) {}
}

@MainActor
final class FocusProbe {
  var value: String? {
    get { storage.value }
    set { storage.value = newValue }
  }
  let storage = FocusStorage()
  var binding: Binding<String?> { storage.binding }
}

@MainActor
@Observable
final class FocusStorage {
  var value: String?
  var binding: Binding<String?> {
    Binding(get: { self.value }, set: { self.value = $0 })
  }
}
