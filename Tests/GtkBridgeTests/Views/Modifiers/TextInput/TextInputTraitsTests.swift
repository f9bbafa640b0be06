import CGtk
import XCTest

@testable import GtkBridge

/// iOS text-input modifiers and UIKit's text-field names, as GTK input purposes, hints and
/// properties.
final class TextInputTraitsTests: GtkTestCase, @unchecked Sendable {
  @MainActor final class Probe {
    var widgets: [String: Widget] = [:]
  }

  func testModifiersSetInputPurposeAndHintsOnEveryFieldInside() {
    MainActor.assumeIsolated {
      let probe = Probe()
      show(
        host {
          VStack {
            TextField("Amount", text: .constant("")).keyboardType(.decimalPad)
              .configure { probe.widgets["amount"] = $0 }
            TextField("Email", text: .constant("")).textContentType(.emailAddress)
              .configure { probe.widgets["email"] = $0 }
            TextField("PIN", text: .constant("")).keyboardType(.numberPad)
              .configure { probe.widgets["pin"] = $0 }
            VStack {
              TextField("User", text: .constant("")).configure { probe.widgets["user"] = $0 }
              SecureField("Password", text: .constant(""))
                .configure { probe.widgets["password"] = $0 }
            }
            .textInputAutocapitalization(.never)
            .disableAutocorrection(true)
            TextField("Name", text: .constant("")).textContentType(.givenName)
              .autocorrectionDisabled()
              .configure { probe.widgets["name"] = $0 }
          }
        })
      @MainActor func entry(_ name: String) -> UnsafeMutablePointer<GtkEntry> {
        probe.widgets[name]!.pointer.cast(to: GtkEntry.self)
      }
      // GtkEntry's own input-purpose property, which input methods read.
      XCTAssertEqual(gtk_entry_get_input_purpose(entry("amount")), GTK_INPUT_PURPOSE_NUMBER)
      XCTAssertEqual(gtk_entry_get_input_purpose(entry("email")), GTK_INPUT_PURPOSE_EMAIL)
      XCTAssertEqual(gtk_entry_get_input_purpose(entry("pin")), GTK_INPUT_PURPOSE_DIGITS)
      let user = InputHints(rawValue: gtk_entry_get_input_hints(entry("user")).rawValue)
      XCTAssertEqual(user, [.lowercase, .noSpellcheck])
      let password = (probe.widgets["password"] as! EditableWidget).inputHints
      XCTAssertEqual(password, [.lowercase, .noSpellcheck], "a password field inside too")
      XCTAssertEqual(gtk_entry_get_input_purpose(entry("name")), GTK_INPUT_PURPOSE_NAME)
      let name = InputHints(rawValue: gtk_entry_get_input_hints(entry("name")).rawValue)
      XCTAssertEqual(name, [.uppercaseWords, .noSpellcheck], "two modifiers, two families")
    }
  }

  /// As in SwiftUI, the nearest traits modifier wins: a field's own `.keyboardType` and
  /// `.autocorrectionDisabled(false)` inside a group that sets others. A content type's
  /// hints yield to an explicit choice above it. A change of the group's choice reaches its
  /// fields, except those that decide for themselves.
  func testTheNearestTraitsWinAndAChangeReachesTheFieldsBelow() {
    MainActor.assumeIsolated {
      let probe = Probe()
      let model = TraitsModel()
      show(
        host {
          VStack {
            TextField("Own", text: .constant("")).keyboardType(.numberPad)
              .autocorrectionDisabled(false)
              .configure { probe.widgets["own"] = $0 }
            TextField("Group", text: .constant("")).configure { probe.widgets["group"] = $0 }
            TextField("Name", text: .constant("")).textContentType(.givenName)
              .configure { probe.widgets["name"] = $0 }
          }
          .keyboardType(.emailAddress)
          .autocorrectionDisabled(model.noCorrection)
        })
      @MainActor func purpose(_ name: String) -> GtkInputPurpose {
        gtk_entry_get_input_purpose(probe.widgets[name]!.pointer.cast(to: GtkEntry.self))
      }
      @MainActor func hints(_ name: String) -> InputHints {
        InputHints(
          rawValue: gtk_entry_get_input_hints(probe.widgets[name]!.pointer.cast(to: GtkEntry.self))
            .rawValue)
      }
      XCTAssertEqual(purpose("own"), GTK_INPUT_PURPOSE_DIGITS)
      XCTAssertEqual(purpose("group"), GTK_INPUT_PURPOSE_EMAIL)
      XCTAssertEqual(purpose("name"), GTK_INPUT_PURPOSE_NAME)
      XCTAssertEqual(hints("own"), [])
      XCTAssertEqual(hints("group"), [.noSpellcheck])
      XCTAssertEqual(hints("name"), [.uppercaseWords, .noSpellcheck])
      model.noCorrection = false
      MainLoop.drain()
      XCTAssertEqual(hints("own"), [])
      XCTAssertEqual(hints("group"), [])
      XCTAssertEqual(hints("name"), [.uppercaseWords])
      model.noCorrection = true
      MainLoop.drain()
      XCTAssertEqual(hints("group"), [.noSpellcheck])
      XCTAssertEqual(hints("name"), [.uppercaseWords, .noSpellcheck])
    }
  }

