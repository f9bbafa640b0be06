import CGtk
import GtkBridgeTesting
import XCTest

@testable import GtkBridge

final class TextWrapTests: GtkTestCase, @unchecked Sendable {
  /// SwiftUI gives a `Text` its one-line size when the row has room and wraps it only when
  /// it must. GTK 4.8 measures a wrapping label's natural width in a horizontal box for the
  /// box's height, which gave it a narrow natural width: "Signed in as …" wrapped word by
  /// word beside a `Spacer` with room to spare.
  func testATextBesideASpacerTakesOneLineWhenThereIsRoomAndWrapsWhenNarrow() throws {
    try MainActor.assumeIsolated {
      let ui = show(
        host {
          HStack {
            Text("Signed in as somebody with a long name")
            Spacer()
            Button("Sign out") {}
          }
        })
      MainLoop.drain()
      let label = try ui.find(Text.self).widget.pointer
      var minimum: Int32 = 0
      var natural: Int32 = 0
      gtk_widget_measure(label, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
      var lineHeight: Int32 = 0
      gtk_widget_measure(label, GTK_ORIENTATION_VERTICAL, natural, &lineHeight, nil, nil, nil)
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { gtk_widget_get_width(label) == natural },
        "the text has its one-line width (\(natural)), not \(gtk_widget_get_width(label))")
      XCTAssertEqual(gtk_widget_get_height(label), lineHeight, "one line")

      gtk_window_set_default_size(ui.window.window, 160, 300)
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { gtk_widget_get_width(label) < natural },
        "a narrow window makes it wrap")
      XCTAssertGreaterThan(gtk_widget_get_height(label), lineHeight)
    }
  }
}
