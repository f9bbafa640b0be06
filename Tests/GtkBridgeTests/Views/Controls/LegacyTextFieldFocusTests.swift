import CGtk
import GtkBridgeTesting
import XCTest

@testable import GtkBridge

/// Focus sync: `isFirstResponder` means "this field holds its window's focus".
final class LegacyTextFieldFocusTests: GtkTestCase, @unchecked Sendable {
  func testFocusRequestedBeforePresentHoldsOnTheFirstFrame() {
    MainActor.assumeIsolated {
      let model = FieldModel(focused: true)
      let other = FieldModel()
      let host = host {
        VStack {
          other.field
          model.field
        }
      }
      // Before present: GTK already has the entry as the window's focus widget.
      XCTAssertTrue(holdsFocus(model.entry))
      show(host)
      XCTAssertTrue(holdsFocus(model.entry), "present() must not move the requested focus")
      XCTAssertTrue(model.focused)
      XCTAssertFalse(other.focused)
      XCTAssertEqual(model.focusWrites, [])
      XCTAssertEqual(other.focusWrites, [])
    }
  }

  func testFocusRequestedBeforeTheFieldHasAWindowIsAppliedWhenItGetsOne() {
    MainActor.assumeIsolated {
      let model = FieldModel(focused: true)
      let graph = ViewGraph { _ in }
      UpdateScheduler.shared.performUpdate { graph.mount(model.field) }
      let entry = model.entry!
      XCTAssertNil(entry.root)

      let window = Window(title: "late")
      window.setChild(entry)
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(entry))
      XCTAssertTrue(model.focused)
      window.destroy()
      graph.tearDown()
      MainLoop.drain()
    }
  }

  func testFalseResignsFocus() {
    MainActor.assumeIsolated {
      let model = FieldModel(focused: true)
      let host = host { model.field }
      show(host)
      XCTAssertTrue(holdsFocus(model.entry))

      model.focused = false
      MainLoop.drain()
      XCTAssertFalse(holdsFocus(model.entry))
      XCTAssertNil(focusWidget(host.window))
      XCTAssertEqual(model.focusWrites, [])

      model.focused = true
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(model.entry))
    }
  }

  func testUserTabAndClickSetAndClearTheBindingsInOneTransitionEach() {
    MainActor.assumeIsolated {
      let a = FieldModel(focused: true)
      let b = FieldModel()
      let host = host {
        VStack {
          a.field
          b.field
        }
      }
      show(host)

      host.window.simulateMoveFocus(.tabForward)
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(b.entry))
      XCTAssertEqual(a.focusWrites, [false])
      XCTAssertEqual(b.focusWrites, [true])

      a.entry!.simulateClick()
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(a.entry))
      XCTAssertEqual(a.focusWrites, [false, true])
      XCTAssertEqual(b.focusWrites, [true, false])
    }
  }

  func testMovingFocusByStateIsOneGtkFocusChange() {
    MainActor.assumeIsolated {
      let a = FieldModel(focused: true)
      let b = FieldModel()
      let host = host {
        VStack {
          a.field
          b.field
        }
      }
      show(host)
      var notifications = 0
      let connection = Signals.connectNotify(host.window.rawPointer, property: "focus-widget") {
        notifications += 1
      }

      a.focused = false
      b.focused = true
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(b.entry))
      XCTAssertEqual(notifications, 1, "A -> B must not pass through 'no focus'")
      XCTAssertEqual(a.focusWrites, [])
      XCTAssertEqual(b.focusWrites, [])
      connection.disconnect()
    }
  }

  func testRequestingTrueWhenAlreadyFocusedGrabsNothing() {
    MainActor.assumeIsolated {
      let model = FieldModel(focused: true)
      let host = host { model.field }
      show(host)
      var notifications = 0
      let connection = Signals.connectNotify(host.window.rawPointer, property: "focus-widget") {
        notifications += 1
      }
      for _ in 0..<5 {
        model.revision += 1
        model.focused = true
        MainLoop.drain()
      }
      XCTAssertEqual(notifications, 0)
      XCTAssertTrue(holdsFocus(model.entry))
      connection.disconnect()
    }
  }

  func testFieldTurnedInsensitiveWhileFocusedReadsFalse() {
    MainActor.assumeIsolated {
      let model = FieldModel(focused: true)
      let host = host { model.field }
      show(host)

      model.enabled = false
      MainLoop.drain()
      XCTAssertFalse(holdsFocus(model.entry))
      XCTAssertFalse(model.focused)
      XCTAssertEqual(model.focusWrites, [false])
    }
  }

  func testFocusRequestToAnInsensitiveFieldIsRefusedAndReadsFalse() {
    MainActor.assumeIsolated {
      let model = FieldModel()
      model.enabled = false
      let host = host { model.field }
      show(host)

      model.focused = true
      MainLoop.drain()
      XCTAssertFalse(holdsFocus(model.entry))
      XCTAssertFalse(model.focused)
      XCTAssertEqual(model.focusWrites, [false])

      model.enabled = true
      model.focused = true
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(model.entry))
    }
  }

  func testFocusedFieldRemovedFromTheTreeReadsFalse() {
    MainActor.assumeIsolated {
      let model = FieldModel(focused: true)
      let other = FieldModel()
      let visibility = FieldModel()  // `enabled` stands for "shown"
      let host = host {
        VStack {
          other.field
          if visibility.enabled {
            model.field
          }
        }
      }
      show(host)
      let removed = model.entry!
      XCTAssertTrue(holdsFocus(removed))

      visibility.enabled = false
      MainLoop.drain()
      XCTAssertNil(gtk_widget_get_parent(removed.pointer))
      XCTAssertFalse(model.focused)
      XCTAssertEqual(model.focusWrites, [false])
      // GTK moves the window's focus off a removed widget on its next frame.
      XCTAssertTrue(
        MainLoop.run(timeout: 2) {
          let focus = focusWidget(host.window)
          return focus == nil || focus == other.entry?.delegate
        })
      XCTAssertFalse(model.focused)
    }
  }

  func testAFieldBoundToConstantFalseKeepsTheFocusTheUserGaveIt() {
    MainActor.assumeIsolated {
      // Another field holds focus first, so the click below is what gives the constant
      // field its focus (not GTK's first-focusable-widget rule on present).
      let other = FieldModel(focused: true)
      let model = FieldModel()
      let probe = ConstantFieldProbe()
      let host = host {
        VStack {
          other.field
          LegacyTextField(text: model.textBinding, isFirstResponder: .constant(false)) {
            probe.entry = $0
            probe.updates += 1
            _ = model.revision
          }
        }
      }
      show(host)
      let entry = probe.entry!
      XCTAssertTrue(holdsFocus(other.entry))
      XCTAssertFalse(holdsFocus(entry))

      entry.simulateClick()
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(entry), "the click gave the field focus")
      XCTAssertFalse(other.focused)
      // From here on, every change of the window's focus widget is counted.
      let focusMoves = Signals.connectNotify(host.window.rawPointer, property: "focus-widget") {
        probe.focusMoves += 1
      }
      let updatesAfterClick = probe.updates
      for character in "abc" {
        entry.simulateTyping(String(character))
        MainLoop.drain()
      }
      model.revision += 1  // an update that changes nothing but re-runs updateWidget
      MainLoop.drain()

      XCTAssertGreaterThanOrEqual(
        probe.updates, updatesAfterClick + 4,
        "updateWidget ran (with isFirstResponder false) after each keystroke and the revision")
      XCTAssertEqual(probe.focusMoves, 0, "no update took focus away, even for a moment")
      XCTAssertTrue(holdsFocus(entry), "an update must not take focus away from the user")
      XCTAssertEqual(model.text, "abc")
      XCTAssertEqual(model.textWrites, ["a", "ab", "abc"])
      withExtendedLifetime(focusMoves) {}
    }
  }

  func testWindowActivationDoesNotChangeTheBinding() {
    MainActor.assumeIsolated {
      let model = FieldModel(focused: true)
      let host = host { model.field }
      show(host)
      XCTAssertTrue(host.window.isActive)

      let second = Window(title: "second", width: 200, height: 100)
      second.present()
      XCTAssertTrue(MainLoop.run(timeout: 5) { second.isActive && !host.window.isActive })
      XCTAssertTrue(model.focused)
      XCTAssertTrue(holdsFocus(model.entry), "the window keeps its focus widget")

      second.destroy()
      host.present()
      XCTAssertTrue(MainLoop.run(timeout: 5) { host.window.isActive })
      XCTAssertTrue(model.focused)
      XCTAssertTrue(holdsFocus(model.entry))
      XCTAssertEqual(model.focusWrites, [])
    }
  }
}

@MainActor
private final class ConstantFieldProbe {
  var entry: Entry?
  var updates = 0
  var focusMoves = 0
}
