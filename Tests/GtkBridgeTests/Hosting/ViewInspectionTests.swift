import GtkBridge
import GtkBridgeTesting
import Observation
import XCTest

@MainActor
@Observable
final class InspectionModel {
  var name = ""
  var notes = ""
  var remember = false
  var count = 1.0
  var submits = 0
}

/// A text view bound to a string, for typing through the inspection API.
struct NotesView: WidgetRepresentable {
  @Binding var text: String

  @MainActor final class Coordinator {
    var text: Binding<String>
    var changed: SignalConnection?
    init(text: Binding<String>) { self.text = text }
  }

  func makeCoordinator() -> Coordinator { Coordinator(text: $text) }

  func makeWidget(context: Context) -> Widget {
    let view = Widget(retaining: gtk_text_view_new())
    let buffer = gtk_text_view_get_buffer(view.pointer(as: GtkTextView.self))!
    let coordinator = context.coordinator
    coordinator.changed = SignalConnection.connect(buffer, "changed") { [weak coordinator] in
      var start = GtkTextIter()
      var end = GtkTextIter()
      gtk_text_buffer_get_bounds(buffer, &start, &end)
      let characters = gtk_text_buffer_get_text(buffer, &start, &end, 0)!
      defer { g_free(characters) }
      coordinator?.text.setFromWidget(String(cString: characters))
    }
    return view
  }

  func updateWidget(_ view: Widget, context: Context) {}
}

/// Counts Escape presses that reach a key controller on the window.
@MainActor
enum EscapeCounter {
  static var count = 0
}

/// The inspection API on the built-in controls and on a representable of the user's.
final class ViewInspectionTests: GtkBridgeTestCase, @unchecked Sendable {
  func testFindTypeTapAndReadBackAcrossControls() throws {
    try MainActor.assumeIsolated {
      let model = InspectionModel()
      let ui = show {
        VStack {
          TextField("Name", text: Binding(get: { model.name }, set: { model.name = $0 }))
          Toggle(
            "Remember me", isOn: Binding(get: { model.remember }, set: { model.remember = $0 }))
          NotesView(text: Binding(get: { model.notes }, set: { model.notes = $0 }))
          Text(model.name.isEmpty ? "Nobody" : "Hello, \(model.name)")
        }
        .onSubmit { model.submits += 1 }
      }
      XCTAssertEqual(ui.views.count, 4)
      let name = try ui.find(TextField.self, title: "Name")
      name.type("ada")
      XCTAssertEqual(name.text, "ada")
      XCTAssertEqual(model.name, "ada")
      XCTAssertTrue(name.isFocused)
      XCTAssertEqual(try ui.find(Text.self).text, "Hello, ada")
      name.backspace()
      XCTAssertEqual(model.name, "ad")

      ui.press(.return)
      XCTAssertEqual(model.submits, 1, "Return in a text field runs .onSubmit")

      let toggle = try ui.find(title: "Remember me")
      XCTAssertEqual(toggle.isOn, false)
      toggle.tap()
      XCTAssertEqual(toggle.isOn, true)
      XCTAssertTrue(model.remember)

      let notes = try ui.find(NotesView.self)
      notes.type("hi")
      XCTAssertEqual(notes.text, "hi")
      XCTAssertEqual(model.notes, "hi")
      XCTAssertTrue(notes.isFocused)
      XCTAssertEqual(ui.focusedView?.widget === notes.widget, true)

      ui.press(.shiftTab)
      XCTAssertTrue(toggle.isFocused, "Shift-Tab moves focus back from the text view")
    }
  }

  func testAmbiguousAndMissingViewsThrowWithAListOfTheWindow() throws {
    try MainActor.assumeIsolated {
      let ui = show {
        VStack {
          TextField("A", text: .constant(""))
          TextField("B", text: .constant(""))
        }
      }
      XCTAssertThrowsError(try ui.find(TextField.self)) { error in
        XCTAssertTrue("\(error)".hasPrefix("2 views match TextField"), "\(error)")
      }
      XCTAssertThrowsError(try ui.find(label: "C")) { error in
        XCTAssertTrue("\(error)".contains("TextField<Text>, title \"B\""), "\(error)")
      }
      XCTAssertEqual(ui.findAll(TextField.self).map(\.title), ["A", "B"])
    }
  }

  func testEscapeReachesTheKeyControllersAroundTheFocus() throws {
    try MainActor.assumeIsolated {
      let ui = show { TextField("Search", text: .constant("")) }
      // A key controller on the window, as an app's Escape handler would install one.
      let controller = gtk_event_controller_key_new()!
      let handler:
        @convention(c) (OpaquePointer?, guint, guint, GdkModifierType, gpointer?) ->
          gboolean = { _, keyval, _, _, _ in
            guard keyval == guint(GDK_KEY_Escape) else { return 0 }
            MainActor.assumeIsolated { EscapeCounter.count += 1 }
            return 1
          }
      g_signal_connect_data(
        UnsafeMutableRawPointer(controller), "key-pressed",
        unsafeBitCast(handler, to: GCallback.self),
        nil, nil,
        GConnectFlags(0))
      gtk_widget_add_controller(ui.window.pointer, controller)
      EscapeCounter.count = 0
      try ui.find(TextField.self).press(.escape)
      XCTAssertEqual(EscapeCounter.count, 1)
    }
  }
}
