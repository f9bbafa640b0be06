import CGtk
import Foundation
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

private struct TextFieldValueUpdatePerson {
  var name: String
}

@MainActor
@Observable
private final class TextFieldValueUpdateProfile {
  var name: String
  init(name: String) { self.name = name }
}

private struct TextFieldValueUpdateItem: Identifiable {
  let id: Int
  var text: String
}

@MainActor
@Observable
private final class TextFieldValueUpdateModel {
  var text = ""
  var title = "name"
  var prompt: String?
  var label = "Name"
  var locked = false
  var faded = false
  var key = 0
  var shown = true
  var count = 0
  var person = TextFieldValueUpdatePerson(name: "p0")
  var profile = TextFieldValueUpdateProfile(name: "o0")
  var texts = ["t0", "t1", "t2"]
  var items = [
    TextFieldValueUpdateItem(id: 0, text: "i0"), TextFieldValueUpdateItem(id: 1, text: "i1"),
    TextFieldValueUpdateItem(id: 2, text: "i2"),
  ]
  /// Keeps digits only, as a user's `didSet` would.
  var digits = "" {
    didSet {
      let kept = digits.filter(\.isNumber)
      if kept != digits { digits = kept }
    }
  }
  var notes = ""
  var showingSheet = false

  init(text: String = "") {
    self.text = text
  }
}

/// A field whose title, prompt, form label, sensitivity and opacity all come from the model.
private struct Inputs: View {
  @Bindable var model: TextFieldValueUpdateModel

  var body: some View {
    Form {
      TextField(model.label, text: $model.text, prompt: model.prompt.map { Text($0) })
        .disabled(model.locked)
        .opacity(model.faded ? 0 : 1)
      SecureField(model.title, text: $model.notes)
        .disabled(model.locked)
    }
  }
}

/// The form row labels of `window`, in order.
@MainActor
private func rowLabels(_ window: Window) -> [String] {
  gtkTree(window.pointer).filter { hasClass($0, FormRowLabel.rowClass) }.map {
    labelText(gtk_widget_get_first_child($0)!)
  }
}

/// A user's own representable bound to a string: not a built-in control.
private struct PlainEntry: WidgetRepresentable {
  @Binding var text: String

  func makeWidget(context: Context) -> Entry { Entry() }

  func updateWidget(_ entry: Entry, context: Context) {
    if entry.text != text { entry.text = text }
  }
}

private struct TextFieldValueUpdateDetail: View {
  @Bindable var current: TextFieldValueUpdateModel

  var body: some View {
    TextField("detail", text: $current.text)
  }
}

private struct TextFieldValueUpdateSwitcher: View {
  let models: [TextFieldValueUpdateModel]
  @Bindable var chooser: TextFieldValueUpdateModel

  var body: some View {
    TextFieldValueUpdateDetail(current: models[chooser.count])
  }
}

/// The GtkEntry widgets in `window`'s tree (a sheet's too), their texts in order.
@MainActor
private func entryTexts(in window: UnsafeMutablePointer<GtkWidget>) -> [String] {
  gtkTree(window).filter { widgetTypeName($0) == "GtkEntry" }.map {
    String(cString: gtk_editable_get_text(OpaquePointer($0)))
  }
}

/// The toplevel windows transient for `window` and visible.
@MainActor
private func sheets(over window: Window) -> [UnsafeMutablePointer<GtkWidget>] {
  let list = gtk_window_get_toplevels()
  var found: [UnsafeMutablePointer<GtkWidget>] = []
  for index in 0..<g_list_model_get_n_items(list) {
    guard let item = g_list_model_get_item(list, index) else { continue }
    g_object_unref(item)
    let candidate = item.assumingMemoryBound(to: GtkWindow.self)
    let widget = UnsafeMutableRawPointer(candidate).assumingMemoryBound(to: GtkWidget.self)
    if gtk_window_get_transient_for(candidate) == window.window,
      gtk_widget_get_visible(widget) != 0
    {
      found.append(widget)
    }
  }
  return found
}

