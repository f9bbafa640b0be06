import CGtk
import XCTest

@testable import GtkBridge

/// The initialisers people copy from SwiftUI code, and what GTK ends up with.
final class InitialiserTests: GtkTestCase, @unchecked Sendable {
  @MainActor final class Probe {
    var widgets: [String: Widget] = [:]
    var events: [String] = []
  }

  private func typeName(_ widget: UnsafeMutablePointer<GtkWidget>?) -> String {
    guard let widget else { return "nil" }
    let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
    return String(cString: g_type_name_from_instance(instance))
  }

  func testButtonsWithLabelViewsAndRoles() {
    MainActor.assumeIsolated {
      let probe = Probe()
      show(
        host {
          VStack {
            Button {
              probe.events.append("label")
            } label: {
              Text("Tap me!")
            }
            .configure { probe.widgets["label"] = $0 }
            Button(action: { probe.events.append("two") }) {
              HStack {
                Text("A")
                Text("B")
              }
            }
            .configure { probe.widgets["two"] = $0 }
            Button("Delete", role: .destructive) { probe.events.append("delete") }
              .configure { probe.widgets["delete"] = $0 }
          }
        })
      let label = probe.widgets["label"] as! ButtonWidget
      let child = gtk_button_get_child(label.pointer.cast(to: GtkButton.self))
      XCTAssertEqual(typeName(child), "GtkLabel")
      XCTAssertEqual(String(cString: gtk_label_get_text(OpaquePointer(child))), "Tap me!")
      label.simulateClick()
      let two = probe.widgets["two"] as! ButtonWidget
      XCTAssertEqual(
        typeName(gtk_button_get_child(two.pointer.cast(to: GtkButton.self))), "GtkBridgeBox")
      two.simulateClick()
      let delete = probe.widgets["delete"] as! ButtonWidget
      XCTAssertTrue(delete.hasCSSClass("destructive-action"))
      XCTAssertEqual(delete.label, "Delete")
      delete.simulateClick()
      MainLoop.drain()
      XCTAssertEqual(probe.events, ["label", "two", "delete"])
    }
  }

  func testPromptsAndLabelViewsBecomePlaceholders() {
    MainActor.assumeIsolated {
      let probe = Probe()
      show(
        host {
          VStack {
            TextField("Username", text: .constant(""), prompt: Text("Required"))
              .configure { probe.widgets["prompt"] = $0 }
            TextField(text: .constant("")) { Text("Label only") }
              .configure { probe.widgets["label"] = $0 }
            SecureField(text: .constant(""), prompt: Text("Secret")) { Text("Password") }
              .configure { probe.widgets["secure"] = $0 }
          }
        })
      XCTAssertEqual((probe.widgets["prompt"] as? EditableWidget)?.placeholderText, "Required")
      XCTAssertEqual((probe.widgets["label"] as? EditableWidget)?.placeholderText, "Label only")
      XCTAssertEqual((probe.widgets["secure"] as? EditableWidget)?.placeholderText, "Secret")
    }
  }

  func testOnEditingChangedFollowsFocusAndOnCommitRunsOnReturn() {
    MainActor.assumeIsolated {
      let probe = Probe()
      let model = FieldModel()
      show(
        host {
          VStack {
            TextField(
              "Name", text: Binding(get: { model.text }, set: { model.text = $0 }),
              onEditingChanged: { probe.events.append("editing \($0)") },
              onCommit: { probe.events.append("commit") }
            )
            .configure { probe.widgets["name"] = $0 }
            SecureField(
              "Password", text: .constant(""), onCommit: { probe.events.append("secure") }
            )
            .configure { probe.widgets["secure"] = $0 }
          }
        })
      let name = probe.widgets["name"] as! Entry
      let secure = probe.widgets["secure"] as! PasswordEntry
      XCTAssertTrue(name.grabFocus())
      MainLoop.drain()
      name.simulateTyping("Ada")
      name.simulateReturn()
      MainLoop.drain()
      XCTAssertTrue(secure.grabFocus())
      MainLoop.drain()
      secure.simulateReturn()
      MainLoop.drain()
      XCTAssertEqual(model.text, "Ada")
      XCTAssertEqual(probe.events, ["editing true", "commit", "editing false", "secure"])
    }
  }

