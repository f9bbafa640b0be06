import CGtk
import Foundation
import XCTest

@testable import GtkBridge

/// App writes recorded for undo when a field takes focus
/// (`AppWriteUndo.deferRecording`) and of the focus changes made with it: small apps written
/// against the public API, on real widgets, checked against what recording each write at once
/// made (the focus rules article: "App text writes keep GTK's undo meaningful").
final class WaitingWriteUndoTests: GtkTestCase, @unchecked Sendable {
  /// Two fields bound to the first of two models' focus state, focus on field 2 by the
  /// state; then the view re-bound to the second model (`byHand`: through a binding made by
  /// hand).
  @MainActor
  private func reboundFields(byHand: Bool) -> (models: [SharedFieldFocus], fields: [Int: Entry]) {
    let models = [SharedFieldFocus(), SharedFieldFocus()]
    let which = SharedFieldFocus()
    which.field = 0
    var fields: [Int: Entry] = [:]
    show(
      host {
        TwoFocusedFields(model: models[which.field ?? 0], byHand: byHand) { fields[$0] = $1 }
      })
    models[0].field = 2
    MainLoop.drain()
    XCTAssertTrue(holdsFocus(fields[2]))
    which.field = 1
    MainLoop.drain()
    return (models, fields)
  }

  private enum RowContainer { case list, form }

  /// Two fields in rows of `container`: writes to the second while the user is in the first
  /// are one undo and one redo step each once the user clicks into it.
  @MainActor
  private func checkWritesWaitForTheUser(inA container: RowContainer) {
    let models = [FieldModel(), FieldModel(text: "start")]
    var entries: [Int: Entry] = [:]
    show(
      host {
        Group {
          let a = TextField("A", text: models[0].textBinding).configure {
            entries[0] = $0 as? Entry
          }
          let b = TextField("B", text: models[1].textBinding).configure {
            entries[1] = $0 as? Entry
          }
          if container == .list {
            List {
              a
              b
            }
          } else {
            Form {
              a
              b
            }
          }
        }
      })
    entries[0]!.simulateClick()
    MainLoop.drain()
    for text in ["one", "two"] {
      models[1].text = text
      MainLoop.drain()
    }
    let field = entries[1]!
    field.simulateClick()
    MainLoop.drain()
    XCTAssertEqual(trail(field, models[1], steps: 3), ["one", "start", "start"])
    XCTAssertEqual(trail(field, models[1], redo: true, steps: 3), ["one", "two", "two"])
  }

  /// Fields bound to `models`, one under the other; the first one takes focus.
  @MainActor
  private func form(_ models: [FieldModel]) -> (HostingWindow<AnyTestView>, [Entry]) {
    var entries: [Int: Entry] = [:]
    let host = host {
      VStack {
        ForEach(0..<models.count, id: \.self) { index in
          TextField("", text: models[index].textBinding).configure { entries[index] = $0 as? Entry }
        }
      }
    }
    show(host)
    let fields = (0..<models.count).map { entries[$0]! }
    fields[0].simulateClick()
    MainLoop.drain()
    return (host, fields)
  }

  /// An app fills a form: several writes to each field the user is not in; Tab through it and
  /// undo and redo each field, as recording each write at once did.
  func testAFormTheAppFilledUndoesAndRedoesWriteByWriteInEachFieldTabbedInto() {
    MainActor.assumeIsolated {
      let models = [FieldModel(), FieldModel(text: "b0"), FieldModel(text: "c0")]
      let (host, fields) = form(models)
      for round in 1...3 {
        models[1].text = "b\(round)"
        write(models[2], "c\(round)")
      }
      for (index, name) in [(1, "b"), (2, "c")] {
        host.window.simulateMoveFocus(.tabForward)
        MainLoop.drain()
        XCTAssertTrue(holdsFocus(fields[index]))
        XCTAssertEqual(fields[index].selection, 0..<2, "Tab selects the text (GTK's rule)")
        XCTAssertEqual(
          trail(fields[index], models[index], steps: 4),
          ["\(name)2", "\(name)1", "\(name)0", "\(name)0"])
        XCTAssertEqual(
          trail(fields[index], models[index], redo: true, steps: 4),
          ["\(name)1", "\(name)2", "\(name)3", "\(name)3"])
      }
    }
  }