/// A text field's value-only update shows every write as the full update would.
final class TextFieldValueUpdateTests: GtkTestCase, @unchecked Sendable {
  // MARK: - A value write and a change through the parent, in one action

  func testAValueWrittenWithNewTitlePromptLabelAndSensitivityShowsAllOfThem() throws {
    try MainActor.assumeIsolated {
      let model = TextFieldValueUpdateModel(text: "a")
      let ui = show { Inputs(model: model) }
      let field = try ui.find(TextField.self, title: "Name")
      XCTAssertEqual(field.text, "a")
      XCTAssertEqual(rowLabels(ui.window), ["Name", "name"])
      // The value alone.
      model.text = "b"
      MainLoop.drain()
      XCTAssertEqual(field.text, "b")
      // The value and the label (the title, the row label).
      model.text = "c"
      model.label = "Full name"
      MainLoop.drain()
      XCTAssertEqual(field.text, "c")
      XCTAssertEqual(field.title, "Full name")
      XCTAssertEqual(rowLabels(ui.window), ["Full name", "name"])
      // The label first, then the value.
      model.label = "Given name"
      model.text = "d"
      MainLoop.drain()
      XCTAssertEqual(field.text, "d")
      XCTAssertEqual(field.title, "Given name")
      XCTAssertEqual(rowLabels(ui.window), ["Given name", "name"])
      // The value and a prompt.
      model.text = "e"
      model.prompt = "Required"
      MainLoop.drain()
      XCTAssertEqual(field.text, "e")
      XCTAssertEqual(field.title, "Required")
      XCTAssertEqual(rowLabels(ui.window), ["Given name", "name"])
      // The value and `.disabled`, `.opacity` above it.
      model.text = "f"
      model.locked = true
      model.faded = true
      MainLoop.drain()
      XCTAssertEqual(field.text, "f")
      XCTAssertFalse(field.isEnabled)
      XCTAssertEqual(gtk_widget_get_opacity(field.widget.pointer), 0)
      model.locked = false
      model.text = "g"
      MainLoop.drain()
      XCTAssertEqual(field.text, "g")
      XCTAssertTrue(field.isEnabled)
      // A SecureField: value and title together, then the value alone.
      let secret = try ui.find(SecureField.self, title: "name")
      model.notes = "s1"
      model.title = "pin"
      MainLoop.drain()
      XCTAssertEqual(secret.text, "s1")
      XCTAssertEqual(secret.title, "pin")
      XCTAssertEqual(rowLabels(ui.window), ["Given name", "pin"])
      model.notes = "s2"
      MainLoop.drain()
      XCTAssertEqual(secret.text, "s2")
    }
  }

  func testAValueWrittenWithLabelsHiddenToggledShowsBoth() throws {
    try MainActor.assumeIsolated {
      let model = TextFieldValueUpdateModel(text: "a")
      let ui = show {
        Form {
          if model.locked {
            TextField("Name", text: Bindable(model).text).labelsHidden()
          } else {
            TextField("Name", text: Bindable(model).text)
          }
        }
      }
      XCTAssertEqual(rowLabels(ui.window), ["Name"])
      model.text = "b"
      model.locked = true
      MainLoop.drain()
      XCTAssertEqual(try ui.find(TextField.self, title: "Name").text, "b")
      XCTAssertEqual(rowLabels(ui.window).filter { !$0.isEmpty }, [])
      model.locked = false
      model.text = "c"
      MainLoop.drain()
      XCTAssertEqual(try ui.find(TextField.self, title: "Name").text, "c")
      XCTAssertEqual(rowLabels(ui.window), ["Name"])
    }
  }

