import CGtk
import Foundation
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

@MainActor
@Observable
private final class Shown {
  var picture = false
}

/// A one-pixel PNG, for an image of a texture.
@MainActor
func onePixelTexture() throws -> Texture {
  let png = Data(
    base64Encoded:
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
  )!
  return try Texture(data: png)
}

/// `Image` on GTK: an icon is a `GtkImage`, a texture a `GtkPicture`.
final class ImageTests: GtkTestCase, @unchecked Sendable {
  /// The same `Image` view showing an icon, then a texture, then the icon again: each value
  /// gets the widget that can show it.
  func testAnImageThatTurnsFromAnIconToAPictureGetsAPictureWidget() throws {
    try MainActor.assumeIsolated {
      let texture = try onePixelTexture()
      let shown = Shown()
      let ui = show {
        VStack {
          shown.picture ? Image(texture: texture, label: "dot") : Image(systemName: "star")
        }
      }
      @MainActor func kinds() -> [String] {
        gtkTree(ui.window.pointer).map(widgetTypeName).filter {
          $0 == "GtkImage" || $0 == "GtkPicture"
        }
      }
      XCTAssertEqual(kinds(), ["GtkImage"])
      shown.picture = true
      MainLoop.drain()
      XCTAssertEqual(kinds(), ["GtkPicture"], "a texture is shown by a picture")
      shown.picture = false
      MainLoop.drain()
      XCTAssertEqual(kinds(), ["GtkImage"])
      let image = gtkTree(ui.window.pointer).first { widgetTypeName($0) == "GtkImage" }!
      XCTAssertEqual(
        gtk_image_get_icon_name(OpaquePointer(image)).map { String(cString: $0) },
        Image.iconName(forSystemName: "star"))
    }
  }
}
