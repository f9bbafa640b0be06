import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

@MainActor
@Observable
private final class SheetModel {
  var showing = false
  var other = false
  var item: Sheet? = nil
  var name = ""
  var first = ""
  var second = ""
  @ObservationIgnored var log: [String] = []
}

@MainActor
@Observable
private final class PopoverModel {
  var showing = false
  var orange = false
}

/// A button presenting a popover of a prominent button and text in the tint; in a
/// view of its own, which a change of the tint around it does not run again.
private struct PopoverPresenting: View {
  @Bindable var model: PopoverModel

  var body: some View {
    Button("Info") {}
      .popover(isPresented: $model.showing) {
        VStack {
          Button("Buy") {}.buttonStyle(.borderedProminent)
          Text("Sale").foregroundStyle(.tint)
        }
      }
  }
}

private struct Sheet: Identifiable, Hashable {
  let id: String
}

/// The windows shown over `window` (transient for it, visible).
@MainActor
private func presented(over window: Window) -> [UnsafeMutablePointer<GtkWindow>] {
  let list = gtk_window_get_toplevels()
  var found: [UnsafeMutablePointer<GtkWindow>] = []
  for index in 0..<g_list_model_get_n_items(list) {
    guard let item = g_list_model_get_item(list, index) else { continue }
    g_object_unref(item)
    let candidate = item.assumingMemoryBound(to: GtkWindow.self)
    if gtk_window_get_transient_for(candidate) == window.window,
      gtk_widget_get_visible(
        UnsafeMutableRawPointer(candidate).assumingMemoryBound(to: GtkWidget.self)) != 0
    {
      found.append(candidate)
    }
  }
  return found
}

/// The text of every label and button in `window`, in tree order.
@MainActor
private func texts(in window: UnsafeMutablePointer<GtkWindow>) -> [String] {
  let root = Widget(retaining: UnsafeMutableRawPointer(window))
  return root.gtkDescendants(ofType: gtk_label_get_type()).compactMap {
    gtk_label_get_text(OpaquePointer($0)).map { String(cString: $0) }
  }
}

/// The button titled `title` in `window`.
@MainActor
private func button(_ title: String, in window: UnsafeMutablePointer<GtkWindow>)
  -> UnsafeMutablePointer<GtkWidget>?
{
  let root = Widget(retaining: UnsafeMutableRawPointer(window))
  return root.gtkDescendants(ofType: gtk_button_get_type()).first {
    gtk_button_get_label($0.cast(to: GtkButton.self)).map { String(cString: $0) } == title
  }
}

/// A click on `button`, as the user's: its "clicked" signal (`gtk_widget_activate` clicks
/// only after a 250 ms press animation).
@MainActor
private func click(_ button: UnsafeMutablePointer<GtkWidget>) {
  cgtk_emit(button, "clicked")
}

/// The text of the entry holding `window`'s focus, if its focus widget is a `GtkText`.
@MainActor
private func focusedText(_ window: UnsafeMutablePointer<GtkWindow>) -> String? {
  guard let focus = gtk_window_get_focus(window),
    g_type_check_instance_is_a(
      UnsafeMutableRawPointer(focus).assumingMemoryBound(to: GTypeInstance.self),
      gtk_text_get_type()) != 0
  else { return nil }
  return String(cString: gtk_editable_get_text(OpaquePointer(focus)))
}

private struct Parent: View {
  @Bindable var model: SheetModel
  @FocusState var focus: Field?
  let probe: SheetFocusProbe

  var body: some View {
    probe.read = { focus }
    probe.write = { focus = $0 }
    return VStack {
      TextField("First", text: $model.first).focused($focus, equals: .username)
      TextField("Second", text: $model.second).focused($focus, equals: .password)
      Button("Open") { model.showing = true }
    }
    .sheet(isPresented: $model.showing, onDismiss: { model.log.append("onDismiss") }) {
      EditSheet(model: model)
    }
  }
}

private struct EditSheet: View {
  @Bindable var model: SheetModel
  @Environment(\.dismiss) private var dismiss

  var body: some View {
    VStack {
      Text("Edit name")
        .presentationDetents([.medium, .large])
      TextField("Name", text: $model.name)
      Button("Done") {
        model.log.append("done")
        dismiss()
      }
    }
    .toolbar {
      ToolbarItem(placement: .cancellationAction) {
        Button("Cancel") {
          model.log.append("cancel")
          dismiss()
        }
      }
      ToolbarItem(placement: .confirmationAction) {
        Button("Save") {
          model.log.append("save")
          dismiss()
        }
      }
    }
  }
}

/// A sheet's long form whose `.defaultFocus` is the field at its end: the attendees of a
/// meeting, and the row that adds one.
private struct AttendeesSheet: View {
  @Bindable var model: SheetModel
  @FocusState private var adding: Bool