  func testAValueWrittenAsTheBindingIsRePointedShowsTheNewModelsValue() throws {
    try MainActor.assumeIsolated {
      let models = [
        TextFieldValueUpdateModel(text: "first"), TextFieldValueUpdateModel(text: "second"),
      ]
      let chooser = TextFieldValueUpdateModel()
      let ui = show { TextFieldValueUpdateSwitcher(models: models, chooser: chooser) }
      let field = try ui.find(TextField.self, title: "detail")
      XCTAssertEqual(field.text, "first")
      // The old model's value and the switch, in one action.
      models[0].text = "first'"
      chooser.count = 1
      MainLoop.drain()
      XCTAssertEqual(field.text, "second")
      // Typing right after goes to the model shown, and its next write shows.
      field.type("?")
      XCTAssertEqual(models[1].text, "second?")
      XCTAssertEqual(models[0].text, "first'")
      models[1].text = "second"
      MainLoop.drain()
      XCTAssertEqual(field.text, "second")
      // The new model's value and the switch back, in one action.
      models[1].text = "second'"
      chooser.count = 0
      MainLoop.drain()
      XCTAssertEqual(field.text, "first'")
      // The model no longer shown changes: the field keeps the one it shows.
      models[1].text = "second''"
      MainLoop.drain()
      XCTAssertEqual(field.text, "first'")
      models[0].text = "first''"
      MainLoop.drain()
      XCTAssertEqual(field.text, "first''")
      // Typing writes the model shown only.
      field.type("!")
      XCTAssertEqual(models[0].text, "first''!")
      XCTAssertEqual(models[1].text, "second''")
    }
  }

  func testAValueWrittenWithANewIDOrTheRowGoneShowsInTheFieldThere() throws {
    try MainActor.assumeIsolated {
      let model = TextFieldValueUpdateModel(text: "a")
      let ui = show {
        VStack {
          if model.shown {
            TextField("keyed", text: Bindable(model).text).id(model.key)
          }
          TextField("plain", text: Bindable(model).notes)
        }
      }
      let first = try ui.find(TextField.self, title: "keyed")
      model.text = "b"
      model.key = 1
      MainLoop.drain()
      let renewed = try ui.find(TextField.self, title: "keyed")
      XCTAssertFalse(first.widget === renewed.widget)
      XCTAssertEqual(renewed.text, "b")
      // The value written, the row removed in the same action, then shown again.
      model.text = "c"
      model.shown = false
      MainLoop.drain()
      XCTAssertNil(try? ui.find(TextField.self, title: "keyed"))
      model.text = "d"
      MainLoop.drain()
      model.shown = true
      MainLoop.drain()
      XCTAssertEqual(try ui.find(TextField.self, title: "keyed").text, "d")
      model.text = "e"
      MainLoop.drain()
      XCTAssertEqual(try ui.find(TextField.self, title: "keyed").text, "e")
    }
  }

  // MARK: - Element bindings