  func testTheSeedsBonusClosureAndUIKitNamesOnEntry() {
    MainActor.assumeIsolated {
      let model = FieldModel()
      model.text = "hello"
      let probe = Probe()
      show(
        host {
          VStack {
            // The seed's "Bonus" closure, unchanged.
            LegacyTextField(
              text: Binding(get: { model.text }, set: { model.text = $0 }),
              isFirstResponder: Binding(get: { model.focused }, set: { model.focused = $0 })
            ) {
              $0.textColor = .red
              $0.tintColor = .blue
              probe.widgets["bonus"] = $0
            }
            LegacyTextField(text: .constant("secret"), isFirstResponder: .constant(false)) {
              $0.placeholder = "Placeholder"
              $0.textAlignment = .center
              $0.isSecureTextEntry = true
              $0.isEnabled = false
              $0.keyboardType = .phonePad
              $0.autocapitalizationType = .words
              $0.autocorrectionType = .no
              $0.returnKeyType = .done
              $0.clearButtonMode = .always
              $0.borderStyle = .none
              $0.font = .systemFont(ofSize: 14)
              $0.backgroundColor = .yellow
              probe.widgets["uikit"] = $0
            }
          }
        })
      let bonus = probe.widgets["bonus"] as! Entry
      XCTAssertEqual(resolvedTextColor(bonus).red, 1)
      XCTAssertEqual(resolvedTextColor(bonus).green, 0)
      XCTAssertEqual(bonus.caretColor, .blue)
      XCTAssertNil(bonus.styleError)
      XCTAssertTrue(styleErrors.isEmpty, "\(styleErrors)")

      let entry = probe.widgets["uikit"] as! Entry
      let gtk = entry.pointer.cast(to: GtkEntry.self)
      XCTAssertEqual(entry.placeholderText, "Placeholder")
      XCTAssertEqual(gtk_entry_get_alignment(gtk), 0.5)
      XCTAssertEqual(gtk_entry_get_visibility(gtk), 0)
      XCTAssertEqual(gtk_widget_get_sensitive(entry.pointer), 0)
      XCTAssertEqual(gtk_entry_get_input_purpose(gtk), GTK_INPUT_PURPOSE_PHONE)
      XCTAssertEqual(
        InputHints(rawValue: gtk_entry_get_input_hints(gtk).rawValue),
        [.uppercaseWords, .noSpellcheck])
      XCTAssertEqual(entry.returnKeyType, .done)
      XCTAssertEqual(
        gtk_entry_get_icon_name(gtk, GTK_ENTRY_ICON_SECONDARY).map { String(cString: $0) },
        "edit-clear-symbolic")
      XCTAssertEqual(gtk_entry_get_has_frame(gtk), 0)
    }
  }

  func testClearButtonFollowsTheTextAndBecomeFirstResponderGoesThroughTheBinding() {
    MainActor.assumeIsolated {
      let model = FieldModel()
      let probe = Probe()
      let become = FieldModel()
      show(
        host {
          LegacyTextField(
            text: Binding(get: { model.text }, set: { model.text = $0 }),
            isFirstResponder: Binding(get: { model.focused }, set: { model.focused = $0 })
          ) {
            $0.clearButtonMode = .whileEditing
            if become.focused { $0.becomeFirstResponder() }
            probe.widgets["field"] = $0
          }
        })
      let entry = probe.widgets["field"] as! Entry
      let gtk = entry.pointer.cast(to: GtkEntry.self)
      @MainActor func icon() -> String? {
        gtk_entry_get_icon_name(gtk, GTK_ENTRY_ICON_SECONDARY).map { String(cString: $0) }
      }
      XCTAssertNil(icon())
      become.focused = true
      MainLoop.drain()
      XCTAssertTrue(model.focused, "becomeFirstResponder() set the isFirstResponder binding")
      XCTAssertTrue(holdsFocus(entry))
      entry.simulateTyping("x")
      MainLoop.drain()
      XCTAssertEqual(icon(), "edit-clear-symbolic", "shown while editing with text")
      become.focused = false
      model.focused = false
      MainLoop.drain()
      XCTAssertFalse(holdsFocus(entry))
      XCTAssertNil(icon(), "hidden when not editing")
    }
  }
}

@MainActor
@Observable
private final class TraitsModel {
  var noCorrection = true
}