  var body: some View {
    Form {
      Section("Meeting") { TextField("Title", text: $model.first) }
      Section("Attendees") {
        ForEach(1...12, id: \.self) { Text("Person \($0)") }
        HStack {
          TextField("New Attendee", text: $model.name).focused($adding)
          Button {
          } label: {
            Image(systemName: "plus")
          }
        }
      }
    }
    .defaultFocus($adding, true)
  }
}

@MainActor
private final class SheetFocusProbe {
  var read: () -> Field? = { nil }
  var write: (Field?) -> Void = { _ in }
}

/// Sheets, alerts and confirmation dialogs (issue 17, item 2) on real GTK windows: modal,
/// transient, focus in and back out, every way of dismissing.
final class PresentationTests: GtkTestCase, @unchecked Sendable {
  func testASheetIsAModalTransientWindowThatTakesFocusAndGivesItBackToTheSameField() throws {
    try MainActor.assumeIsolated {
      let model = SheetModel()
      let probe = SheetFocusProbe()
      let ui = show(host { Parent(model: model, probe: probe) })
      probe.write(.password)
      MainLoop.drain()
      let second = try ui.find(title: "Second")
      XCTAssertTrue(second.isFocused)
      XCTAssertEqual(presented(over: ui.window), [])

      model.showing = true
      XCTAssertTrue(MainLoop.run(timeout: 5) { presented(over: ui.window).count == 1 })
      let sheet = try XCTUnwrap(presented(over: ui.window).first)
      XCTAssertNotEqual(gtk_window_get_modal(sheet), 0, "modal")
      XCTAssertEqual(gtk_window_get_transient_for(sheet), ui.window.window)
      XCTAssertTrue(texts(in: sheet).contains("Edit name"))
      let save = try XCTUnwrap(button("Save", in: sheet))
      XCTAssertNotNil(
        gtk_widget_get_ancestor(save, gtk_header_bar_get_type()), "the sheet's own header bar")
      XCTAssertEqual(gtk_window_get_default_widget(sheet), save, "Return runs the confirmation")
      XCTAssertNotNil(focusedText(sheet), "the launch rule focuses the sheet's first field")
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { gtk_window_is_active(sheet) != 0 }, "the sheet is active")
      XCTAssertFalse(ui.window.isActive)
      // The parent's focus widget stays (a deactivated window keeps it); the state reads it.
      XCTAssertTrue(second.isFocused)
      XCTAssertEqual(probe.read(), .password, "the parent's @FocusState keeps its field")

      cgtk_text_insert_at_cursor(gtk_window_get_focus(sheet), "Ada")
      XCTAssertEqual(model.name, "Ada", "the sheet's field writes the parent's model")
      click(try XCTUnwrap(button("Done", in: sheet)))
      MainLoop.drain()
      XCTAssertEqual(presented(over: ui.window), [], "dismiss() closed the sheet")
      XCTAssertFalse(model.showing, "the binding is reset")
      XCTAssertEqual(model.log, ["done", "onDismiss"], "onDismiss ran once")
      XCTAssertTrue(second.isFocused, "focus is back on the field that had it")
      XCTAssertEqual(probe.read(), .password)
      XCTAssertTrue(MainLoop.run(timeout: 5) { ui.window.isActive }, "the parent is active")
    }
  }

  // Issue 35 (seen in screenshots): the field a sheet focused at its end stayed below the
  // fold; GTK scrolls to a focus only from an allocation, which the sheet did not have yet.
  func testASheetScrollsTheFieldItFocusesIntoViewWithItsRow() throws {
    try MainActor.assumeIsolated {
      let model = SheetModel()
      let ui = show {
        Button("Edit") { model.showing = true }
          .sheet(isPresented: Bindable(model).showing) { AttendeesSheet(model: model) }
      }
      model.showing = true
      XCTAssertTrue(MainLoop.run(timeout: 5) { presented(over: ui.window).count == 1 })
      let sheet = try XCTUnwrap(presented(over: ui.window).first)
      let focus = try XCTUnwrap(gtk_window_get_focus(sheet))
      let entry = try XCTUnwrap(gtk_widget_get_ancestor(focus, gtk_entry_get_type()))
      XCTAssertEqual(
        gtk_entry_get_placeholder_text(entry.cast(to: GtkEntry.self)).map { String(cString: $0) },
        "New Attendee")
      let row = try XCTUnwrap(gtk_widget_get_ancestor(entry, gtk_list_box_row_get_type()))
      let scrolled = try XCTUnwrap(gtk_widget_get_ancestor(row, gtk_scrolled_window_get_type()))
      @MainActor func rowIsShown() -> Bool {
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(row, scrolled, &bounds) != 0 else { return false }
        return bounds.origin.y >= 0
          && bounds.origin.y + bounds.size.height <= Float(gtk_widget_get_height(scrolled))
      }
      XCTAssertTrue(MainLoop.run(timeout: 2) { rowIsShown() }, "the focused row is scrolled to")
      MainLoop.run(timeout: 0.3) { false }
      XCTAssertTrue(rowIsShown(), "and stays in view")
    }
  }

  func testAFieldThatLostFocusWhileTheSheetWasUpGetsItBack() throws {
    try MainActor.assumeIsolated {
      let model = SheetModel()
      let probe = SheetFocusProbe()
      let ui = show(host { Parent(model: model, probe: probe) })
      let first = try ui.find(title: "First")
      XCTAssertTrue(first.isFocused, "launch focus")
      model.showing = true
      XCTAssertTrue(MainLoop.run(timeout: 5) { presented(over: ui.window).count == 1 })
      // Something in the parent takes its focus away while the sheet is up.
      gtk_window_set_focus(ui.window.window, nil)
      MainLoop.drain()
      XCTAssertNil(focusWidget(ui.window))
      model.showing = false
      MainLoop.drain()
      XCTAssertEqual(presented(over: ui.window), [], "the binding dismissed the sheet")
      XCTAssertEqual(model.log, ["onDismiss"])
      XCTAssertTrue(first.isFocused, "the field that had focus when the sheet opened has it")
    }
  }

  func testASheetPresentedFromTheStartComesUpOverItsParentOnceItShows() throws {
    try MainActor.assumeIsolated {
      let model = SheetModel()
      model.showing = true
      let host = host { Parent(model: model, probe: SheetFocusProbe()) }
      MainLoop.drain()
      XCTAssertEqual(presented(over: host.window), [], "not before its parent shows")
      let ui = show(host)
      XCTAssertTrue(MainLoop.run(timeout: 5) { presented(over: ui.window).count == 1 })
      let sheet = presented(over: ui.window)[0]
      XCTAssertTrue(MainLoop.run(timeout: 5) { gtk_window_is_active(sheet) != 0 }, "on top")
      XCTAssertNotNil(focusedText(sheet))
      XCTAssertTrue(try ui.find(title: "First").isFocused, "the parent's launch focus is kept")
    }
  }

  func testAFocusWriteInTheParentWhileTheSheetIsUpIsKeptAfterDismissal() throws {
    try MainActor.assumeIsolated {
      let model = SheetModel()
      let probe = SheetFocusProbe()
      let ui = show(host { Parent(model: model, probe: probe) })
      XCTAssertEqual(probe.read(), .username)
      model.showing = true
      XCTAssertTrue(MainLoop.run(timeout: 5) { presented(over: ui.window).count == 1 })
      let sheet = presented(over: ui.window)[0]
      XCTAssertTrue(MainLoop.run(timeout: 5) { gtk_window_is_active(sheet) != 0 })
      probe.write(.password)
      MainLoop.drain()
      XCTAssertTrue(try ui.find(title: "Second").isFocused, "the parent's focus widget moved")
      XCTAssertEqual(presented(over: ui.window).count, 1, "the sheet stays up")
      XCTAssertNotEqual(gtk_window_is_active(sheet), 0, "and active")
      model.showing = false
      MainLoop.drain()
      XCTAssertTrue(try ui.find(title: "Second").isFocused, "the app's choice is kept")
      XCTAssertEqual(probe.read(), .password)
    }
  }

  func testClosingTheSheetWindowResetsTheBindingAndRunsOnDismissOnce() throws {
    try MainActor.assumeIsolated {
      let model = SheetModel()
      let ui = show(host { Parent(model: model, probe: SheetFocusProbe()) })
      model.showing = true
      XCTAssertTrue(MainLoop.run(timeout: 5) { presented(over: ui.window).count == 1 })
      let sheet = try XCTUnwrap(presented(over: ui.window).first)
      // What the window manager's close button does: "close-request", then destroy.
      gtk_window_close(sheet)
      MainLoop.drain()
      XCTAssertEqual(presented(over: ui.window), [])
      XCTAssertFalse(model.showing)
      XCTAssertEqual(model.log, ["onDismiss"])
      model.showing = true
      XCTAssertTrue(MainLoop.run(timeout: 5) { presented(over: ui.window).count == 1 }, "again")
    }
  }

  func testDismissingFromInsideAndOutsideAtOnceDismissesOnce() throws {
    try MainActor.assumeIsolated {
      let model = SheetModel()
      let ui = show(host { Parent(model: model, probe: SheetFocusProbe()) })
      model.showing = true
      XCTAssertTrue(MainLoop.run(timeout: 5) { presented(over: ui.window).count == 1 })
      let sheet = try XCTUnwrap(presented(over: ui.window).first)
      // The sheet's Done (dismiss()) and the model's write in the same turn.
      click(try XCTUnwrap(button("Done", in: sheet)))
      model.showing = false
      MainLoop.drain()
      XCTAssertEqual(presented(over: ui.window), [])
      XCTAssertFalse(model.showing)
      XCTAssertEqual(model.log, ["done", "onDismiss"])
    }
  }

  func testAnItemSheetFollowsItsItemAndANewItemReplacesTheShownOne() {
    MainActor.assumeIsolated {
      let model = SheetModel()
      let ui = show(
        host {
          Text("Items")
            .sheet(item: Bindable(model).item, onDismiss: { model.log.append("onDismiss") }) {
              sheet in
              Text("Sheet \(sheet.id)")
            }
        })
      model.item = Sheet(id: "A")
      XCTAssertTrue(MainLoop.run(timeout: 5) { presented(over: ui.window).count == 1 })
      XCTAssertTrue(texts(in: presented(over: ui.window)[0]).contains("Sheet A"))
      model.item = Sheet(id: "B")
      XCTAssertTrue(
        MainLoop.run(timeout: 5) {
          presented(over: ui.window).count == 1
            && texts(in: presented(over: ui.window)[0]).contains("Sheet B")
        }, "B replaced A")
      XCTAssertEqual(model.log, ["onDismiss"], "A's onDismiss ran")
      XCTAssertEqual(model.item, Sheet(id: "B"), "the new item is kept")
      model.item = nil
      MainLoop.drain()
      XCTAssertEqual(presented(over: ui.window), [], "nil dismisses")
      XCTAssertEqual(model.log, ["onDismiss", "onDismiss"])
      model.item = Sheet(id: "C")
      XCTAssertTrue(MainLoop.run(timeout: 5) { presented(over: ui.window).count == 1 })
      gtk_window_close(presented(over: ui.window)[0])
      MainLoop.drain()
      XCTAssertNil(model.item, "closing the window sets the item to nil")
    }
  }

  func testASheetPresentedWhileAnotherIsUpWaitsForItsDismissal() {
    MainActor.assumeIsolated {
      let model = SheetModel()
      let ui = show(
        host {
          VStack {
            Text("One").sheet(isPresented: Bindable(model).showing) { Text("First sheet") }
            Text("Two").sheet(isPresented: Bindable(model).other) { Text("Second sheet") }
          }
        })
      model.showing = true
      XCTAssertTrue(MainLoop.run(timeout: 5) { presented(over: ui.window).count == 1 })
      model.other = true
      MainLoop.drain()
      XCTAssertEqual(presented(over: ui.window).count, 1, "one sheet at a time")
      XCTAssertTrue(texts(in: presented(over: ui.window)[0]).contains("First sheet"))
      XCTAssertTrue(model.other, "the waiting sheet's binding stays true")
      gtk_window_close(presented(over: ui.window)[0])
      XCTAssertTrue(
        MainLoop.run(timeout: 5) {
          presented(over: ui.window).count == 1
            && texts(in: presented(over: ui.window)[0]).contains("Second sheet")
        }, "the waiting sheet comes up")
      XCTAssertFalse(model.showing)
    }
  }

  func testAnAlertShowsTitleMessageFieldAndButtonsAndItsButtonsDismissIt() throws {
    try MainActor.assumeIsolated {
      let model = SheetModel()
      let ui = show(
        host {
          Text("Main")
            .alert("Enter your name", isPresented: Bindable(model).showing) {
              TextField("Name", text: Bindable(model).name)
              Button("OK") { model.log.append("ok \(model.name)") }
              Button("Cancel", role: .cancel) { model.log.append("cancel") }
            } message: {
              Text("Xcode will print whatever you type.")
            }
        })
      model.showing = true
      XCTAssertTrue(MainLoop.run(timeout: 5) { presented(over: ui.window).count == 1 })
      let alert = presented(over: ui.window)[0]
      XCTAssertNotEqual(gtk_window_get_modal(alert), 0)
      let shown = texts(in: alert)
      XCTAssertEqual(
        shown.filter {
          ["Enter your name", "Xcode will print whatever you type.", "OK", "Cancel"]
            .contains($0)
        },
        ["Enter your name", "Xcode will print whatever you type.", "OK", "Cancel"])
      XCTAssertNotNil(focusedText(alert), "the alert's text field has focus")
      let ok = try XCTUnwrap(button("OK", in: alert))
      XCTAssertEqual(gtk_window_get_default_widget(alert), ok, "the first button is the default")
      cgtk_text_insert_at_cursor(gtk_window_get_focus(alert), "Ada")
      click(ok)
      MainLoop.drain()
      XCTAssertEqual(model.log, ["ok Ada"])
      XCTAssertEqual(presented(over: ui.window), [], "a button dismisses the alert")
      XCTAssertFalse(model.showing)
    }
  }

  // Return in an alert's text field runs the default button, as clicking it does (macOS).
  func testReturnInAnAlertsTextFieldRunsItsDefaultButton() throws {
    try MainActor.assumeIsolated {
      let model = SheetModel()
      let ui = show(
        host {
          Text("Main")
            .alert("Enter your name", isPresented: Bindable(model).showing) {
              TextField("Name", text: Bindable(model).name)
              SecureField("Password", text: Bindable(model).name)
              Button("OK") { model.log.append("ok \(model.name)") }
              Button("Cancel", role: .cancel) { model.log.append("cancel") }
            }
        })
      for field in 0..<2 {
        model.showing = true
        XCTAssertTrue(MainLoop.run(timeout: 5) { presented(over: ui.window).count == 1 })
        let alert = presented(over: ui.window)[0]
        let texts = Widget(retaining: UnsafeMutableRawPointer(alert)).gtkDescendants(
          ofType: gtk_text_get_type())
        XCTAssertEqual(texts.count, 2)
        cgtk_text_insert_at_cursor(texts[field], "\(field)")
        // What GTK's Return binding on a GtkText emits.
        cgtk_emit(texts[field], "activate")
        XCTAssertTrue(MainLoop.run(timeout: 5) { presented(over: ui.window).isEmpty })
        XCTAssertFalse(model.showing)
      }
      XCTAssertEqual(model.log, ["ok 0", "ok 01"])
    }
  }

  func testALegacyAlertValueShowsItsTextsAndButtons() throws {
    try MainActor.assumeIsolated {
      let model = SheetModel()
      let ui = show(
        host {
          Text("Main")
            .alert(isPresented: Bindable(model).showing) {
              Alert(
                title: Text("Delete all?"), message: Text("This cannot be undone."),
                primaryButton: .destructive(Text("Delete")) { model.log.append("delete") },
                secondaryButton: .cancel())
            }
        })
      model.showing = true
      XCTAssertTrue(MainLoop.run(timeout: 5) { presented(over: ui.window).count == 1 })
      let alert = presented(over: ui.window)[0]
      XCTAssertEqual(
        texts(in: alert).filter { !$0.isEmpty },
        ["Delete all?", "This cannot be undone.", "Delete", "Cancel"])
      let delete = try XCTUnwrap(button("Delete", in: alert))
      XCTAssertNotEqual(gtk_widget_has_css_class(delete, "destructive-action"), 0)
      XCTAssertEqual(gtk_window_get_default_widget(alert), delete)
      click(try XCTUnwrap(button("Cancel", in: alert)))
      MainLoop.drain()
      XCTAssertEqual(model.log, [])
      XCTAssertEqual(presented(over: ui.window), [])
      XCTAssertFalse(model.showing)
    }
  }

  func testAConfirmationDialogHidesItsTitleWhenAskedAndStylesDestructiveButtons() throws {
    try MainActor.assumeIsolated {
      let model = SheetModel()
      let ui = show(
        host {
          Text("Main")
            .confirmationDialog(
              "Delete?", isPresented: Bindable(model).showing, titleVisibility: .hidden
            ) {
              Button("Delete", role: .destructive) { model.log.append("delete") }
              Button("Cancel", role: .cancel) {}
            }
        })
      model.showing = true
      XCTAssertTrue(MainLoop.run(timeout: 5) { presented(over: ui.window).count == 1 })
      let dialog = presented(over: ui.window)[0]
      XCTAssertFalse(texts(in: dialog).contains("Delete?"))
      let delete = try XCTUnwrap(button("Delete", in: dialog))
      XCTAssertNotEqual(gtk_widget_has_css_class(delete, "destructive-action"), 0)
      // NB: its default button (Return's) takes launch focus, so a screen reader announces
      // the dialog (DialogAccessibilityTests).
      XCTAssertEqual(gtk_window_get_focus(dialog), delete, "the default button has focus")
      click(delete)
      MainLoop.drain()
      XCTAssertEqual(model.log, ["delete"])
      XCTAssertEqual(presented(over: ui.window), [])
    }
  }

  func testEscapeRunsTheSheetsCancellationActionAndFocusComesBack() throws {
    guard try runsInChildProcess(in: "PresentationTests") else { return }
    try MainActor.assumeIsolated {
      let model = SheetModel()
      let probe = SheetFocusProbe()
      let ui = show(host { Parent(model: model, probe: probe) })
      let first = try ui.find(title: "First")
      XCTAssertTrue(first.isFocused)
      model.showing = true
      XCTAssertTrue(MainLoop.run(timeout: 5) { presented(over: ui.window).count == 1 })
      let sheet = try XCTUnwrap(PresentationQueue.current(of: ui.window)?.window)
      try xdotool(on: sheet, ["key", "Escape"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { presented(over: ui.window).isEmpty })
      XCTAssertEqual(model.log, ["cancel", "onDismiss"], "Escape ran the cancellation item")
      XCTAssertFalse(model.showing)
      XCTAssertTrue(first.isFocused, "focus is back in the parent's field")
      XCTAssertTrue(MainLoop.run(timeout: 5) { ui.window.isActive })
    }
  }

  func testInteractiveDismissDisabledKeepsTheSheetOnEscapeAndHidesItsCloseButton() throws {
    guard try runsInChildProcess(in: "PresentationTests") else { return }
    try MainActor.assumeIsolated {
      let model = SheetModel()
      struct Locked: View {
        let model: SheetModel
        @Environment(\.dismiss) var dismiss
        var body: some View {
          VStack {
            TextField("Name", text: Bindable(model).name)
            Button("Save") { dismiss() }
          }
          .interactiveDismissDisabled(!model.other)
        }
      }
      let ui = show(
        host { Text("Main").sheet(isPresented: Bindable(model).showing) { Locked(model: model) } })
      model.showing = true
      XCTAssertTrue(MainLoop.run(timeout: 5) { presented(over: ui.window).count == 1 })
      let sheet = try XCTUnwrap(PresentationQueue.current(of: ui.window)?.window)
      XCTAssertEqual(gtk_window_get_deletable(sheet.window), 0, "no close button")
      try xdotool(on: sheet, ["key", "Escape"])
      try xdotool(on: sheet, ["type", "a"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.name == "a" })
      XCTAssertEqual(presented(over: ui.window).count, 1, "Escape did not dismiss")
      XCTAssertTrue(model.showing)
      model.other = true
      XCTAssertTrue(MainLoop.run(timeout: 5) { gtk_window_get_deletable(sheet.window) != 0 })
      try xdotool(on: sheet, ["key", "Escape"])
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { presented(over: ui.window).isEmpty },
        "with the modifier's input false, Escape dismisses again")
      XCTAssertFalse(model.showing)
    }
  }

  func testEscapeInASheetRunsAButtonWithTheCancelActionShortcut() throws {
    guard try runsInChildProcess(in: "PresentationTests") else { return }
    try MainActor.assumeIsolated {
      let model = SheetModel()
      struct MacSheet: View {
        let model: SheetModel
        @Environment(\.dismiss) var dismiss
        var body: some View {
          HStack {
            Button("Cancel") {
              model.log.append("cancel")
              dismiss()
            }
            .keyboardShortcut(.cancelAction)
            Button("OK") { dismiss() }.keyboardShortcut(.defaultAction)
          }
        }
      }
      let ui = show(
        host { Text("Main").sheet(isPresented: Bindable(model).showing) { MacSheet(model: model) } }
      )
      model.showing = true
      XCTAssertTrue(MainLoop.run(timeout: 5) { presented(over: ui.window).count == 1 })
      let sheet = try XCTUnwrap(PresentationQueue.current(of: ui.window)?.window)
      try xdotool(on: sheet, ["key", "Escape"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { presented(over: ui.window).isEmpty })
      XCTAssertEqual(model.log, ["cancel"], "the .cancelAction button ran, then dismissed")
      XCTAssertFalse(model.showing)
    }
  }

  func testEscapeInAnAlertRunsItsCancelButton() throws {
    guard try runsInChildProcess(in: "PresentationTests") else { return }
    try MainActor.assumeIsolated {
      let model = SheetModel()
      let ui = show(
        host {
          TextField("Main", text: Bindable(model).first)
            .alert("Rename", isPresented: Bindable(model).showing) {
              TextField("Name", text: Bindable(model).name)
              Button("OK") { model.log.append("ok") }
              Button("Keep", role: .cancel) { model.log.append("keep") }
            }
        })
      let main = try ui.find(title: "Main")
      XCTAssertTrue(main.isFocused)
      model.showing = true
      XCTAssertTrue(MainLoop.run(timeout: 5) { presented(over: ui.window).count == 1 })
      let alert = try XCTUnwrap(PresentationQueue.current(of: ui.window)?.window)
      XCTAssertNotNil(focusedText(alert.window))
      try xdotool(on: alert, ["type", "--delay", "30", "Bo"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.name == "Bo" }, "typed into the alert")
      try xdotool(on: alert, ["key", "Escape"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { presented(over: ui.window).isEmpty })
      XCTAssertEqual(model.log, ["keep"], "Escape ran the .cancel button, then dismissed")
      XCTAssertFalse(model.showing)
      XCTAssertTrue(main.isFocused, "focus is back in the parent's field")
    }
  }

  func testAPopoverPointsAtItsViewTakesFocusAndGivesItBack() throws {
    try MainActor.assumeIsolated {
      let model = SheetModel()
      struct Popped: View {
        @Bindable var model: SheetModel
        @Environment(\.dismiss) var dismiss
        var body: some View {
          VStack {
            TextField("Note", text: $model.name)
            Button("Close") { dismiss() }
          }
        }
      }
      let ui = show(
        host {
          VStack {
            TextField("Main", text: Bindable(model).first)
            Button("Info") {}.popover(isPresented: Bindable(model).showing) { Popped(model: model) }
          }
        })
      let main = try ui.find(title: "Main")
      let info = try ui.find(title: "Info").widget
      XCTAssertTrue(main.isFocused)
      model.showing = true
      MainLoop.drain()
      let popover = try XCTUnwrap(
        info.gtkDescendants(ofType: gtk_popover_get_type()).first, "a GtkPopover on the button")
      XCTAssertTrue(MainLoop.run(timeout: 5) { gtk_widget_get_mapped(popover) != 0 })
      let focus = try XCTUnwrap(focusWidget(ui.window))
      XCTAssertNotEqual(gtk_widget_is_ancestor(focus, popover), 0, "focus is in the popover")
      cgtk_text_insert_at_cursor(focus, "Hi")
      XCTAssertEqual(model.name, "Hi")
      // A click outside or Escape: GTK pops the popover down.
      gtk_popover_popdown(popover.cast(to: GtkPopover.self))
      XCTAssertTrue(MainLoop.run(timeout: 5) { !model.showing }, "the binding is reset")
      XCTAssertTrue(MainLoop.run(timeout: 5) { main.isFocused }, "focus is back in Main")
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { info.gtkDescendants(ofType: gtk_popover_get_type()).isEmpty })

      model.showing = true
      MainLoop.drain()
      let again = try XCTUnwrap(info.gtkDescendants(ofType: gtk_popover_get_type()).first)
      XCTAssertTrue(MainLoop.run(timeout: 5) { gtk_widget_get_mapped(again) != 0 })
      let close = try XCTUnwrap(
        Widget(retaining: UnsafeMutableRawPointer(again)).gtkDescendants(
          ofType: gtk_button_get_type()
        ).first)
      click(close)
      XCTAssertTrue(MainLoop.run(timeout: 5) { !model.showing }, "dismiss() closes it")
      XCTAssertTrue(MainLoop.run(timeout: 5) { main.isFocused })
    }
  }

  func testASheetsDefaultFocusWinsAndASheetFromASheetGoesOverIt() throws {
    try MainActor.assumeIsolated {
      let model = SheetModel()
      struct Inner: View {
        @Bindable var model: SheetModel
        @FocusState var focus: Field?
        var body: some View {
          VStack {
            TextField("One", text: $model.first).focused($focus, equals: .username)
            TextField("Two", text: $model.second).focused($focus, equals: .password)
          }
          .defaultFocus($focus, .password)
          .sheet(isPresented: $model.other) { Text("Nested") }
        }
      }
      let ui = show(
        host { Text("Main").sheet(isPresented: Bindable(model).showing) { Inner(model: model) } })
      model.second = "two"
      model.showing = true
      XCTAssertTrue(MainLoop.run(timeout: 5) { presented(over: ui.window).count == 1 })
      let sheet = presented(over: ui.window)[0]
      XCTAssertTrue(MainLoop.run(timeout: 5) { focusedText(sheet) == "two" }, ".defaultFocus")
      model.other = true
      let sheetWindow = try XCTUnwrap(PresentationQueue.current(of: ui.window)?.window)
      XCTAssertTrue(MainLoop.run(timeout: 5) { presented(over: sheetWindow).count == 1 })
      XCTAssertTrue(texts(in: presented(over: sheetWindow)[0]).contains("Nested"))
      XCTAssertNotEqual(gtk_window_get_modal(presented(over: sheetWindow)[0]), 0)
      gtk_window_close(presented(over: sheetWindow)[0])
      MainLoop.drain()
      XCTAssertFalse(model.other)
      XCTAssertEqual(presented(over: ui.window).count, 1, "the first sheet stays")
      XCTAssertEqual(focusedText(sheet), "two", "focus back in the first sheet's field")
    }
  }

  func testAPresentingViewThatLeavesClosesItsSheetAndClosingTheParentClosesTheSheet() {
    MainActor.assumeIsolated {
      let model = SheetModel()
      let ui = show(
        host {
          VStack {
            if model.name.isEmpty {
              Text("Presenter")
                .sheet(
                  isPresented: Bindable(model).showing,
                  onDismiss: { model.log.append("onDismiss") }
                ) { Text("Sheet") }
            }
          }
        })
      model.showing = true
      XCTAssertTrue(MainLoop.run(timeout: 5) { presented(over: ui.window).count == 1 })
      model.name = "gone"
      MainLoop.drain()
      XCTAssertEqual(presented(over: ui.window), [], "the sheet went with its view")
      XCTAssertEqual(model.log, [], "onDismiss does not run for a view that left")
      model.name = ""
      XCTAssertTrue(MainLoop.run(timeout: 5) { presented(over: ui.window).count == 1 })
      let window = ui.window
      hosts.first?.close()
      MainLoop.drain()
      XCTAssertEqual(presented(over: window), [], "the sheet closed with its parent")
    }
  }

  /// A sheet's controls take the tint around the view that presents it, as that view's
  /// environment, and follow it when it changes while the sheet is up (they kept the first
  /// one: a change walked only the presenting window's views).
  func testASheetsControlsFollowATintChangedAroundItsPresenter() throws {
    try MainActor.assumeIsolated {
      let model = SheetModel()
      let ui = show(
        host {
          Button("Open") { model.showing = true }
            .sheet(isPresented: Binding(get: { model.showing }, set: { model.showing = $0 })) {
              Button("Buy") {}.buttonStyle(.borderedProminent)
            }
            .tint(model.other ? .orange : .red)
        })
      try StylingModifierTests.movePointerAway()
      model.showing = true
      XCTAssertTrue(MainLoop.run(timeout: 5) { presented(over: ui.window).count == 1 })
      let sheet = try XCTUnwrap(presented(over: ui.window).first)
      let buy = Widget(retaining: try XCTUnwrap(button("Buy", in: sheet)))
      StylingModifierTests.nextFrame(buy)
      XCTAssertEqual(StylingModifierTests.pixel(buy, x: 6, y: 6), StylingModifierTests.red)
      model.other = true
      MainLoop.drain()
      StylingModifierTests.nextFrame(buy)
      XCTAssertEqual(
        StylingModifierTests.pixel(buy, x: 6, y: 6), StylingModifierTests.orange,
        "the sheet follows")
      model.showing = false
      MainLoop.drain()
    }
  }

  /// A popover's views take the tint around the view that presents it, and follow it when it
  /// changes while the popover is up, the presenter in a view that does not run again: a
  /// prominent button and text in `.tint` (they kept the first one: a change walked the
  /// views below the presenter, and a popover's content is none of them).
  func testAPopoversViewsFollowATintChangedAroundItsPresenter() throws {
    try MainActor.assumeIsolated {
      let model = PopoverModel()
      let ui = show(
        host {
          VStack { PopoverPresenting(model: model) }
            .tint(model.orange ? .orange : .red)
        })
      try StylingModifierTests.movePointerAway()
      model.showing = true
      MainLoop.drain()
      let info = try ui.find(title: "Info").widget
      let popover = try XCTUnwrap(info.gtkDescendants(ofType: gtk_popover_get_type()).first)
      XCTAssertTrue(MainLoop.run(timeout: 5) { gtk_widget_get_mapped(popover) != 0 })
      let content = Widget(retaining: UnsafeMutableRawPointer(popover))
      let buy = Widget(
        retaining: try XCTUnwrap(
          content.gtkDescendants(ofType: gtk_button_get_type()).first {
            gtk_button_get_label($0.cast(to: GtkButton.self)).map { String(cString: $0) } == "Buy"
          }))
      let sale = try XCTUnwrap(
        content.gtkDescendants(ofType: gtk_label_get_type()).first {
          gtk_label_get_text(OpaquePointer($0)).map { String(cString: $0) } == "Sale"
        })
      @MainActor func saleColor() -> [Double] {
        var rgba = GdkRGBA()
        cgtk_widget_get_color(sale, &rgba)
        return [rgba.red, rgba.green, rgba.blue].map { (Double($0) * 100).rounded() / 100 }
      }
      StylingModifierTests.nextFrame(buy)
      XCTAssertEqual(StylingModifierTests.pixel(buy, x: 6, y: 6), StylingModifierTests.red)
      XCTAssertEqual(saleColor(), [1, 0, 0])
      model.orange = true
      MainLoop.drain()
      StylingModifierTests.nextFrame(buy)
      XCTAssertEqual(
        StylingModifierTests.pixel(buy, x: 6, y: 6), StylingModifierTests.orange,
        "the popover's button follows the tint")
      XCTAssertEqual(saleColor(), [1, 0.65, 0], "its text in the tint too")
      model.showing = false
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { info.gtkDescendants(ofType: gtk_popover_get_type()).isEmpty })
    }
  }

  func testPresentingAndDismissingLeavesNoGtkBridgeObjectBehind() {
    MainActor.assumeIsolated {
      var before = LiveObjects.snapshot
      let coordinators = FocusCoordinator.liveCount
      weak var lastSheet: PresentedWindow?
      for cycle in 0..<10 {
        if cycle == 1 { before = LiveObjects.snapshot }
        let model = SheetModel()
        let host = try! HostingWindow(title: "cycle \(cycle)") {
          VStack {
            Parent(model: model, probe: SheetFocusProbe())
            Button("Info") {}.popover(isPresented: Bindable(model).other) { Text("Pop") }
          }
        }
        host.present()
        MainLoop.drain()
        model.showing = true
        XCTAssertTrue(MainLoop.run(timeout: 5) { presented(over: host.window).count == 1 })
        lastSheet = PresentationQueue.current(of: host.window)
        model.showing = false
        model.other = true
        MainLoop.drain()
        model.other = false
        if cycle.isMultiple(of: 2) {
          model.showing = true
          XCTAssertTrue(MainLoop.run(timeout: 5) { presented(over: host.window).count == 1 })
        }
        host.close()
        MainLoop.drain()
      }
      MainLoop.drain()
      XCTAssertNil(lastSheet, "the presented window's handle is gone")
      XCTAssertEqual(LiveObjects.snapshot, before, "GtkBridge objects outlived their windows")
      XCTAssertEqual(FocusCoordinator.liveCount, coordinators)
    }
  }
}