  func testElementRowsWrittenAndReorderedOrRemovedInOneActionShowTheirOwnValues() throws {
    try MainActor.assumeIsolated {
      let model = TextFieldValueUpdateModel()
      let ui = show {
        VStack {
          ForEach(Bindable(model).items) { $item in
            TextField("row \(item.id)", text: $item.text)
          }
          ForEach(model.texts.indices, id: \.self) { index in
            TextField("index \(index)", text: Bindable(model).texts[index])
          }
        }
      }
      @MainActor func rows() -> [String] {
        ui.findAll(TextField.self).compactMap { view in
          view.title.map { "\($0)=\(view.text ?? "?")" }
        }
      }
      XCTAssertEqual(
        rows(), ["row 0=i0", "row 1=i1", "row 2=i2", "index 0=t0", "index 1=t1", "index 2=t2"])
      model.items[1].text = "i1'"
      model.texts[1] = "t1'"
      MainLoop.drain()
      XCTAssertEqual(
        rows(), ["row 0=i0", "row 1=i1'", "row 2=i2", "index 0=t0", "index 1=t1'", "index 2=t2"])
      // Written, then reordered, in one action.
      model.items[2].text = "i2'"
      model.items.swapAt(0, 2)
      model.texts[2] = "t2'"
      model.texts.swapAt(0, 2)
      MainLoop.drain()
      XCTAssertEqual(
        rows(), ["row 2=i2'", "row 1=i1'", "row 0=i0", "index 0=t2'", "index 1=t1'", "index 2=t0"])
      // Written, then the row before it removed, in one action.
      model.items[2].text = "i0'"
      model.items.remove(at: 0)
      model.texts[2] = "t0'"
      model.texts.remove(at: 0)
      MainLoop.drain()
      XCTAssertEqual(rows(), ["row 1=i1'", "row 0=i0'", "index 0=t1'", "index 1=t0'"])
      // Then a value alone, in each.
      model.items[1].text = "i0''"
      model.texts[1] = "t0''"
      MainLoop.drain()
      XCTAssertEqual(rows(), ["row 1=i1'", "row 0=i0''", "index 0=t1'", "index 1=t0''"])
      // A whole new array with the same ids.
      model.items = [
        TextFieldValueUpdateItem(id: 0, text: "n0"), TextFieldValueUpdateItem(id: 1, text: "n1"),
      ]
      MainLoop.drain()
      XCTAssertEqual(rows(), ["row 0=n0", "row 1=n1", "index 0=t1'", "index 1=t0''"])
      // A shorter array replacing the whole, and one emptied: the rows past its end go.
      model.texts = ["only"]
      MainLoop.drain()
      XCTAssertEqual(rows(), ["row 0=n0", "row 1=n1", "index 0=only"])
      model.texts[0] = "only'"
      model.texts.removeAll()
      model.items[0].text = "n0'"
      model.items.removeAll()
      MainLoop.drain()
      XCTAssertEqual(rows(), [])
      model.items = [TextFieldValueUpdateItem(id: 0, text: "back")]
      model.texts = ["back"]
      MainLoop.drain()
      XCTAssertEqual(rows(), ["row 0=back", "index 0=back"])
      model.items = [
        TextFieldValueUpdateItem(id: 0, text: "n0"), TextFieldValueUpdateItem(id: 1, text: "n1"),
      ]
      model.texts = ["t1'", "t0''"]
      MainLoop.drain()
      try ui.find(TextField.self, title: "row 1").type("!")
      XCTAssertEqual(model.items.map(\.text), ["n0", "n1!"])
    }
  }

  func testARowEditorGivenTheElementBindingShowsWritesToItsElement() throws {
    try MainActor.assumeIsolated {
      struct RowEditor: View {
        @Binding var item: TextFieldValueUpdateItem
        var body: some View { TextField("editor \(item.id)", text: $item.text) }
      }
      let model = TextFieldValueUpdateModel()
      let ui = show {
        VStack {
          ForEach(Bindable(model).items) { $item in RowEditor(item: $item) }
        }
      }
      @MainActor func texts() -> [String?] { ui.findAll(TextField.self).map(\.text) }
      model.items[1].text = "i1'"
      MainLoop.drain()
      XCTAssertEqual(texts(), ["i0", "i1'", "i2"])
      model.items[0] = TextFieldValueUpdateItem(id: 0, text: "whole")
      MainLoop.drain()
      XCTAssertEqual(texts(), ["whole", "i1'", "i2"])
      model.items[2].text = "i2'"
      model.items.reverse()
      MainLoop.drain()
      XCTAssertEqual(texts(), ["i2'", "i1'", "whole"])
      try ui.find(TextField.self, title: "editor 0").type("!")
      XCTAssertEqual(model.items.map(\.text), ["i2'", "i1'", "whole!"])
    }
  }

  // MARK: - Binding shapes

