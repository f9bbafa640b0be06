import CGtk
import Foundation
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

@MainActor
@Observable
private final class PresentingModel {
  var showing = false
}

/// Shows whether edit mode is on.
private struct EditingLabel: View {
  @Environment(\.editMode) private var editMode
  var body: some View { Text(editMode?.wrappedValue.isEditing == true ? "Editing" : "Viewing") }
}

/// A sheet that closes itself through the old `presentationMode`.
private struct OldStyleSheet: View {
  @Environment(\.presentationMode) private var presentationMode
  var body: some View {
    VStack {
      Text(presentationMode.wrappedValue.isPresented ? "presented" : "not presented")
      Button("Close") { presentationMode.wrappedValue.dismiss() }
    }
  }
}

/// Shows the locale it sees.
private struct LocaleLabel: View {
  @Environment(\.locale) private var locale
  var body: some View { Text(locale.identifier) }
}

/// `EditButton` and `\.editMode`, `\.presentationMode`, `\.locale`, accessibility traits,
/// `.pickerStyle(.navigationLink)` and `.scrollBounceBehavior`, on real widgets.
final class EditModeAndEnvironmentTests: GtkTestCase, @unchecked Sendable {
  override func tearDown() {
    MainActor.assumeIsolated { AppEditMode.shared.mode = .inactive }
    super.tearDown()
  }

  func testEditButtonTogglesTheEditModeTheViewsRead() throws {
    try MainActor.assumeIsolated {
      let ui = show(
        host {
          VStack {
            EditButton()
            EditingLabel()
          }
        })
      XCTAssertEqual(try ui.find(Text.self).text, "Viewing")
      try ui.find(title: "Edit").tap()
      XCTAssertEqual(try ui.find(Text.self).text, "Editing")
      XCTAssertEqual(AppEditMode.shared.mode, .active)
      try ui.find(title: "Done").tap()
      XCTAssertEqual(try ui.find(Text.self).text, "Viewing")
    }
  }

  func testAViewsOwnEditModeBindingWins() throws {
    try MainActor.assumeIsolated {
      var mode = EditMode.active
      let ui = show(
        host {
          VStack {
            EditButton()
            EditingLabel()
          }
          .environment(\.editMode, Binding(get: { mode }, set: { mode = $0 }))
        })
      XCTAssertEqual(try ui.find(Text.self).text, "Editing")
      try ui.find(title: "Done").tap()
      XCTAssertEqual(mode, .inactive, "the button wrote the view's own binding")
      XCTAssertEqual(AppEditMode.shared.mode, .inactive)
    }
  }

  func testPresentationModeDismissesTheSheet() throws {
    try MainActor.assumeIsolated {
      let model = PresentingModel()
      let ui = show(
        host {
          OldStyleSheet()
            .sheet(isPresented: Binding(get: { model.showing }, set: { model.showing = $0 })) {
              OldStyleSheet()
            }
        })
      XCTAssertEqual(try ui.find(Text.self).text, "not presented")
      model.showing = true
      XCTAssertTrue(MainLoop.run(timeout: 5) { self.sheets(over: ui.window).count == 1 })
      let sheet = try XCTUnwrap(sheets(over: ui.window).first)
      let texts = gtkTree(UnsafeMutableRawPointer(sheet).assumingMemoryBound(to: GtkWidget.self))
        .filter { widgetTypeName($0) == "GtkLabel" }.map(labelText)
      XCTAssertTrue(texts.contains("presented"), "\(texts)")
      let close = try XCTUnwrap(
        gtkTree(UnsafeMutableRawPointer(sheet).assumingMemoryBound(to: GtkWidget.self)).first {
          widgetTypeName($0) == "GtkButton"
            && gtk_button_get_label(
              UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkButton.self)
            ).map { String(cString: $0) } == "Close"
        })
      cgtk_emit(close, "clicked")
      XCTAssertTrue(MainLoop.run(timeout: 5) { self.sheets(over: ui.window).isEmpty })
      XCTAssertFalse(model.showing, "dismissing wrote the binding")
    }
  }

  @MainActor private func sheets(over window: Window) -> [UnsafeMutablePointer<GtkWindow>] {
    let list = gtk_window_get_toplevels()
    var found: [UnsafeMutablePointer<GtkWindow>] = []
    for index in 0..<g_list_model_get_n_items(list) {
      guard let item = g_list_model_get_item(list, index) else { continue }
      g_object_unref(item)
      let candidate = item.assumingMemoryBound(to: GtkWindow.self)
      if gtk_window_get_transient_for(candidate) == window.window,
        gtk_widget_get_visible(item.assumingMemoryBound(to: GtkWidget.self)) != 0
      {
        found.append(candidate)
      }
    }
    return found
  }

  func testLocaleIsFoundationsUnlessAViewSetsOne() throws {
    try MainActor.assumeIsolated {
      let ui = show(
        host {
          VStack {
            LocaleLabel()
            LocaleLabel().environment(\.locale, Locale(identifier: "de_DE"))
          }
        })
      let texts = ui.findAll(Text.self).map(\.text)
      XCTAssertEqual(texts, [Locale.current.identifier, "de_DE"])
    }
  }

  func testANavigationLinkPickerIsADropDownAndBounceIsAccepted() {
    MainActor.assumeIsolated {
      let ui = show(
        host {
          ScrollView {
            Picker("Category", selection: .constant("Food")) {
              Text("Food").tag("Food")
              Text("Rent").tag("Rent")
            }
            .pickerStyle(.navigationLink)
          }
          .scrollBounceBehavior(.basedOnSize)
        })
      XCTAssertEqual(
        contentTree(of: ui.window).filter { widgetTypeName($0) == "GtkDropDown" }.count, 1)
    }
  }
}