  /// A user edit that needs no focus (a drop of text on the field, an accessibility tool) lands
  /// on the writes the field is waiting to record: undo there must still walk them back, as it
  /// did when each write was recorded at once.
  func testAnEditWithoutFocusAfterWritesKeepsTheWritesUndoable() {
    MainActor.assumeIsolated {
      let models = [FieldModel(), FieldModel(text: "start")]
      let (_, fields) = form(models)
      write(models[1], "one", "two")
      XCTAssertFalse(holdsFocus(fields[1]))
      // What GtkText's drop target does: an insertion through the editable, no focus taken.
      fields[1].simulateDrop("!", at: 3)
      MainLoop.drain()
      XCTAssertEqual(models[1].text, "two!")
      fields[1].simulateClick()
      MainLoop.drain()
      guard !GTKVersion.isAtLeast(4, 14) else {
        // GTK 4.14 and later make an edit outside a user action (a drop, an accessibility
        // tool) irreversible: GtkText clears its history there, in any GTK app. The field
        // keeps the edit and has nothing to undo.
        XCTAssertEqual(trail(fields[1], models[1], steps: 2), ["two!", "two!"])
        return
      }
      XCTAssertEqual(trail(fields[1], models[1], steps: 4), ["two", "one", "start", "start"])
      XCTAssertEqual(trail(fields[1], models[1], redo: true, steps: 3), ["one", "two", "two!"])
    }
  }

  /// Max length cuts a write made while the field waits: undo and redo bring back what GTK
  /// held, as for a recorded write.
  func testMaxLengthCutsAWaitingWriteAndUndoBringsBackWhatGTKHeld() {
    MainActor.assumeIsolated {
      let first = FieldModel()
      let model = FieldModel(text: "ab")
      model.maxLength = 4
      show(
        host {
          VStack {
            TextField("", text: first.textBinding).configure { first.entry = $0 as? Entry }
            model.field
          }
        })
      first.entry!.simulateClick()
      MainLoop.drain()
      let entry = model.entry!
      write(model, "abcdef")
      XCTAssertEqual(entry.text, "abcd")
      XCTAssertEqual(model.text, "abcdef", "showing the cut text does not change the binding")
      write(model, "xy")
      entry.simulateClick()
      MainLoop.drain()
      XCTAssertEqual(trail(entry, model, steps: 3), ["abcd", "ab", "ab"])
      XCTAssertEqual(trail(entry, model, redo: true, steps: 3), ["abcd", "xy", "xy"])
    }
  }

  /// A binding whose setter writes another field: undo in the first replays GTK's step, and
  /// each value it shows writes the second, which the user is not in.
  func testWritesMadeByAnUndoElsewhereAreOneStepEachInTheFieldTheyReach() {
    MainActor.assumeIsolated {
      let source = FieldModel()
      let echo = FieldModel()
      let echoing = Binding<String>(
        get: { source.text },
        set: {
          source.text = $0
          echo.text = $0.uppercased()
        })
      var entries: [Entry] = []
      show(
        host {
          VStack {
            TextField("", text: echoing).configure { entries.append($0 as! Entry) }
            TextField("", text: echo.textBinding).configure { entries.append($0 as! Entry) }
          }
        })
      let (field, echoField) = (entries[0], entries[1])
      field.simulateClick()
      field.simulateTyping("ab")
      MainLoop.drain()
      XCTAssertEqual(echo.text, "AB")
      field.simulateTyping(" cd")
      MainLoop.drain()
      XCTAssertEqual(echo.text, "AB CD")
      field.simulateUndo()
      MainLoop.drain()
      XCTAssertEqual(field.text, "ab")
      XCTAssertEqual(echo.text, "AB")
      echoField.simulateClick()
      MainLoop.drain()
      XCTAssertEqual(trail(echoField, echo, steps: 4), ["AB CD", "AB", "", ""])
      XCTAssertEqual(trail(echoField, echo, redo: true, steps: 4), ["AB", "AB CD", "AB", "AB"])
    }
  }

