import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

@MainActor
private final class CardProbe {
  var focus: FocusState<Field?>.Binding?
  var current: Field? { focus?.wrappedValue }
}

/// Renders `widget` as GTK draws it (its snapshot, through the window's renderer) and
/// returns the pixels.
@MainActor
func renderedPixels(_ widget: Widget) -> [UInt8] {
  let snapshot = gtk_snapshot_new()!
  let paintable = gtk_widget_paintable_new(widget.pointer)!
  defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
  let width = Double(gtk_widget_get_width(widget.pointer))
  let height = Double(gtk_widget_get_height(widget.pointer))
  gdk_paintable_snapshot(paintable, snapshot, width, height)
  guard let node = gtk_snapshot_free_to_node(snapshot) else { return [] }
  defer { gsk_render_node_unref(node) }
  var bounds = graphene_rect_t()
  gsk_render_node_get_bounds(node, &bounds)
  let renderer = gtk_native_get_renderer(gtk_widget_get_native(widget.pointer))
  let texture = gsk_renderer_render_texture(renderer, node, &bounds)!
  defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
  let stride = Int(gdk_texture_get_width(texture)) * 4
  var pixels = [UInt8](repeating: 0, count: stride * Int(gdk_texture_get_height(texture)))
  pixels.withUnsafeMutableBytes {
    gdk_texture_download(
      texture, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), gsize(stride))
  }
  return pixels
}

/// `.focusable()` and `.focusEffectDisabled()` on real widgets.
final class FocusableTests: GtkTestCase, @unchecked Sendable {
  func testAFocusableTextIsATabStopThatFocusStateCanMoveTo() throws {
    try MainActor.assumeIsolated {
      struct Cards: View {
        @FocusState var focus: Field?
        let probe: CardProbe
        var body: some View {
          probe.focus = $focus
          return VStack {
            TextField("Name", text: .constant("")).focused($focus, equals: .username)
            Text("Card").focusable().focused($focus, equals: .notes)
            Button("Skipped") {}.focusable(false)
            TextField("Last", text: .constant("")).focused($focus, equals: .email)
          }
        }
      }
      let probe = CardProbe()
      let host = host { Cards(probe: probe) }
      let ui = show(host)
      XCTAssertEqual(probe.current, .username)
      host.window.simulateMoveFocus(.tabForward)
      MainLoop.drain()
      XCTAssertEqual(probe.current, .notes, "Tab reaches the focusable text")
      let card = try XCTUnwrap(focusWidget(host.window))
      XCTAssertTrue(
        descendants(card).contains {
          $0 == (try? ui.find(Text.self, title: "Card"))?.widget.pointer
        })
      host.window.simulateMoveFocus(.tabForward)
      MainLoop.drain()
      XCTAssertEqual(probe.current, .email, "Tab skips the .focusable(false) button")
      host.window.simulateMoveFocus(.tabBackward)
      MainLoop.drain()
      XCTAssertEqual(probe.current, .notes, "Shift+Tab comes back to the text")
      probe.focus?.wrappedValue = .username
      MainLoop.drain()
      probe.focus?.wrappedValue = .notes
      MainLoop.drain()
      XCTAssertEqual(focusWidget(host.window), card, "assigning the state focuses the text")
      try ui.find(TextField.self, title: "Name").tap()
      try ui.find(Text.self, title: "Card").tap()
      XCTAssertEqual(probe.current, .notes, "a tap on the text focuses its focus stop")
    }
  }

  func testFocusEffectDisabledDrawsNoFocusRing() throws {
    try MainActor.assumeIsolated {
      let host = host {
        HStack {
          Button("Ring") {}
          Button("No ring") {}.focusEffectDisabled()
        }
      }
      let ui = show(host)
      gtk_window_set_focus_visible(host.window.window, 1)
      for (title, ringExpected) in [("Ring", true), ("No ring", false)] {
        let button = try ui.find(Button<Text>.self, title: title).widget
        gtk_root_set_focus(OpaquePointer(host.window.pointer), nil)
        // NB: Adwaita fades the ring in and out (a CSS transition): let it finish.
        waitForFrames(host.window, 30)
        let unfocused = renderedPixels(button)
        XCTAssertTrue(gtk_widget_grab_focus(button.pointer) != 0)
        gtk_window_set_focus_visible(host.window.window, 1)
        waitForFrames(host.window, 30)
        let focused = renderedPixels(button)
        XCTAssertFalse(unfocused.isEmpty)
        XCTAssertEqual(
          focused != unfocused, ringExpected,
          ringExpected ? "GTK draws a focus ring" : ".focusEffectDisabled() draws none")
      }
    }
  }
}