  func testEveryBindingShapeShowsAnAppWrite() throws {
    try MainActor.assumeIsolated {
      let model = TextFieldValueUpdateModel(text: "m0")
      let user = TextFieldValueUpdateModel()
      @MainActor
      struct Shapes: View {
        @Bindable var model: TextFieldValueUpdateModel
        @Bindable var user: TextFieldValueUpdateModel
        @State var local = "s0"
        let actions: ViewActions

        var body: some View {
          actions.named["state"] = { local = "s\($0)" }
          return VStack {
            TextField("state", text: $local)
            Child(text: $local)
            TextField("bindable", text: $model.text)
            TextField("struct path", text: $model.person.name)
            TextField("object path", text: $user.profile.name)
            TextField("count", value: $model.count, format: .number)
            TextField(
              "upper",
              text: Binding(get: { model.text.uppercased() }, set: { model.text = $0.lowercased() })
            )
            TextEditor(text: $model.notes)
            PlainEntry(text: $model.text)
          }
        }
      }
      struct Child: View {
        @Binding var text: String
        var body: some View { TextField("child", text: $text) }
      }
      let actions = ViewActions()
      let ui = show { Shapes(model: model, user: user, actions: actions) }
      @MainActor func text(_ title: String) -> String? {
        (try? ui.find(TextField.self, title: title))?.text
      }
      XCTAssertEqual(text("state"), "s0")
      XCTAssertEqual(text("child"), "s0")
      actions("state", 1)
      MainLoop.drain()
      XCTAssertEqual(text("state"), "s1")
      XCTAssertEqual(text("child"), "s1")
      model.text = "m1"
      MainLoop.drain()
      XCTAssertEqual(text("bindable"), "m1")
      XCTAssertEqual(text("upper"), "M1")
      let plain = try XCTUnwrap(ui.views.first { $0.viewType == PlainEntry.self })
      XCTAssertEqual(plain.text, "m1", "the user's own representable updates")
      model.person.name = "p1"
      MainLoop.drain()
      XCTAssertEqual(text("struct path"), "p1")
      model.person = TextFieldValueUpdatePerson(name: "p2")
      MainLoop.drain()
      XCTAssertEqual(text("struct path"), "p2")
      user.profile.name = "o1"
      MainLoop.drain()
      XCTAssertEqual(text("object path"), "o1")
      let old = user.profile
      user.profile = TextFieldValueUpdateProfile(name: "o2")
      MainLoop.drain()
      XCTAssertEqual(text("object path"), "o2")
      old.name = "stale"
      MainLoop.drain()
      XCTAssertEqual(text("object path"), "o2", "the replaced object is no longer shown")
      user.profile.name = "o3"
      MainLoop.drain()
      XCTAssertEqual(text("object path"), "o3")
      model.count = 42
      MainLoop.drain()
      XCTAssertEqual(text("count"), "42")
      model.notes = "n1"
      MainLoop.drain()
      let editor = ui.views.first { $0.viewType == TextEditor.self }?.widget as? TextEditorWidget
      XCTAssertEqual(editor?.text, "n1")
      // Typing after the writes goes where each binding points.
      try ui.find(TextField.self, title: "child").type("!")
      XCTAssertEqual(text("state"), "s1!")
      try ui.find(TextField.self, title: "object path").type("!")
      XCTAssertEqual(user.profile.name, "o3!")
      XCTAssertEqual(old.name, "stale")
    }
  }

  // MARK: - Text handling equal to the full update's

  func testAFilteringSetterAndTheCutOfGtkAreShownByTheValueOnlyUpdate() throws {
    try MainActor.assumeIsolated {
      let model = TextFieldValueUpdateModel()
      let ui = show {
        VStack {
          TextField("digits", text: Bindable(model).digits)
          TextField("text", text: Bindable(model).text)
        }
      }
      let digits = try ui.find(TextField.self, title: "digits")
      let text = try ui.find(TextField.self, title: "text")
      model.digits = "a1b2c3"
      MainLoop.drain()
      XCTAssertEqual(digits.text, "123")
      digits.type("x4")
      XCTAssertEqual(digits.text, "1234")
      XCTAssertEqual(model.digits, "1234")
      // NUL bytes: GTK drops them; the binding keeps them (showing never writes).
      model.text = "a\0b"
      MainLoop.drain()
      XCTAssertEqual(text.text, "ab")
      XCTAssertEqual(model.text, "a\0b")
      // Longer than a GtkEntryBuffer holds: shown cut, and the binding keeps the whole text.
      model.text = String(repeating: "x", count: 70_000)
      MainLoop.drain()
      XCTAssertEqual(text.text?.count, 65_534)
      XCTAssertEqual(model.text.count, 70_000)
      model.text = "short"
      MainLoop.drain()
      XCTAssertEqual(text.text, "short")
    }
  }

