import CGtk
import Foundation
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

@MainActor
@Observable
private final class PhotoModel {
  var url: URL?
}

/// `AsyncImage` loading a file URL through Foundation into a `GtkPicture`, with its
/// placeholder and phases.
final class AsyncImageTests: GtkTestCase, @unchecked Sendable {
  /// A 3 × 2 PNG written by GDK, and its URL.
  @MainActor private func writePNG() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("gtkbridge-asyncimage-\(getpid()).png")
    var pixels = [UInt8](repeating: 255, count: 3 * 2 * 4)
    let bytes = g_bytes_new(&pixels, gsize(pixels.count))
    defer { g_bytes_unref(bytes) }
    let texture = gdk_memory_texture_new(3, 2, GDK_MEMORY_R8G8B8A8, bytes, 12)!
    defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
    XCTAssertNotEqual(gdk_texture_save_to_png(texture, url.path), 0)
    return url
  }

  @MainActor private func widgets(_ type: String, in window: Window)
    -> [UnsafeMutablePointer<GtkWidget>]
  {
    contentTree(of: window).filter { widgetTypeName($0) == type }
  }

  func testAFileURLLoadsIntoAPictureAfterThePlaceholder() throws {
    try MainActor.assumeIsolated {
      let url = try writePNG()
      defer { try? FileManager.default.removeItem(at: url) }
      let model = PhotoModel()
      let ui = show(
        host {
          AsyncImage(url: model.url) { image in
            image.resizable().scaledToFit()
          } placeholder: {
            Text("Loading")
          }
        })
      XCTAssertEqual(try ui.find(Text.self).text, "Loading", "no URL: the placeholder")
      model.url = url
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { !self.widgets("GtkPicture", in: ui.window).isEmpty },
        "the picture once loaded")
      let picture = try XCTUnwrap(widgets("GtkPicture", in: ui.window).first)
      let paintable = try XCTUnwrap(gtk_picture_get_paintable(OpaquePointer(picture)))
      XCTAssertEqual(gdk_paintable_get_intrinsic_width(paintable), 3)
      XCTAssertEqual(gdk_paintable_get_intrinsic_height(paintable), 2)
      XCTAssertNotEqual(gtk_picture_get_can_shrink(OpaquePointer(picture)), 0, "resizable")
      XCTAssertEqual(gtk_picture_get_content_fit(OpaquePointer(picture)), GTK_CONTENT_FIT_CONTAIN)
      XCTAssertTrue(ui.findAll(Text.self).isEmpty, "the placeholder went")
    }
  }

  func testAMissingFileGivesTheFailurePhase() throws {
    try MainActor.assumeIsolated {
      let url = URL(fileURLWithPath: "/nonexistent/gtkbridge-\(getpid()).png")
      let ui = show(
        host {
          AsyncImage(url: url) { phase in
            if phase.image != nil {
              Text("image")
            } else if phase.error != nil {
              Text("failed")
            } else {
              Text("empty")
            }
          }
        })
      XCTAssertTrue(MainLoop.run(timeout: 5) { (try? ui.find(Text.self).text) == "failed" })
    }
  }

  func testTheDefaultFormShowsASpinnerUntilLoaded() throws {
    try MainActor.assumeIsolated {
      let url = try writePNG()
      defer { try? FileManager.default.removeItem(at: url) }
      let model = PhotoModel()
      let ui = show(host { AsyncImage(url: model.url) })
      XCTAssertEqual(widgets("GtkSpinner", in: ui.window).count, 1)
      model.url = url
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { !self.widgets("GtkPicture", in: ui.window).isEmpty })
      XCTAssertTrue(widgets("GtkSpinner", in: ui.window).isEmpty)
    }
  }
}