  struct ScoreView: View {
    @State var score = 7
    let probe: Probe
    var body: some View {
      VStack {
        TextField("Score", value: $score, format: .number)
          .configure { probe.widgets["score"] = $0 }
        Text("Your score was \(score).").configure { probe.widgets["text"] = $0 }
        Button("Reset") { score = 0 }.configure { probe.widgets["reset"] = $0 }
      }
    }
  }

  func testNumberFieldKeepsWhatTheUserTypedWhileItDoesNotParse() {
    MainActor.assumeIsolated {
      let probe = Probe()
      show(host { ScoreView(probe: probe) })
      let entry = probe.widgets["score"] as! Entry
      let text = { (probe.widgets["text"] as! LabelWidget).text }
      XCTAssertEqual(entry.text, "7")
      entry.simulateTyping("2")
      MainLoop.drain()
      XCTAssertEqual(text(), "Your score was 72.")
      entry.text = ""
      MainLoop.drain()
      XCTAssertEqual(entry.text, "", "an empty field stays empty while the user types")
      XCTAssertEqual(text(), "Your score was 72.", "text that does not parse keeps the value")
      entry.simulateTyping("-")
      MainLoop.drain()
      XCTAssertEqual(entry.text, "-")
      entry.simulateTyping("5")
      MainLoop.drain()
      XCTAssertEqual(text(), "Your score was -5.")
      entry.text = "0012"
      MainLoop.drain()
      XCTAssertEqual(text(), "Your score was 12.")
      XCTAssertEqual(entry.text, "0012", "what the user typed stays while typing")
      entry.simulateReturn()
      MainLoop.drain()
      XCTAssertEqual(entry.text, "12", "Return shows the value formatted")
      (probe.widgets["reset"] as! ButtonWidget).simulateClick()
      MainLoop.drain()
      XCTAssertEqual(entry.text, "0", "a value set by the app replaces the typed text")
    }
  }

  func testToggleWithALabelViewAndMultilineTextAlignment() {
    MainActor.assumeIsolated {
      let probe = Probe()
      show(
        host {
          VStack {
            Toggle(isOn: .constant(true)) { Text("Enable Notifications") }
              .configure { probe.widgets["toggle"] = $0 }
            TextField("Amount", text: .constant("12")).multilineTextAlignment(.trailing)
              .configure { probe.widgets["amount"] = $0 }
            Text("Centred\nlines").multilineTextAlignment(.center)
              .configure { probe.widgets["label"] = $0 }
          }
        })
      XCTAssertEqual((probe.widgets["toggle"] as! ToggleWidget).label, "Enable Notifications")
      XCTAssertEqual(gtk_editable_get_alignment(OpaquePointer(probe.widgets["amount"]!.pointer)), 1)
      let label = OpaquePointer(probe.widgets["label"]!.pointer)
      XCTAssertEqual(gtk_label_get_justify(label), GTK_JUSTIFY_CENTER)
    }
  }

  func testOnChangeWithOneArgumentAndWindowGroupWithoutATitle() {
    MainActor.assumeIsolated {
      let probe = Probe()
      let model = FieldModel()
      show(
        host {
          Text(model.text).onChange(of: model.text) { newValue in
            probe.events.append(newValue)
          }
        })
      model.text = "a"
      MainLoop.drain()
      model.text = "ab"
      MainLoop.drain()
      XCTAssertEqual(probe.events, ["a", "ab"])
      let group = WindowGroup { Text("x") }
      XCTAssertEqual(group.title, ProcessInfo.processInfo.processName)
    }
  }
}
