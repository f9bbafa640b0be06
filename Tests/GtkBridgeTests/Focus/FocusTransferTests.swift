import CGtk
import Observation
import XCTest

@testable import GtkBridge

@MainActor
@Observable
final class NestedFocusModel {
  /// Focusing the username field asks for the notes field too (a nested write).
  var primary: Field? {
    didSet { if primary == .username { secondary = .notes } }
  }
  var secondary: Field?
}

final class FocusTransferTests: GtkTestCase, @unchecked Sendable {
  // MARK: re-binding (issue 11.4)

  func testReBindingToAnotherModelKeepsTheUsersFocusAndTellsTheNewModel() throws {
    try MainActor.assumeIsolated {
      struct Detail: View {
        @Bindable var form: FormModel
        let probe: FormProbe
        var body: some View {
          VStack {
            TextField("Name", text: $form.name).focused($form.focus, equals: .username)
              .configure { probe.widgets[.username] = $0 }
            TextField("Mail", text: $form.mail).focused($form.focus, equals: .email)
          }
        }
      }
      let first = FormModel()
      let second = FormModel()
      second.focus = .email  // stale: the new model must read the truth, not move focus
      let selection = FieldModel()  // `enabled` picks the first model
      let probe = FormProbe()
      let host = host { Detail(form: selection.enabled ? first : second, probe: probe) }
      show(host)
      let name = try XCTUnwrap(probe.widgets[.username] as? Entry)
      name.simulateClick()
      MainLoop.drain()
      XCTAssertEqual(first.focus, .username)

      selection.enabled = false
      MainLoop.drain()
      XCTAssertTrue(probe.widgets[.username] === name, "the same widgets, re-bound")
      XCTAssertTrue(holdsFocus(name), "the user's focus stays")
      XCTAssertEqual(second.focus, .username, "the new model reads the truth")
      XCTAssertNil(first.focus, "the old model reads nil")
      name.simulateTyping("Ada")
      MainLoop.drain()
      XCTAssertEqual(second.name, "Ada")
      XCTAssertEqual(first.name, "")
    }
  }

  // MARK: nested writes (issue 11.5)

  func testAFocusWriteInsideAnotherIsARequestResolvedAfterIt() throws {
    MainActor.assumeIsolated {
      struct Nested: View {
        @Bindable var model: NestedFocusModel
        let probe: FormProbe
        var body: some View {
          VStack {
            TextField("A", text: .constant("")).focused($model.primary, equals: .username)
              .configure { probe.widgets[.username] = $0 }
            TextField("B", text: .constant("")).focused($model.primary, equals: .password)
            TextField("N", text: .constant("")).focused($model.secondary, equals: .notes)
              .configure { probe.widgets[.notes] = $0 }
          }
          .launchFocus(.none)
        }
      }
      let model = NestedFocusModel()
      let probe = FormProbe()
      let host = host { Nested(model: model, probe: probe) }
      show(host)
      (probe.widgets[.username] as? Entry)?.simulateClick()
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(probe.widgets[.notes]), "the nested write was carried out")
      XCTAssertEqual(model.secondary, .notes)
      XCTAssertNil(model.primary, "focus left the username field")
    }
  }

  // MARK: values no present view can take (issue 16.3)

  func testAValueWhoseLastViewLeftReadsNil() {
    MainActor.assumeIsolated {
      struct Only: View {
        @FocusState var focus: Field?
        @FocusState var flag: Bool
        @Bindable var model: PanelModel
        let probe: FormProbe
        let flagged: (FocusState<Bool>.Binding) -> Void
        var body: some View {
          probe.focus = $focus
          flagged($flag)
          return VStack {
            if model.showExtra {
              TextField("E", text: .constant("")).focused($focus, equals: .email)
              TextField("F", text: .constant("")).focused($flag)
            }
          }
        }
      }
      let model = PanelModel()
      let probe = FormProbe()
      var flag: FocusState<Bool>.Binding?
      let host = host { Only(model: model, probe: probe, flagged: { flag = $0 }) }
      show(host)
      model.showExtra = false
      MainLoop.drain()
      probe.transitions.removeAll()
      probe.set(.email)
      flag?.wrappedValue = true
      MainLoop.drain()
      XCTAssertNil(probe.current)
      XCTAssertEqual(flag?.wrappedValue, false)
      XCTAssertNil(focusWidget(host.window))
    }
  }

  // MARK: one state, two windows (issue 11.6)

  func testAStateSharedByTwoWindowsReadsTheActiveWindowsTruth() throws {
    MainActor.assumeIsolated {
      let form = FormModel()
      let probe = FormProbe()
      let first = host {
        TextField("Name", text: Bindable(form).name).focused(
          Bindable(form).focus, equals: .username
        )
        .configure { probe.widgets[.username] = $0 }
      }
      let second = host {
        TextField("Mail", text: Bindable(form).mail).focused(Bindable(form).focus, equals: .email)
          .configure { probe.widgets[.email] = $0 }
      }
      show(first)
      show(second)
      XCTAssertTrue(MainLoop.run(timeout: 5) { second.window.isActive })
      XCTAssertEqual(form.focus, .email, "the active window's launch focus")

      form.focus = .username
      MainLoop.drain()
      XCTAssertTrue(MainLoop.run(timeout: 5) { first.window.isActive }, "its window is presented")
      XCTAssertTrue(holdsFocus(probe.widgets[.username]))
      XCTAssertEqual(form.focus, .username, "not the other window's field")

      second.present()
      XCTAssertTrue(MainLoop.run(timeout: 5) { second.window.isActive })
      XCTAssertEqual(form.focus, .email, "the newly active window's truth")
      XCTAssertTrue(holdsFocus(probe.widgets[.username]), "each window keeps its focus widget")
    }
  }
}

