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

  /// `Text(…).lineLimit(n)` shows at most n lines, the last ellipsized (SwiftUI's truncation);
  /// the nearest `.lineLimit` wins, and a changed limit reaches the labels already made.
  func testLineLimitTruncatesATextToItsLinesAndFollowsChanges() throws {
    try MainActor.assumeIsolated {
      let long = String(repeating: "A sentence that needs several lines here. ", count: 6)
      struct V: View {
        let long: String
        @State var outer: Int? = 2
        let limits: (Binding<Int?>) -> Void
        var body: some View {
          VStack {
            Text("first " + long).lineLimit(1)
            VStack {
              Text("second " + long)
              Text("third " + long).lineLimit(3)
            }
            .lineLimit(outer)
            Text("fourth " + long)
          }
          .onAppear { limits($outer) }
        }
      }
      var outer: Binding<Int?>?
      let ui = show(host { V(long: long, limits: { outer = $0 }) })
      gtk_window_set_default_size(ui.window.window, 300, 600)
      waitForFrames(ui.window, 3)
      @MainActor func label(_ prefix: String) throws -> UnsafeMutablePointer<GtkWidget> {
        ui.findAll(Text.self).first {
          String(cString: gtk_label_get_text(OpaquePointer($0.widget.pointer)))
            .hasPrefix(prefix)
        }!.widget.pointer
      }
      @MainActor func lines(_ prefix: String) throws -> Int32 {
        pango_layout_get_line_count(gtk_label_get_layout(OpaquePointer(try label(prefix))))
      }
      @MainActor func ellipsized(_ prefix: String) throws -> Bool {
        pango_layout_is_ellipsized(gtk_label_get_layout(OpaquePointer(try label(prefix)))) != 0
      }
      XCTAssertEqual(try lines("first"), 1)
      XCTAssertTrue(try ellipsized("first"))
      XCTAssertEqual(try lines("second"), 2, "the enclosing limit")
      XCTAssertEqual(try lines("third"), 3, "the nearest limit wins")
      XCTAssertGreaterThan(try lines("fourth"), 3, "no limit: every line")
      XCTAssertFalse(try ellipsized("fourth"))
      outer?.wrappedValue = nil
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      XCTAssertGreaterThan(try lines("second"), 3, "the lifted limit reached the label")
      XCTAssertEqual(try lines("third"), 3)
    }
  }
}
