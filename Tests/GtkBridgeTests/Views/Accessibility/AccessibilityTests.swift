import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

@MainActor
@Observable
final class AccessibilityModel {
  var name = ""
  var hidden = false
}

/// The accessibility modifiers, read back through GTK's accessibility tree (GTK_A11Y=test).
final class AccessibilityTests: GtkBridgeTestCase, @unchecked Sendable {
  func testHintValueAndTraitsReachTheAccessibleProperties() throws {
    try MainActor.assumeIsolated {
      let ui = show {
        VStack {
          Button("Sign in") {}
            .accessibilityHint("Checks the name and password")
          Text("3 of 10")
            .accessibilityValue("three of ten")
            .accessibilityAddTraits(.isSelected)
        }
      }
      let button = try ui.find(Button<Text>.self, title: "Sign in").widget
      XCTAssertTrue(
        button.accessibleProperty(
          GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, is: "Checks the name and password"))
      let text = try ui.find(Text.self).widget
      XCTAssertTrue(text.accessibleProperty(GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, is: "three of ten"))
      XCTAssertTrue(text.accessibleState(GTK_ACCESSIBLE_STATE_SELECTED, is: 1))
      XCTAssertFalse(button.hasAccessibleProperty(GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT))
    }
  }

  // Issue 37, item 4: role traits become GTK's roles, a heading gets its level, and the
  // selected state follows the traits added and removed.
  func testRoleTraitsAndHeadingsAreGTKsRolesAndLevels() throws {
    try MainActor.assumeIsolated {
      let model = AccessibilityModel()
      let ui = show {
        VStack {
          Text("Account").accessibilityAddTraits(.isHeader)
          Text("Settings").accessibilityHeading(.h2)
          Text("Open the site").accessibilityAddTraits([.isLink, .isSelected])
          Image(systemName: "star").accessibilityAddTraits(.isButton)
          Text("Summary").accessibilityAddTraits([.isSummaryElement, .playsSound])
          Text("Chosen")
            .accessibilityAddTraits(.isSelected)
            .accessibilityRemoveTraits(model.hidden ? .isSelected : [])
        }
      }
      let role = { (title: String) in try ui.find(Text.self, title: title).widget.accessibleRole }
      XCTAssertEqual(try role("Account"), GTK_ACCESSIBLE_ROLE_HEADING)
      XCTAssertEqual(try role("Settings"), GTK_ACCESSIBLE_ROLE_HEADING)
      XCTAssertTrue(
        try ui.find(Text.self, title: "Settings").widget.accessibleProperty(
          GTK_ACCESSIBLE_PROPERTY_LEVEL, is: 2))
      XCTAssertEqual(try role("Open the site"), GTK_ACCESSIBLE_ROLE_LINK)
      XCTAssertTrue(
        try ui.find(Text.self, title: "Open the site").widget.accessibleState(
          GTK_ACCESSIBLE_STATE_SELECTED, is: 1))
      XCTAssertEqual(try ui.find(Image.self).widget.accessibleRole, GTK_ACCESSIBLE_ROLE_BUTTON)
      XCTAssertEqual(try role("Summary"), GTK_ACCESSIBLE_ROLE_LABEL, "no GTK counterpart")
      let chosen = try ui.find(Text.self, title: "Chosen").widget
      XCTAssertTrue(chosen.accessibleState(GTK_ACCESSIBLE_STATE_SELECTED, is: 1))
      model.hidden = true
      MainLoop.drain()
      XCTAssertTrue(chosen.accessibleState(GTK_ACCESSIBLE_STATE_SELECTED, is: 0))
    }
  }

  // A role trait added to a view already shown: GTK fixes a role once shown, so the role
  // stays, with one warning that says what to do; no GTK critical.
  func testARoleTraitAddedToAShownViewKeepsTheRoleAndWarnsOnce() throws {
    try MainActor.assumeIsolated {
      var warnings: [String] = []
      Log.observer = { warnings.append($0) }
      defer { Log.observer = nil }
      let model = AccessibilityModel()
      let ui = show {
        Text("Title").accessibilityAddTraits(model.hidden ? .isHeader : [])
      }
      let text = try ui.find(Text.self).widget
      XCTAssertEqual(text.accessibleRole, GTK_ACCESSIBLE_ROLE_LABEL)
      model.hidden = true
      MainLoop.drain()
      XCTAssertEqual(text.accessibleRole, GTK_ACCESSIBLE_ROLE_LABEL)
      XCTAssertEqual(warnings.filter { $0.contains("accessibilityAddTraits") }.count, 1)
    }
  }