  func testAppWritesThenUndoRedoAndTypingInFocusedAndUnfocusedFields() throws {
    try MainActor.assumeIsolated {
      let model = TextFieldValueUpdateModel(text: "start")
      let ui = show {
        VStack {
          TextField("a", text: Bindable(model).text)
          TextField("b", text: Bindable(model).notes)
        }
      }
      let a = try ui.find(TextField.self, title: "a")
      let b = try ui.find(TextField.self, title: "b")
      let entry = try XCTUnwrap(a.widget as? EditableWidget)
      // Unfocused: two app writes, then three in one action (one step: only the last shows).
      b.tap()
      model.text = "one"
      MainLoop.drain()
      model.text = "x"
      model.text = "y"
      model.text = "two"
      MainLoop.drain()
      XCTAssertEqual(a.text, "two")
      a.tap()
      entry.simulateUndo()
      MainLoop.drain()
      XCTAssertEqual(a.text, "one")
      XCTAssertEqual(model.text, "one")
      entry.simulateUndo()
      MainLoop.drain()
      XCTAssertEqual(a.text, "start")
      XCTAssertEqual(model.text, "start")
      entry.simulateUndo()
      MainLoop.drain()
      XCTAssertEqual(a.text, "start", "the first text is not undoable")
      entry.simulateRedo()
      MainLoop.drain()
      XCTAssertEqual(a.text, "one")
      entry.simulateRedo()
      MainLoop.drain()
      XCTAssertEqual(a.text, "two")
      XCTAssertEqual(model.text, "two")
      // Focused: an app write puts the cursor at the end; typing follows it.
      entry.cursorPosition = 0
      model.text = "hello"
      MainLoop.drain()
      XCTAssertEqual(entry.cursorPosition, 5)
      a.type("!")
      XCTAssertEqual(a.text, "hello!")
      XCTAssertEqual(model.text, "hello!")
      model.text = "bye"
      MainLoop.drain()
      entry.simulateUndo()
      MainLoop.drain()
      XCTAssertEqual(a.text, "hello!")
      XCTAssertEqual(model.text, "hello!")
      entry.simulateRedo()
      MainLoop.drain()
      XCTAssertEqual(a.text, "bye")
      XCTAssertEqual(model.text, "bye")
    }
  }