  /// Writes to a field of a window that is not active, then the user switches to it and into
  /// the field.
  func testWritesWhileAnotherWindowIsActiveAreUndoableAfterSwitchingBack() {
    MainActor.assumeIsolated {
      let models = [FieldModel(), FieldModel(text: "start")]
      let (host, fields) = form(models)
      let other = FieldModel()
      let otherHost = self.host { TextField("", text: other.textBinding) }
      otherHost.present()
      XCTAssertTrue(MainLoop.run(timeout: 5) { otherHost.window.isActive })
      write(models[1], "one", "two")
      // The user is in the first field of the inactive window: GTK keeps it as its focus.
      write(models[0], "x", "y")
      host.present()
      XCTAssertTrue(MainLoop.run(timeout: 5) { host.window.isActive })
      XCTAssertEqual(trail(fields[0], models[0], steps: 3), ["x", "", ""])
      fields[1].simulateClick()
      MainLoop.drain()
      XCTAssertEqual(trail(fields[1], models[1], steps: 3), ["one", "start", "start"])
      XCTAssertEqual(trail(fields[1], models[1], redo: true, steps: 3), ["one", "two", "two"])
    }
  }

  /// A field removed while its writes wait for focus goes (no leak, no crash); a field shown
  /// again in its place starts a history of its own.
  func testAFieldRemovedWhileItsWritesWaitGoesAndItsSuccessorStartsAfresh() {
    MainActor.assumeIsolated {
      let first = FieldModel()
      let model = FieldModel(text: "start")
      let shown = ShownFlag()
      shown.value = true
      weak var gone: Entry?
      var current: Entry?
      show(
        host {
          VStack {
            TextField("", text: first.textBinding).configure { first.entry = $0 as? Entry }
            if shown.value {
              TextField("", text: model.textBinding).configure { current = $0 as? Entry }
            }
          }
        })
      first.entry!.simulateClick()
      MainLoop.drain()
      write(model, "one")
      gone = current
      current = nil
      shown.value = false
      MainLoop.drain()
      XCTAssertNil(gone, "the removed field is freed")
      write(model, "two")
      shown.value = true
      MainLoop.drain()
      let entry = current!
      XCTAssertEqual(entry.text, "two")
      entry.simulateClick()
      MainLoop.drain()
      XCTAssertEqual(trail(entry, model, steps: 2), ["two", "two"], "its first text is no step")
      write(model, "three")
      XCTAssertEqual(trail(entry, model, steps: 2), ["two", "two"])
    }
  }