  // `.updatesFrequently`: each new text the view shows is announced, as a live region is
  // (spoken on GTK 4.14 and later; recorded on every version).
  func testAViewThatUpdatesFrequentlyAnnouncesEachNewText() throws {
    try MainActor.assumeIsolated {
      let model = AccessibilityModel()
      let ui = show {
        VStack {
          Text(model.name).accessibilityAddTraits(.updatesFrequently)
          Text("Static \(model.name)")
        }
      }
      _ = ui
      let spoken = announcements(during: {
        model.name = "The name is too short"
        MainLoop.drain()
        model.name = ""
        MainLoop.drain()
        model.name = "Saved"
        MainLoop.drain()
      })
      XCTAssertEqual(spoken, ["The name is too short", "Saved"], "empty text is not spoken")
    }
  }

  func testAFieldThatFailsValidationIsMarkedInvalidAndHiddenFollowsState() throws {
    try MainActor.assumeIsolated {
      let model = AccessibilityModel()
      @MainActor func form() -> some View {
        TextField("Username", text: Binding(get: { model.name }, set: { model.name = $0 }))
          .accessibilityInvalid(model.name.count < 3)
          .accessibilityHidden(model.hidden)
      }
      let ui = show { form() }
      let field = try ui.find(TextField.self, title: "Username")
      XCTAssertTrue(field.widget.accessibleState(GTK_ACCESSIBLE_STATE_INVALID, is: 1))
      XCTAssertFalse(field.widget.accessibleState(GTK_ACCESSIBLE_STATE_HIDDEN, is: 1))

      field.type("ada")
      XCTAssertTrue(field.widget.accessibleState(GTK_ACCESSIBLE_STATE_INVALID, is: 0))
      model.hidden = true
      MainLoop.drain()
      XCTAssertTrue(field.widget.accessibleState(GTK_ACCESSIBLE_STATE_HIDDEN, is: 1))
    }
  }

  func testAnElementThatIgnoresItsChildrenHidesThemFromAssistiveTechnologies() throws {
    try MainActor.assumeIsolated {
      let ui = show {
        VStack {
          HStack {
            Text("Total")
            Text("12 €")
          }
          .accessibilityElement(children: .ignore)
          .accessibilityLabel("Total: 12 euros")
          Text("Outside")
        }
      }
      let total = try ui.find(Text.self, title: "Total").widget
      let amount = try ui.find(Text.self, title: "12 €").widget
      let outside = try ui.find(Text.self, title: "Outside").widget
      XCTAssertTrue(total.accessibleState(GTK_ACCESSIBLE_STATE_HIDDEN, is: 1))
      XCTAssertTrue(amount.accessibleState(GTK_ACCESSIBLE_STATE_HIDDEN, is: 1))
      XCTAssertFalse(outside.accessibleState(GTK_ACCESSIBLE_STATE_HIDDEN, is: 1))
      // The stack's own box carries the label.
      XCTAssertTrue(hasAccessibleLabel(gtk_widget_get_parent(total.pointer)!, "Total: 12 euros"))
      XCTAssertFalse(
        Widget(retaining: gtk_widget_get_parent(total.pointer)!).accessibleState(
          GTK_ACCESSIBLE_STATE_HIDDEN, is: 1))
    }
  }

  // `.combine`: the element is labelled by the texts inside it, which are hidden themselves
  // (GTK 4.14 changed how such a relation is set; both ways are taken).
  func testAnElementThatCombinesItsChildrenIsLabelledByTheirTexts() throws {
    try MainActor.assumeIsolated {
      let ui = show {
        VStack {
          HStack {
            Text("Length")
            Text("10 minutes")
          }
          .accessibilityElement(children: .combine)
          Text("Outside")
        }
      }
      let length = try ui.find(Text.self, title: "Length").widget
      let minutes = try ui.find(Text.self, title: "10 minutes").widget
      let element = Widget(retaining: gtk_widget_get_parent(length.pointer)!)
      XCTAssertTrue(element.hasAccessibleRelation(GTK_ACCESSIBLE_RELATION_LABELLED_BY))
      XCTAssertTrue(length.accessibleState(GTK_ACCESSIBLE_STATE_HIDDEN, is: 1))
      XCTAssertTrue(minutes.accessibleState(GTK_ACCESSIBLE_STATE_HIDDEN, is: 1))
      let outside = try ui.find(Text.self, title: "Outside").widget
      XCTAssertFalse(outside.hasAccessibleRelation(GTK_ACCESSIBLE_RELATION_LABELLED_BY))
    }
  }

