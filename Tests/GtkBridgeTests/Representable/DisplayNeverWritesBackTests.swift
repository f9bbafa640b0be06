import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

/// Values a control cannot show whole, each counting the writes its binding gets.
@MainActor
@Observable
private final class HeldValues {
  var volume = 150.0
  var guests = 20
  var code = "abcdef"
  var maxLength = 0
  @ObservationIgnored var writes: [String] = []

  func binding<Value>(_ keyPath: ReferenceWritableKeyPath<HeldValues, Value>) -> Binding<Value> {
    Binding(
      get: { self[keyPath: keyPath] },
      set: {
        self.writes.append("\($0)")
        self[keyPath: keyPath] = $0
      })
  }
}

/// Showing a value never writes it back (issue 36, item 2): a value a control cannot hold
/// whole (out of its range, off its step, past a length limit) is shown as near as the
/// control can, and the model keeps its own until the user changes the control. Then the
/// user's change is written, as the control holds it.
final class DisplayNeverWritesBackTests: GtkTestCase, @unchecked Sendable {
  @MainActor
  private func widget(
    _ type: String, in ui: ViewInspection<some View>
  ) -> UnsafeMutablePointer<GtkWidget> {
    findWidgets(type, in: ui)[0]
  }

  func testASliderAndAStepperShowAValueOutOfTheirRangeAtTheBoundAndWriteNothing() {
    MainActor.assumeIsolated {
      let model = HeldValues()
      let ui = show {
        VStack {
          Slider(value: model.binding(\.volume), in: 0...100, step: 5)
          Stepper("Guests", value: model.binding(\.guests), in: 1...12)
        }
      }
      let range = UnsafeMutableRawPointer(widget("GtkScale", in: ui)).assumingMemoryBound(
        to: GtkRange.self)
      let spin = OpaquePointer(widget("GtkSpinButton", in: ui))
      XCTAssertEqual(gtk_range_get_value(range), 100, "the slider shows its upper bound")
      XCTAssertEqual(gtk_spin_button_get_value_as_int(spin), 12)
      XCTAssertEqual(model.volume, 150, "and the model keeps its value")
      XCTAssertEqual(model.guests, 20)

      // App writes out of range and off the step: shown as near as can be, never written.
      model.volume = -3
      model.guests = 0
      MainLoop.drain()
      XCTAssertEqual(gtk_range_get_value(range), 0)
      XCTAssertEqual(gtk_spin_button_get_value_as_int(spin), 1)
      model.volume = 42
      MainLoop.drain()
      XCTAssertEqual(model.volume, 42)
      XCTAssertEqual(model.writes, [], "showing wrote nothing")

      // The user's change is written as the control holds it.
      gtk_spin_button_spin(spin, GTK_SPIN_STEP_FORWARD, 0)
      MainLoop.drain()
      XCTAssertEqual(model.guests, 2)
      gtk_range_set_value(range, 61)
      MainLoop.drain()
      XCTAssertEqual(model.volume, 60, "snapped to the step")
      XCTAssertEqual(model.writes.count, 2)
    }
  }

  func testAProgressViewPastItsTotalShowsItFullAndChangesNothing() {
    MainActor.assumeIsolated {
      let model = HeldValues()
      let ui = show { ProgressView(value: model.volume, total: 100) }
      XCTAssertEqual(
        gtk_progress_bar_get_fraction(OpaquePointer(widget("GtkProgressBar", in: ui))), 1)
      XCTAssertEqual(model.volume, 150)
    }
  }

  // A length limit set in `.configure`, lowered after the text is shown: the field shows the
  // text cut, the binding keeps all of it until the user edits (then it holds the cut text
  // and the edit, as GTK does).
  func testALengthLimitLoweredInConfigureCutsWhatTheFieldShowsNotTheBinding() {
    MainActor.assumeIsolated {
      let model = HeldValues()
      var entry: Entry?
      _ = show {
        TextField("Code", text: model.binding(\.code))
          .configure { [model] in
            entry = $0 as? Entry
            entry?.maxLength = model.maxLength
          }
      }
      XCTAssertEqual(entry?.text, "abcdef")
      model.maxLength = 3
      MainLoop.drain()
      XCTAssertEqual(entry?.text, "abc", "GTK cuts what it shows")
      XCTAssertEqual(model.code, "abcdef", "the binding keeps its text")
      XCTAssertEqual(model.writes, [])

      entry?.simulateClick()
      MainLoop.drain()
      entry?.cursorPosition = -1
      entry?.simulateBackspace()
      MainLoop.drain()
      XCTAssertEqual(model.code, "ab", "the user's edit writes what the field holds")
      XCTAssertEqual(model.writes, ["ab"])
    }
  }
}