final class FocusOriginTests: GtkTestCase, @unchecked Sendable {
  func testTheCoordinatorTagsEachFocusChangeWithItsOrigin() throws {
    MainActor.assumeIsolated {
      let model = PanelModel()
      let probe = FormProbe()
      let host = host { Leaving(model: model, probe: probe, bindExtra: true) }
      show(host)
      let coordinator = FocusCoordinator.coordinator(for: OpaquePointer(host.window.pointer))
      XCTAssertEqual(coordinator.origin, .launch)
      (probe.widgets[.password] as? Entry)?.simulateClick()
      MainLoop.drain()
      XCTAssertEqual(coordinator.origin, .user)
      probe.set(.email)
      MainLoop.drain()
      XCTAssertEqual(coordinator.origin, .app)
      XCTAssertTrue(holdsFocus(probe.widgets[.email]))
      model.visible = false
      MainLoop.drain()
      XCTAssertEqual(coordinator.origin, .teardown)
      XCTAssertNil(coordinator.focusWidget)
    }
  }
}

extension FocusOriginTests {
  func testAFocusedFieldThatIsDisabledLeavesFocusNowhereAsTeardown() throws {
    try MainActor.assumeIsolated {
      let probe = FormProbe()
      let host = host { ThreeFieldForm(probe: probe, defaultField: .password) }
      show(host)
      let password = try XCTUnwrap(probe.widgets[.password])
      XCTAssertTrue(holdsFocus(password))
      password.isSensitive = false
      MainLoop.drain()
      waitForFrames(host.window)
      let coordinator = FocusCoordinator.coordinator(for: OpaquePointer(host.window.pointer))
      XCTAssertEqual(coordinator.origin, .teardown)
      XCTAssertNil(focusWidget(host.window))
      XCTAssertNil(probe.current)
    }
  }
}

extension FocusTransferTests {
  /// Shrunk from the random-operation test (seeds 1, 4, 8): a redirect GTK refuses, made
  /// inside the launch-focus write of a second window sharing the state, made the first
  /// window write `nil`, which the second took as "dismiss focus".
  func testARefusedRedirectInsideASecondWindowsLaunchKeepsThatWindowsTruth() {
    MainActor.assumeIsolated {
      for ops: [FuzzOp] in [
        [.setDisabled(row: 0, true), .redirectNextFocusWrite, .sharedWindow],
        [.hideRows(true), .redirectNextFocusWrite, .sharedWindow],
      ] {
        let run = FuzzRun()
        let result = run.run(ops)
        run.close()
        XCTAssertNil(result?.failure, "\(ops)")
      }
    }
  }
}