  // Issue 35, case 7: a screen reader read an empty panel. The element had no label of its
  // own, and GTK 4.10 and later make a box GENERIC, a role whose label and labelled-by
  // relation GTK's name computation skips.
  func testACombinedElementIsNamedByItsTextsJoinedAndIsNoGenericContainer() throws {
    try MainActor.assumeIsolated {
      let model = AccessibilityModel()
      model.name = "10 minutes"
      let ui = show {
        VStack {
          HStack {
            Text("Length")
            Text(model.name)
          }
          .accessibilityElement(children: .combine)
          HStack {
            Text("Total")
            Text("12 €")
          }
          .accessibilityElement(children: .combine)
          .accessibilityLabel("Total: 12 euros")
        }
      }
      let length = try ui.find(Text.self, title: "Length").widget
      let element = Widget(retaining: gtk_widget_get_parent(length.pointer)!)
      XCTAssertTrue(element.hasAccessibleLabel("Length, 10 minutes"))
      XCTAssertNotEqual(element.accessibleRole, GTK_ACCESSIBLE_ROLE_GENERIC)
      XCTAssertTrue(element.hasAccessibleRelation(GTK_ACCESSIBLE_RELATION_LABELLED_BY))
      model.name = "12 minutes"
      MainLoop.drain()
      XCTAssertTrue(element.hasAccessibleLabel("Length, 12 minutes"), "the label follows")
      // A label of the app's own is what is read.
      let totalText = try ui.find(Text.self, title: "Total").widget
      let total = Widget(retaining: gtk_widget_get_parent(totalText.pointer)!)
      XCTAssertTrue(total.hasAccessibleLabel("Total: 12 euros"))
      XCTAssertFalse(total.hasAccessibleRelation(GTK_ACCESSIBLE_RELATION_LABELLED_BY))
      XCTAssertNotEqual(total.accessibleRole, GTK_ACCESSIBLE_ROLE_GENERIC)
    }
  }

  // Issue 35, case 7, with real keys: the user types a new length into a field; the combined
  // element's name follows it.
  func testACombinedElementsNameFollowsAValueTypedWithRealKeys() throws {
    guard try runsInChildProcess(in: "AccessibilityTests") else { return }
    try MainActor.assumeIsolated {
      let model = AccessibilityModel()
      model.name = "10"
      let ui = show {
        VStack {
          HStack {
            Text("Length")
            Text("\(model.name) minutes")
          }
          .accessibilityElement(children: .combine)
          TextField("Minutes", text: Bindable(model).name)
        }
      }
      let length = try ui.find(Text.self, title: "Length").widget
      let element = Widget(retaining: gtk_widget_get_parent(length.pointer)!)
      XCTAssertTrue(element.hasAccessibleLabel("Length, 10 minutes"))
      try xdotool(on: ui.window, ["key", "ctrl+a"])
      try xdotool(on: ui.window, ["type", "--delay", "30", "25"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.name == "25" }, model.name)
      MainLoop.drain()
      XCTAssertTrue(element.hasAccessibleLabel("Length, 25 minutes"))
    }
  }

  // Issue 35 (seen in screenshots): a button showing only an image had no name, so a screen
  // reader read "button". SwiftUI names it by its symbol.
  func testAnImageOnlyButtonIsNamedByItsSymbolAndAnAccessibilityLabelWins() throws {
    try MainActor.assumeIsolated {
      let model = AccessibilityModel()
      let ui = show {
        HStack {
          Button {
          } label: {
            Image(systemName: model.hidden ? "minus" : "plus")
          }
          Button {
          } label: {
            Image(systemName: "trash")
          }
          .accessibilityLabel("Delete all")
          Button {
          } label: {
            Image(systemName: "folder.badge.plus")
          }
          Button {
          } label: {
            Label("Favourites", systemImage: "star")
          }
        }
      }
      let buttons = ui.findAll(Button<Image>.self).map(\.widget)
      XCTAssertEqual(buttons.count, 3)
      XCTAssertTrue(buttons[0].hasAccessibleLabel("Add"))
      XCTAssertTrue(buttons[1].hasAccessibleLabel("Delete all"))
      XCTAssertTrue(buttons[2].hasAccessibleLabel("folder badge plus"))
      model.hidden = true
      MainLoop.drain()
      XCTAssertTrue(buttons[0].hasAccessibleLabel("Remove"), "the name follows the symbol")
      // A button with text is named by its text, not by its icon.
      let favourites = try XCTUnwrap(ui.findAll(Button<Label>.self).first).widget
      XCTAssertFalse(favourites.hasAccessibleLabel("star"))
      XCTAssertEqual(favourites.accessibility.name, "Favourites")
    }
  }

  // Issue 37: an error a form shows after a refused submit was never spoken.
  func testAnAnnouncementIsPostedAndSpokenWhereGTKCanSpeakIt() throws {
    try MainActor.assumeIsolated {
      let model = AccessibilityModel()
      let ui = show {
        VStack {
          TextField("Username", text: Binding(get: { model.name }, set: { model.name = $0 }))
          Button("Sign in") {
            if model.name.count < 3 {
              AccessibilityNotification.Announcement("The name is too short").post()
            }
          }
        }
      }
      let spoken = try announcements { try ui.find(title: "Sign in").tap() }
      XCTAssertEqual(spoken, ["The name is too short"])
      let versionSpeaks = gtk_get_major_version() > 4 || gtk_get_minor_version() >= 14
      XCTAssertEqual(AccessibilityNotification.Announcement.isSpoken, versionSpeaks)
      try ui.find(TextField.self).type("Ada")
      XCTAssertEqual(try announcements { try ui.find(title: "Sign in").tap() }, [])
    }
  }
}