  func testAWriteFromAnotherThreadShows() throws {
    try MainActor.assumeIsolated {
      let feed = TrackedFeed(title: "f0")
      let ui = show { TextField("feed", text: Bindable(feed).title) }
      let field = try ui.find(TextField.self, title: "feed")
      XCTAssertEqual(field.text, "f0")
      DispatchQueue.global().async { feed.title = "f1" }
      XCTAssertTrue(MainLoop.run(timeout: 5) { field.text == "f1" })
      let done = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        feed.title = "f2"
        feed.title = "f3"
        done.signal()
      }
      done.wait()
      XCTAssertTrue(MainLoop.run(timeout: 5) { field.text == "f3" })
      field.type("!")
      XCTAssertEqual(feed.title, "f3!")
    }
  }

  // MARK: - The value read by the parent too

  func testATitleDerivedFromTheValueAndAnOnChangeRewriteFollowEachWrite() throws {
    try MainActor.assumeIsolated {
      let model = TextFieldValueUpdateModel(text: "ab")
      let ui = show {
        @Bindable var model = model
        return VStack {
          TextField("\(model.text.count) chars", text: $model.text)
            .disabled(model.text == "lock")
          TextField("upper", text: $model.notes)
            .onChange(of: model.notes) { model.notes = model.notes.uppercased() }
        }
      }
      let counted = try ui.find(TextField.self, title: "2 chars")
      model.text = "abcd"
      MainLoop.drain()
      XCTAssertEqual(counted.text, "abcd")
      XCTAssertEqual(counted.title, "4 chars")
      counted.type("e")
      XCTAssertEqual(counted.title, "5 chars")
      XCTAssertEqual(model.text, "abcde")
      model.text = "lock"
      MainLoop.drain()
      XCTAssertEqual(counted.text, "lock")
      XCTAssertFalse(counted.isEnabled)
      XCTAssertEqual(counted.title, "4 chars")
      model.text = "open"
      MainLoop.drain()
      XCTAssertTrue(counted.isEnabled)
      let upper = try ui.find(TextField.self, title: "upper")
      model.notes = "shout"
      MainLoop.drain()
      XCTAssertEqual(upper.text, "SHOUT")
      XCTAssertEqual(model.notes, "SHOUT")
      upper.type("x")
      MainLoop.drain()
      XCTAssertEqual(upper.text, "SHOUTX")
      XCTAssertEqual(model.notes, "SHOUTX")
    }
  }

  func testARevealablePasswordAndAnEnvironmentModelFieldShowEachWrite() throws {
    try MainActor.assumeIsolated {
      let model = TextFieldValueUpdateModel()
      struct Password: View {
        @Environment(TextFieldValueUpdateModel.self) var model
        var body: some View {
          @Bindable var model = model
          return VStack {
            if model.locked {
              TextField("password", text: $model.notes)
            } else {
              SecureField("password", text: $model.notes)
            }
            TextField("mirror", text: $model.notes)
          }
        }
      }
      let ui = show { Password().environment(model) }
      let mirror = try ui.find(TextField.self, title: "mirror")
      try ui.find(SecureField.self, title: "password").type("pw")
      XCTAssertEqual(mirror.text, "pw")
      model.notes = "pw2"
      model.locked = true
      MainLoop.drain()
      XCTAssertEqual(try ui.find(TextField.self, title: "password").text, "pw2")
      XCTAssertEqual(mirror.text, "pw2")
      // NB: the focused field left: the window refuses focus until its next frame has painted
      // (FocusCoordinator+Leave.swift), so a click comes after that frame, as a person's would.
      XCTAssertTrue(MainLoop.run(timeout: 5) { gtk_widget_get_can_focus(ui.window.pointer) != 0 })
      mirror.type("!")
      XCTAssertEqual(try ui.find(TextField.self, title: "password").text, "pw2!")
      model.notes = "pw3"
      model.locked = false
      MainLoop.drain()
      XCTAssertEqual(try ui.find(SecureField.self, title: "password").text, "pw3")
      model.notes = "pw4"
      MainLoop.drain()
      XCTAssertEqual(try ui.find(SecureField.self, title: "password").text, "pw4")
      XCTAssertEqual(mirror.text, "pw4")
    }
  }

  func testListRowsWrittenWhileRowsAreInsertedAndRemovedShowTheirOwnValues() throws {
    try MainActor.assumeIsolated {
      let model = TextFieldValueUpdateModel()
      let ui = show {
        List {
          ForEach(Bindable(model).items) { $item in
            TextField("row \(item.id)", text: $item.text)
          }
        }
      }
      @MainActor func rows() -> [String] {
        ui.findAll(TextField.self).compactMap { view in
          view.title.map { "\($0)=\(view.text ?? "?")" }
        }
      }
      XCTAssertEqual(rows(), ["row 0=i0", "row 1=i1", "row 2=i2"])
      model.items[1].text = "i1'"
      model.items.insert(TextFieldValueUpdateItem(id: 9, text: "i9"), at: 0)
      MainLoop.drain()
      XCTAssertEqual(rows(), ["row 9=i9", "row 0=i0", "row 1=i1'", "row 2=i2"])
      model.items[2].text = "i1''"
      model.items.removeFirst()
      model.items[0].text = "i0'"
      MainLoop.drain()
      XCTAssertEqual(rows(), ["row 0=i0'", "row 1=i1''", "row 2=i2"])
      model.items[2].text = "i2'"
      MainLoop.drain()
      XCTAssertEqual(rows(), ["row 0=i0'", "row 1=i1''", "row 2=i2'"])
      try ui.find(TextField.self, title: "row 2").type("!")
      XCTAssertEqual(model.items.map(\.text), ["i0'", "i1''", "i2'!"])
    }
  }

  func testFieldsInAnUnselectedTabAndACollapsedGroupShowWritesMadeMeanwhile() throws {
    try MainActor.assumeIsolated {
      let model = TextFieldValueUpdateModel(text: "a")
      let ui = show {
        @Bindable var model = model
        return VStack {
          TabView(selection: $model.count) {
            TextField("first tab", text: $model.text).tabItem { Text("One") }.tag(0)
            TextField("second tab", text: $model.notes).tabItem { Text("Two") }.tag(1)
          }
          DisclosureGroup("More", isExpanded: $model.shown) {
            TextField("inside", text: $model.text)
          }
        }
      }
      model.notes = "n1"
      model.shown = false
      MainLoop.drain()
      model.text = "b"
      model.notes = "n2"
      MainLoop.drain()
      XCTAssertEqual(try ui.find(TextField.self, title: "second tab").text, "n2")
      model.count = 1
      model.shown = true
      MainLoop.drain()
      XCTAssertEqual(try ui.find(TextField.self, title: "inside").text, "b")
      XCTAssertEqual(try ui.find(TextField.self, title: "first tab").text, "b")
      model.text = "c"
      model.count = 0
      MainLoop.drain()
      XCTAssertEqual(try ui.find(TextField.self, title: "first tab").text, "c")
      XCTAssertEqual(try ui.find(TextField.self, title: "inside").text, "c")
      try ui.find(TextField.self, title: "inside").type("!")
      XCTAssertEqual(try ui.find(TextField.self, title: "first tab").text, "c!")
    }
  }

  // MARK: - Windows and sheets

  func testTwoWindowsBoundToOneModelBothShowEachWrite() throws {
    try MainActor.assumeIsolated {
      let model = TextFieldValueUpdateModel(text: "a")
      let one = show(host { TextField("one", text: Bindable(model).text) })
      let two = show(host { TextField("two", text: Bindable(model).text) })
      model.text = "b"
      MainLoop.drain()
      XCTAssertEqual(try one.find(TextField.self).text, "b")
      XCTAssertEqual(try two.find(TextField.self).text, "b")
      try one.find(TextField.self).type("!")
      XCTAssertEqual(try two.find(TextField.self).text, "b!")
      two.host.close()
      MainLoop.drain()
      model.text = "c"
      MainLoop.drain()
      XCTAssertEqual(try one.find(TextField.self).text, "c")
    }
  }

  func testAFieldInASheetClosedAndReopenedShowsWritesMadeWhileClosedAndOpen() throws {
    try MainActor.assumeIsolated {
      let model = TextFieldValueUpdateModel(text: "a")
      let ui = show(
        host {
          Text("main").sheet(isPresented: Bindable(model).showingSheet) {
            TextField("sheet", text: Bindable(model).text)
          }
        })
      model.showingSheet = true
      XCTAssertTrue(MainLoop.run(timeout: 5) { sheets(over: ui.window).count == 1 })
      var sheet = try XCTUnwrap(sheets(over: ui.window).first)
      XCTAssertEqual(entryTexts(in: sheet), ["a"])
      model.text = "b"
      MainLoop.drain()
      XCTAssertEqual(entryTexts(in: sheet), ["b"])
      model.showingSheet = false
      XCTAssertTrue(MainLoop.run(timeout: 5) { sheets(over: ui.window).isEmpty })
      model.text = "c"
      MainLoop.drain()
      model.showingSheet = true
      XCTAssertTrue(MainLoop.run(timeout: 5) { sheets(over: ui.window).count == 1 })
      sheet = try XCTUnwrap(sheets(over: ui.window).first)
      XCTAssertEqual(entryTexts(in: sheet), ["c"])
      model.text = "d"
      MainLoop.drain()
      XCTAssertEqual(entryTexts(in: sheet), ["d"])
      // Written and closed in one action.
      model.text = "e"
      model.showingSheet = false
      XCTAssertTrue(MainLoop.run(timeout: 5) { sheets(over: ui.window).isEmpty })
      model.showingSheet = true
      XCTAssertTrue(MainLoop.run(timeout: 5) { sheets(over: ui.window).count == 1 })
      sheet = try XCTUnwrap(sheets(over: ui.window).first)
      XCTAssertEqual(entryTexts(in: sheet), ["e"])
    }
  }
}
