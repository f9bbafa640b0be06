import CGtk
import Foundation
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

private struct LabelledFields: View {
  let actions: ViewActions
  @State var label = "Name"
  @State var text = ""

  var body: some View {
    Form {
      TextField(label, text: $text)
      TextField("", text: $text)
      TextField("Hidden", text: $text).labelsHidden()
      SecureField(label, text: $text)
    }
    .onAppear { actions.named["label"] = { label = ["", "Name", "Email"][$0] } }
  }
}

/// A field's form label follows its label and `.labelsHidden()`.
final class FormRowLabelTests: GtkTestCase, @unchecked Sendable {
  func testAFieldsFormLabelFollowsItsLabelAndLabelsHidden() {
    MainActor.assumeIsolated {
      let (host, _, actions) = shown { LabelledFields(actions: $1) }
      @MainActor func rowLabels() -> [String] {
        gtkTree(host.window.pointer).filter { hasClass($0, FormRowLabel.rowClass) }.map {
          labelText(gtk_widget_get_first_child($0)!)
        }
      }
      // A field without a label, or under `.labelsHidden()`, has an empty one.
      XCTAssertEqual(rowLabels(), ["Name", "", "", "Name"])
      actions("label", 0)
      MainLoop.drain()
      XCTAssertEqual(rowLabels(), ["", "", "", ""])
      actions("label", 2)
      MainLoop.drain()
      XCTAssertEqual(rowLabels(), ["Email", "", "", "Email"])
      actions("label", 1)
      MainLoop.drain()
      XCTAssertEqual(rowLabels(), ["Name", "", "", "Name"])
    }
  }
}
