// The demo's sign-in flow, in-process, through GtkBridgeTesting's inspection API: the same
// story as DemoEndToEndTests (which drives the real binary with xdotool), in a few lines.
// SwiftPM builds the demo as a dependency of the tests; the CMake build does not make the
// demo importable, so there this file compiles to nothing.
#if canImport(gtk_focus_demo)
  import GtkBridge
  import GtkBridgeTesting
  import XCTest

  @testable import gtk_focus_demo

  final class DemoInspectionTests: GtkBridgeTestCase, @unchecked Sendable {
    func testSignInMovesFocusWithReturnAndRefusesAShortName() throws {
      try MainActor.assumeIsolated {
        let model = DemoModel()
        let ui = show(width: DemoApp.width, height: DemoApp.height) { DemoView(model: model) }

        let username = try ui.find(TextField.self, label: "Username")
        let password = try ui.find(SecureField.self, label: "Password")
        XCTAssertTrue(username.isFocused, ".defaultFocus on the first frame")
        XCTAssertEqual(username.title, "ada")  // the placeholder

        username.type("ad")
        XCTAssertEqual(model.username, "ad")
        ui.press(.tab)
        XCTAssertTrue(password.isFocused)
        password.type("opensesame")
        XCTAssertEqual(password.text, "opensesame")

        // Return in the last field signs in; "ad" is too short: focus goes back.
        ui.press(.return)
        XCTAssertTrue(username.isFocused)
        XCTAssertEqual(
          try ui.find(Text.self, title: "Username needs at least 3 characters and no spaces.")
            .isEnabled, true)

        username.type("a")
        ui.press(.return)  // Return in the username moves on
        XCTAssertTrue(password.isFocused)
        ui.press(.return)
        XCTAssertEqual(model.status.text, "Signed in as ada.")

        try ui.find(Button<Text>.self, title: "Done").tap()
        XCTAssertNil(ui.focusedView, "Done assigns nil: nothing holds focus")
      }
    }

    // Issue 37: what a screen reader meets in the demo.
    func testEveryControlOfTheDemoHasANameAndARefusedSignInIsAnnounced() throws {
      try MainActor.assumeIsolated {
        let model = DemoModel()
        let ui = show(width: DemoApp.width, height: DemoApp.height) { DemoView(model: model) }
        XCTAssertEqual(widgetsNamedByTheirType(in: ui.window), [])
        XCTAssertEqual(unnamedControls(in: ui.window), [])
        let username = try ui.find(TextField.self, label: "Username").accessibility
        XCTAssertEqual(username.announcement, "Username. text-box. ada")
        XCTAssertNoThrow(try ui.find(label: "Focus row 1"))

        ui.press(.tab)
        let refused = announcements { ui.press(.return) }
        XCTAssertEqual(refused, ["Username needs at least 3 characters and no spaces."])
      }
    }

    // Issue 37, item 7: at each step of the demo's tour, what a screen reader announces as
    // focus arrives: the focused control's name, role and placeholder (GTK's accessible
    // tree, read in-process; `AccessibleElement.announcement`).
    func testEachTourStepAnnouncesTheFocusedControlByItsName() throws {
      try MainActor.assumeIsolated {
        let model = DemoModel()
        let ui = show(width: DemoApp.width, height: DemoApp.height) { DemoView(model: model) }
        var heard: [String] = []
        @MainActor func step(_ name: String) {
          MainLoop.drain()
          let focused = ui.focusedView?.accessibility.announcement ?? "(nothing focused)"
          heard.append("\(name): \(focused)")
        }
        step("initial-focus")
        ui.press(.tab)
        step("tab-to-password")
        ui.press(.return)
        step("submit-refused")
        model.dismissFocus()
        step("done-dismissed")
        model.toggleLegacyFirstResponder()
        step("legacy-first-responder")
        model.focusRow(2)
        step("row-focused")
        model.openSettings()
        step("settings-page")
        ui.press(.tab)
        step("settings-tab")
        model.pages = []
        step("page-popped")
        model.openLibrary()
        step("library-page")
        XCTAssertEqual(
          heard,
          [
            "initial-focus: Username. text-box. ada",
            "tab-to-password: Password. text-box. At least 8 characters",
            "submit-refused: Username. text-box. ada",
            "done-dismissed: (nothing focused)",
            "legacy-first-responder: Legacy text field. text-box",
            "row-focused: Row 2. text-box",
            "settings-page: Display name. text-box",
            "settings-tab: Email. text-box",
            "page-popped: Row 2. text-box",
            "library-page: Filter 100,000 books. text-box",
          ])
        XCTAssertFalse(heard.contains { $0.contains("Gtk") }, "no GTK type name is read")
      }
    }

    func testTheDisabledFieldRefusesFocusAndTheStateSaysWhereFocusIs() throws {
      try MainActor.assumeIsolated {
        let model = DemoModel()
        let ui = show(width: DemoApp.width, height: DemoApp.height) { DemoView(model: model) }
        let locked = ui.views.first { !$0.isEnabled && $0.text == model.locked }
        XCTAssertNotNil(
          locked,
          "the disabled field, found by its text:\n"
            + ui.views.map(\.summary).joined(separator: "\n"))

        try ui.find(Button<Text>.self, title: "Focus the disabled field").tap()
        XCTAssertEqual(locked?.isFocused, false)
        XCTAssertTrue(try ui.find(TextField.self, label: "Username").isFocused)
        XCTAssertEqual(model.focusedField, .username)
        XCTAssertTrue(model.lockedRefused)
      }
    }

    func testAMissingViewIsReportedWithWhatTheWindowHas() throws {
      try MainActor.assumeIsolated {
        let ui = show { DemoView(model: DemoModel()) }
        XCTAssertThrowsError(try ui.find(Button<Text>.self, title: "Sign out")) { error in
          let text = "\(error)"
          XCTAssertTrue(text.hasPrefix("no Button<Text> titled \"Sign out\""), text)
          XCTAssertTrue(text.contains("Button<Text>, title \"Sign in\""), text)
        }
      }
    }
  }
#endif
