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
      let star = Image.iconName(forSystemName: "star")
      // NB: counted, not listed: a window may show other images (its title bar's buttons).
      @MainActor func counts() -> (pictures: Int, stars: Int) {
        let tree = gtkTree(ui.window.pointer)
        let stars = tree.filter {
          widgetTypeName($0) == "GtkImage"
            && gtk_image_get_icon_name(OpaquePointer($0)).map { String(cString: $0) } == star
        }
        return (tree.filter { widgetTypeName($0) == "GtkPicture" }.count, stars.count)
      }
      XCTAssertTrue(counts() == (0, 1))
      shown.picture = true
      MainLoop.drain()
      XCTAssertTrue(counts() == (1, 0), "a texture is shown by a picture: \(counts())")
      shown.picture = false
      MainLoop.drain()
      XCTAssertTrue(counts() == (0, 1), "\(counts())")
    }
  }
}