  /// Ctrl+Z from the real keyboard right after the user moved into a field the app wrote.
  func testCtrlZRightAfterMovingIntoAFieldTheAppWroteUndoesOneWrite() throws {
    guard try runsInChildProcess(in: "WaitingWriteUndoTests") else { return }
    try MainActor.assumeIsolated {
      let models = [FieldModel(), FieldModel(text: "start")]
      let (host, fields) = form(models)
      write(models[1], "one", "two")
      try xdotool(on: host.window, ["key", "Tab"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { holdsFocus(fields[1]) })
      try xdotool(on: host.window, ["key", "ctrl+z"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { fields[1].text != "two" })
      XCTAssertEqual(fields[1].text, "one", "one key press, one write")
      XCTAssertEqual(models[1].text, "one")
      try xdotool(on: host.window, ["key", "ctrl+z"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { fields[1].text != "one" })
      XCTAssertEqual(fields[1].text, "start")
      try xdotool(on: host.window, ["key", "ctrl+shift+z"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { fields[1].text != "start" })
      XCTAssertEqual(models[1].text, "one")
    }
  }

  /// A real click into a field the app wrote (GTK places the cursor where the click is, after
  /// focus arrived), then Ctrl+Z and Ctrl+Shift+Z from the real keyboard.
  func testCtrlZRightAfterClickingIntoAFieldTheAppWroteUndoesOneWrite() throws {
    guard try runsInChildProcess(in: "WaitingWriteUndoTests") else { return }
    try MainActor.assumeIsolated {
      let models = [FieldModel(), FieldModel(text: "start")]
      let (host, fields) = form(models)
      write(models[1], "one", "two words")
      var bounds = graphene_rect_t()
      XCTAssertTrue(
        gtk_widget_compute_bounds(fields[1].pointer, host.window.pointer, &bounds) != 0)
      var offsetX = 0.0
      var offsetY = 0.0
      gtk_native_get_surface_transform(OpaquePointer(host.window.pointer), &offsetX, &offsetY)
      let x = Int(offsetX + Double(bounds.origin.x + bounds.size.width / 2))
      let y = Int(offsetY + Double(bounds.origin.y + bounds.size.height / 2))
      try xdotool(on: host.window, ["mousemove", "\(x)", "\(y)"])
      let click = Process()
      click.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
      click.arguments = ["click", "1"]
      try click.run()
      click.waitUntilExit()
      XCTAssertTrue(MainLoop.run(timeout: 5) { holdsFocus(fields[1]) })
      MainLoop.drain()
      XCTAssertNil(fields[1].selection, "a click selects nothing")
      try xdotool(on: host.window, ["key", "ctrl+z"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { fields[1].text != "two words" })
      XCTAssertEqual(fields[1].text, "one", "one key press, one write")
      XCTAssertEqual(models[1].text, "one")
      try xdotool(on: host.window, ["key", "ctrl+z"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { fields[1].text != "one" })
      XCTAssertEqual(fields[1].text, "start")
      try xdotool(on: host.window, ["key", "ctrl+shift+z", "ctrl+shift+z"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { fields[1].text == "two words" })
      XCTAssertEqual(models[1].text, "two words")
    }
  }

  /// More writes than GtkText keeps steps (200) while the user is elsewhere: undo walks back
  /// the last 200, as GTK's own limit did for writes recorded at once.
  func testMoreWritesThanGTKKeepsUndoTheLastTwoHundredOnly() {
    MainActor.assumeIsolated {
      let models = [FieldModel(), FieldModel(text: "w0")]
      let (_, fields) = form(models)
      for index in 1...205 {
        write(models[1], "w\(index)")
      }
      fields[1].simulateClick()
      MainLoop.drain()
      let undone = trail(fields[1], models[1], steps: 201)
      XCTAssertEqual(undone.first, "w204")
      XCTAssertEqual(undone[199], "w5", "200 steps back")
      XCTAssertEqual(undone[200], "w5", "and no further")
      let redone = trail(fields[1], models[1], redo: true, steps: 201)
      XCTAssertEqual(redone.first, "w6")
      XCTAssertEqual(redone[199], "w205")
      XCTAssertEqual(redone[200], "w205")
    }
  }

  /// A detail field re-bound to another record (master-detail): undo there must never write
  /// the record shown before into the one shown now, neither the app's text nor the user's
  /// typing.
  func testUndoInADetailFieldReboundToAnotherRecordNeverWritesTheOtherRecordsText() {
    MainActor.assumeIsolated {
      let records = [Recipe(name: "Pie"), Recipe(name: "Soup")]
      let selection = SharedFieldFocus()
      selection.field = 0
      var entry: Entry?
      show(
        host {
          RecipeDetail(recipe: records[selection.field ?? 0]) { entry = $0 }
        })
      let field = entry!
      field.simulateClick()
      field.cursorPosition = -1
      field.simulateTyping(" crust")
      MainLoop.drain()
      XCTAssertEqual(records[0].name, "Pie crust")
      selection.field = 1
      MainLoop.drain()
      XCTAssertTrue(entry === field, "the same field shows the other record")
      XCTAssertEqual(field.text, "Soup")
      field.simulateUndo()
      MainLoop.drain()
      field.simulateUndo()
      MainLoop.drain()
      XCTAssertEqual(records[1].name, "Soup", "undo wrote no other record's text")
      XCTAssertEqual(records[0].name, "Pie crust", "nor touched the record shown before")
      field.simulateTyping("!")
      MainLoop.drain()
      XCTAssertEqual(records[1].name, "Soup!")
      field.simulateUndo()
      MainLoop.drain()
      XCTAssertEqual(records[1].name, "Soup", "the user's typing in this record undoes")
      records[1].name = "Stew"
      MainLoop.drain()
      field.simulateUndo()
      MainLoop.drain()
      XCTAssertEqual(records[1].name, "Soup", "an app write to the record shown is one step")
    }
  }

  /// As above while the user is elsewhere: writes to the record shown wait for focus, the
  /// field is re-bound to another record, and the user goes in.
  func testWaitingWritesOfTheRecordShownBeforeAreNoStepsInTheRecordShownNow() {
    MainActor.assumeIsolated {
      let records = [Recipe(name: "Pie"), Recipe(name: "Soup")]
      let selection = SharedFieldFocus()
      selection.field = 0
      let other = FieldModel()
      var entry: Entry?
      var otherEntry: Entry?
      show(
        host {
          VStack {
            TextField("", text: other.textBinding).configure { otherEntry = $0 as? Entry }
            RecipeDetail(recipe: records[selection.field ?? 0]) { entry = $0 }
          }
        })
      otherEntry!.simulateClick()
      MainLoop.drain()
      records[0].name = "Tart"
      MainLoop.drain()
      selection.field = 1
      MainLoop.drain()
      records[1].name = "Stew"
      MainLoop.drain()
      let field = entry!
      field.simulateClick()
      MainLoop.drain()
      field.simulateUndo()
      MainLoop.drain()
      XCTAssertEqual(records[1].name, "Soup", "one step: the write to the record shown")
      field.simulateUndo()
      MainLoop.drain()
      XCTAssertEqual(records[1].name, "Soup", "no step of the record shown before")
      XCTAssertEqual(records[0].name, "Tart")
    }
  }

  /// A field in a `List` row, written while the user is in another row's field.
  func testWritesToAFieldInAListRowAreOneStepEachOnceTheUserIsThere() {
    MainActor.assumeIsolated {
      checkWritesWaitForTheUser(inA: .list)
    }
  }

  /// Edit > Undo (``TextEditingCommands``) on a field the app wrote while the user was in
  /// another, then moved into it; and on writes made while the menu holds GTK's focus.
  func testEditUndoFromTheMenuUndoesOneWriteEvenWhenTheMenuHeldFocusAtTheWrite() throws {
    try MainActor.assumeIsolated {
      let models = [FieldModel(), FieldModel(text: "start")]
      var entries: [Int: Entry] = [:]
      let app = TestApplication(
        WindowGroup("Form") {
          VStack {
            TextField("A", text: models[0].textBinding).configure { entries[0] = $0 as? Entry }
            TextField("B", text: models[1].textBinding).configure { entries[1] = $0 as? Entry }
          }
        }
        .commands { TextEditingCommands() })
      defer { app.close() }
      let window = try XCTUnwrap(app.windows.first)
      @MainActor func run(_ title: String) throws {
        let action = try XCTUnwrap(app.action(title, in: window))
        g_action_group_activate_action(app.group, String(action.dropFirst(4)), nil)
        MainLoop.drain()
      }
      let field = try XCTUnwrap(entries[1])
      entries[0]?.simulateClick()
      MainLoop.drain()
      write(models[1], "one")
      field.simulateClick()
      MainLoop.drain()
      try run("Undo")
      XCTAssertEqual(field.text, "start")
      XCTAssertEqual(models[1].text, "start")
      try run("Redo")
      XCTAssertEqual(field.text, "one")
      // The menu is open over the field (GTK's focus is in it) when the app writes.
      let button = try XCTUnwrap(window.graph.chrome?.primaryMenuButton)
      gtk_menu_button_popup(OpaquePointer(button))
      MainLoop.drain()
      XCTAssertFalse(holdsFocus(field), "GTK's focus is in the open menu")
      write(models[1], "two")
      try run("Undo")
      XCTAssertEqual(field.text, "one", "Undo took back the write made under the menu")
      XCTAssertEqual(models[1].text, "one")
      gtk_menu_button_popdown(OpaquePointer(button))
      MainLoop.drain()
      try run("Undo")
      XCTAssertEqual(field.text, "start")
    }
  }

  /// Two windows share one focus state; the field the user was in, in the window that is not
  /// active, is hidden: that window's focus goes nowhere (not to its first field), and the
  /// state keeps the active window's truth.
  func testHidingTheFocusedFieldOfAWindowNotActiveMovesNoFocusThereOrInTheSharedState() {
    MainActor.assumeIsolated {
      let shared = SharedFieldFocus()
      let shown = ShownFlag()
      shown.value = true
      var fields: [Int: Entry] = [:]
      let first = host {
        VStack {
          TextField("1", text: .constant("")).focused(Bindable(shared).field, equals: 1)
            .configure { fields[1] = $0 as? Entry }
          if shown.value {
            TextField("2", text: .constant("")).focused(Bindable(shared).field, equals: 2)
              .configure { fields[2] = $0 as? Entry }
          }
        }
      }
      show(first)
      shared.field = 2
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(fields[2]))
      let second = host {
        TextField("3", text: .constant("")).focused(Bindable(shared).field, equals: 3)
          .configure { fields[3] = $0 as? Entry }
      }
      second.present()
      XCTAssertTrue(MainLoop.run(timeout: 5) { second.window.isActive })
      MainLoop.drain()
      XCTAssertEqual(shared.field, 3)
      shown.value = false
      MainLoop.drain()
      waitForFrames(first.window)
      XCTAssertNil(focusWidget(first.window), "no field of the first window took focus")
      XCTAssertEqual(shared.field, 3, "the active window's truth")
      first.present()
      XCTAssertTrue(MainLoop.run(timeout: 5) { first.window.isActive })
      MainLoop.drain()
      waitForFrames(first.window)
      XCTAssertNil(focusWidget(first.window))
      XCTAssertNil(shared.field, "nothing holds focus in the active window")
      shared.field = 1
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(fields[1]))
    }
  }

  /// Windows opened and closed one after another, each leaving focus in a field that then
  /// goes: the last one still moves no focus when its field goes.
  func testManyWindowsOpenedAndClosedLeaveTheLastOnesFocusRulesIntact() {
    MainActor.assumeIsolated {
      let liveBefore = FocusCoordinator.liveCount
      for round in 0..<12 {
        let shown = ShownFlag()
        shown.value = true
        var focused: Entry?
        let window = try! HostingWindow(title: "round \(round)", width: 200, height: 100) {
          VStack {
            TextField("a", text: .constant(""))
            if shown.value {
              TextField("b", text: .constant("")).configure { focused = $0 as? Entry }
            }
          }
        }
        window.present()
        XCTAssertTrue(MainLoop.run(timeout: 5) { window.window.isActive })
        focused!.simulateClick()
        MainLoop.drain()
        shown.value = false
        MainLoop.drain()
        waitForFrames(window.window)
        XCTAssertNil(focusWidget(window.window), "round \(round): focus went nowhere")
        window.close()
        MainLoop.drain()
      }
      XCTAssertEqual(FocusCoordinator.liveCount, liveBefore, "every window's coordinator went")
    }
  }

  /// A view re-bound to another model's focus state: the new state moves focus, the old one
  /// no longer does.
  func testAViewReboundToAnotherModelsFocusStateFollowsOnlyTheNewOne() {
    MainActor.assumeIsolated {
      let (models, fields) = reboundFields(byHand: false)
      XCTAssertTrue(holdsFocus(fields[2]), "re-binding moves no focus")
      XCTAssertEqual(models[1].field, 2, "the new state reads the truth")
      XCTAssertNil(models[0].field, "the old state no longer holds it")
      models[0].field = 1
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(fields[2]), "the old state moves no focus")
      models[1].field = 1
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(fields[1]), "the new state does")
      models[1].field = 2
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(fields[2]))
    }
  }

  /// The user is in a field and opens a popover (GTK's focus goes into it); the app writes
  /// the field meanwhile; the popover goes and focus comes back to the field.
  func testWritesWhileAPopoverHoldsFocusAreOneStepEachWhenFocusComesBack() throws {
    try MainActor.assumeIsolated {
      let main = FieldModel(text: "start")
      let note = FieldModel()
      let showing = ShownFlag()
      var entry: Entry?
      let ui = show(
        host {
          VStack {
            TextField("Main", text: main.textBinding).configure { entry = $0 as? Entry }
            Button("Info") {}.popover(isPresented: Bindable(showing).value) {
              TextField("Note", text: note.textBinding)
            }
          }
        })
      let field = try XCTUnwrap(entry)
      field.simulateClick()
      MainLoop.drain()
      showing.value = true
      MainLoop.drain()
      let info = try ui.find(title: "Info").widget
      let popover = try XCTUnwrap(info.gtkDescendants(ofType: gtk_popover_get_type()).first)
      XCTAssertTrue(MainLoop.run(timeout: 5) { gtk_widget_get_mapped(popover) != 0 })
      XCTAssertFalse(holdsFocus(field), "focus is in the popover")
      write(main, "one", "two")
      gtk_popover_popdown(popover.cast(to: GtkPopover.self))
      XCTAssertTrue(MainLoop.run(timeout: 5) { holdsFocus(field) }, "focus is back in Main")
      XCTAssertEqual(trail(field, main, steps: 3), ["one", "start", "start"])
      XCTAssertEqual(trail(field, main, redo: true, steps: 3), ["one", "two", "two"])
    }
  }

  /// A field on a `TabView` page not shown is written; the user shows the page and goes in.
  func testWritesToAFieldOnATabNotShownAreOneStepEachOnceTheUserIsThere() {
    MainActor.assumeIsolated {
      let first = FieldModel()
      let hidden = FieldModel(text: "start")
      let tab = SharedFieldFocus()
      tab.field = 1
      var entry: Entry?
      show(
        host {
          TabView(selection: Bindable(tab).field) {
            TextField("First", text: first.textBinding).tabItem { Text("One") }.tag(1 as Int?)
            TextField("Hidden", text: hidden.textBinding).configure { entry = $0 as? Entry }
              .tabItem { Text("Two") }.tag(2 as Int?)
          }
        })
      write(hidden, "one", "two")
      let field = entry!
      XCTAssertEqual(gtk_widget_get_mapped(field.pointer), 0, "its page is not shown")
      tab.field = 2
      MainLoop.drain()
      field.simulateClick()
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(field))
      XCTAssertEqual(trail(field, hidden, steps: 3), ["one", "start", "start"])
      XCTAssertEqual(trail(field, hidden, redo: true, steps: 3), ["one", "two", "two"])
    }
  }

  /// As above with a binding made by hand (`Binding(get:set:)`, which GtkBridge cannot
  /// identify): the view keeps its group, and the group must follow the new model.
  func testAViewReboundToAHandMadeBindingOfAnotherModelFollowsTheNewOne() {
    MainActor.assumeIsolated {
      let (models, fields) = reboundFields(byHand: true)
      models[1].field = 1
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(fields[1]), "the new model's state moves focus")
      models[0].field = 2
      MainLoop.drain()
      models[1].field = 2
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(fields[2]), "and again after the old one changed")
    }
  }

  /// A sheet's second field is written while the user is in its first; the parent's field,
  /// which keeps its focus widget under the sheet, is written too. Tab in the sheet, then
  /// close it and go back to the parent.
  func testWritesInASheetAndUnderItAreOneStepEachWhereTheUserGoes() throws {
    try MainActor.assumeIsolated {
      let parent = FieldModel(text: "p0")
      let sheetModels = [FieldModel(), FieldModel(text: "s0")]
      let showing = ShownFlag()
      var entries: [String: Entry] = [:]
      let ui = show(
        host {
          TextField("Parent", text: parent.textBinding).configure { entries["p"] = $0 as? Entry }
            .sheet(isPresented: Bindable(showing).value) {
              VStack {
                TextField("S1", text: sheetModels[0].textBinding)
                TextField("S2", text: sheetModels[1].textBinding)
                  .configure { entries["s2"] = $0 as? Entry }
              }
            }
        })
      let parentField = try XCTUnwrap(entries["p"])
      parentField.simulateClick()
      MainLoop.drain()
      showing.value = true
      XCTAssertTrue(
        MainLoop.run(timeout: 5) {
          entries["s2"].flatMap { $0.root }.map {
            gtk_window_is_active(
              UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWindow.self)) != 0
          }
            == true
        })
      let sheetField = try XCTUnwrap(entries["s2"])
      let sheet = try XCTUnwrap(sheetField.root)
      XCTAssertNotNil(gtk_root_get_focus(sheet), "the sheet's first field has focus")
      sheetModels[1].text = "s1"
      write(parent, "p1")
      sheetModels[1].text = "s2"
      write(parent, "p2")
      cgtk_window_move_focus(
        UnsafeMutableRawPointer(sheet).assumingMemoryBound(to: GtkWidget.self), GTK_DIR_TAB_FORWARD)
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(sheetField))
      XCTAssertEqual(trail(sheetField, sheetModels[1], steps: 3), ["s1", "s0", "s0"])
      XCTAssertEqual(trail(sheetField, sheetModels[1], redo: true, steps: 1), ["s1"])
      showing.value = false
      XCTAssertTrue(MainLoop.run(timeout: 5) { ui.window.isActive })
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(parentField))
      XCTAssertEqual(trail(parentField, parent, steps: 3), ["p1", "p0", "p0"])
    }
  }

  /// A revealed `SecureField` the user is not in (GTK turns its undo on while text shows):
  /// app writes are one step each; hidden again, GTK drops the history.
  func testARevealedSecureFieldTheUserIsNotInUndoesWritesOneByOne() {
    MainActor.assumeIsolated {
      let first = FieldModel()
      let secret = FieldModel(text: "s0")
      var field: PasswordEntry?
      var other: Entry?
      show(
        host {
          VStack {
            TextField("", text: first.textBinding).configure { other = $0 as? Entry }
            SecureField("", text: secret.textBinding).configure { field = $0 as? PasswordEntry }
          }
        })
      other!.simulateClick()
      MainLoop.drain()
      let entry = field!
      gtk_text_set_visibility(entry.delegate.cast(to: GtkText.self), 1)
      write(secret, "s1", "s2")
      entry.simulateClick()
      MainLoop.drain()
      XCTAssertEqual(trail(entry, secret, steps: 3), ["s1", "s0", "s0"])
      other!.simulateClick()
      MainLoop.drain()
      write(secret, "s3")
      gtk_text_set_visibility(entry.delegate.cast(to: GtkText.self), 0)
      entry.simulateClick()
      MainLoop.drain()
      XCTAssertEqual(trail(entry, secret, steps: 1), ["s3"], "hiding drops the history")
    }
  }

  /// A field in a `Form` row, written while the user is in another row.
  func testWritesToAFieldInAFormRowAreOneStepEachOnceTheUserIsThere() {
    MainActor.assumeIsolated {
      checkWritesWaitForTheUser(inA: .form)
    }
  }
}

@MainActor
@Observable
final class SharedFieldFocus {
  var field: Int?
}

/// Two fields bound to `model`'s focus state, values 1 and 2; `byHand`: through a binding
/// made by hand (`Binding(get:set:)`), which GtkBridge cannot identify.
private struct TwoFocusedFields: View {
  let model: SharedFieldFocus
  var byHand = false
  let made: @MainActor (Int, Entry?) -> Void

  var body: some View {
    let focus =
      byHand
      ? Binding<Int?>(get: { model.field }, set: { model.field = $0 }) : Bindable(model).field
    VStack {
      TextField("1", text: .constant("")).focused(focus, equals: 1)
        .configure { made(1, $0 as? Entry) }
      TextField("2", text: .constant("")).focused(focus, equals: 2)
        .configure { made(2, $0 as? Entry) }
    }
  }
}

@MainActor
@Observable
final class Recipe {
  var name: String

  init(name: String) {
    self.name = name
  }
}

/// A detail view of one record, as in a master-detail app.
private struct RecipeDetail: View {
  @Bindable var recipe: Recipe
  let made: @MainActor (Entry?) -> Void

  var body: some View {
    TextField("Name", text: $recipe.name).configure { made($0 as? Entry) }
  }
}
