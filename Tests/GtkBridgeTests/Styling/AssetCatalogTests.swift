import CGtk
import Foundation
import GtkBridgeTesting
import XCTest

@testable import GtkBridge

/// Colours and images from an Xcode asset catalogue (`Color("Name")`, `Image("Name")`), with
/// their dark appearances, and UIKit's and AppKit's named colours.
final class AssetCatalogTests: GtkTestCase, @unchecked Sendable {
  private var catalogue: URL!

  /// A catalogue as Xcode writes one: a colour set with a dark appearance (decimal strings
  /// light, `0x` hex dark), a grey in 0-255 integers, and an image set in a folder with a 1x
  /// and a 2x image and a dark one.
  @MainActor private func makeCatalogue() throws -> URL {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("gtkbridge-assets-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
      .appendingPathComponent("Assets.xcassets")
    func write(_ path: String, _ text: String) throws {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    try write("Contents.json", #"{"info":{"author":"xcode","version":1}}"#)
    try write(
      "Brand.colorset/Contents.json",
      """
      {"colors":[
        {"color":{"color-space":"srgb","components":{"alpha":"1.000","blue":"0.200","green":"0.400","red":"0.800"}},"idiom":"universal"},
        {"appearances":[{"appearance":"luminosity","value":"dark"}],
         "color":{"color-space":"srgb","components":{"alpha":"1.000","blue":"0xCC","green":"0x66","red":"0x33"}},"idiom":"universal"}
      ],"info":{"author":"xcode","version":1}}
      """)
    try write(
      "Colors/Stone.colorset/Contents.json",
      #"{"colors":[{"color":{"color-space":"gray-gamma-22","components":{"alpha":"0.5","white":"128"}},"idiom":"universal"}]}"#
    )
    try write(
      "Icons/Logo.imageset/Contents.json",
      """
      {"images":[
        {"filename":"logo@2x.png","idiom":"universal","scale":"2x"},
        {"filename":"logo.png","idiom":"universal","scale":"1x"},
        {"appearances":[{"appearance":"luminosity","value":"dark"}],"filename":"logo-dark.png","idiom":"universal","scale":"1x"}
      ]}
      """)
    let images = root.appendingPathComponent("Icons/Logo.imageset")
    try savePNG(width: 4, height: 3, to: images.appendingPathComponent("logo.png").path)
    try savePNG(width: 8, height: 6, to: images.appendingPathComponent("logo@2x.png").path)
    try savePNG(width: 5, height: 5, to: images.appendingPathComponent("logo-dark.png").path)
    return root
  }

  @MainActor private func savePNG(width: Int, height: Int, to path: String) throws {
    var pixels = [UInt8](repeating: 200, count: width * height * 4)
    let bytes = g_bytes_new(&pixels, gsize(pixels.count))
    defer { g_bytes_unref(bytes) }
    let texture = gdk_memory_texture_new(
      Int32(width), Int32(height), GDK_MEMORY_R8G8B8A8, bytes, gsize(width * 4))!
    defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
    XCTAssertNotEqual(gdk_texture_save_to_png(texture, path), 0)
  }

  override func setUpWithError() throws {
    try super.setUpWithError()
    try MainActor.assumeIsolated {
      catalogue = try makeCatalogue()
      AssetCatalog.add(catalogue)
    }
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: catalogue.deletingLastPathComponent())
    super.tearDown()
  }

  func testAColourSetHasItsLightAndDarkAppearances() {
    MainActor.assumeIsolated {
      let brand = Color("Brand")
      XCTAssertEqual(brand.cssValue, "rgba(204,102,51,1)")
      DisplaySettings.prefersDarkTheme = true
      defer { DisplaySettings.prefersDarkTheme = false }
      XCTAssertEqual(brand.cssValue, "rgba(51,102,204,1)", "GTK's dark theme")
      XCTAssertEqual(Color("Colors/Stone").cssValue, "rgba(128,128,128,0.5)")
      XCTAssertEqual(Color("Stone").cssValue, "rgba(128,128,128,0.5)", "found at any depth")
      XCTAssertEqual(Color("NoSuchColour"), .clear, "a missing colour is clear, as in SwiftUI")
    }
  }

  func testAColourSetPaintsAView() throws {
    try MainActor.assumeIsolated {
      var painted: Widget?
      show(
        host {
          Rectangle().fill(Color("Brand")).frame(width: 20, height: 20)
            .configure { painted = $0 }
        })
      MainLoop.wait(seconds: 0.1)
      let picture = WidgetPicture(try XCTUnwrap(painted))
      let bounds = try XCTUnwrap(picture.bounds { $0[3] == 255 })
      XCTAssertEqual(picture[bounds.minX + 5, bounds.minY + 5], [204, 102, 51, 255])
    }
  }

  func testAnImageSetShowsItsPictureForTheAppearance() throws {
    try MainActor.assumeIsolated {
      @MainActor func shownSize() throws -> [Int32] {
        let ui = show(host { Image("Logo") })
        let picture = try XCTUnwrap(
          contentTree(of: ui.window).first { widgetTypeName($0) == "GtkPicture" })
        let paintable = try XCTUnwrap(gtk_picture_get_paintable(OpaquePointer(picture)))
        return [
          gdk_paintable_get_intrinsic_width(paintable),
          gdk_paintable_get_intrinsic_height(paintable),
        ]
      }
      XCTAssertEqual(try shownSize(), [4, 3], "the 1x universal image")
      DisplaySettings.prefersDarkTheme = true
      defer { DisplaySettings.prefersDarkTheme = false }
      XCTAssertEqual(try shownSize(), [5, 5], "the dark one in GTK's dark theme")
      let icon = show(host { Image("edit-find-symbolic") })
      XCTAssertEqual(
        contentTree(of: icon.window).filter { widgetTypeName($0) == "GtkImage" }.count, 1,
        "a name no catalogue has is the theme's icon")
    }
  }

  func testColoursAndImagesFollowTheThemeWhenItSwitchesAtRunTime() throws {
    try MainActor.assumeIsolated {
      final class Probe {
        var fill: Widget?
        var text: Widget?
        var background: Widget?
      }
      let probe = Probe()
      let ui = show(
        host {
          VStack {
            Rectangle().fill(Color("Brand")).frame(width: 20, height: 20)
              .configure { probe.fill = $0 }
            Text("Brand").foregroundColor(Color("Brand")).configure { probe.text = $0 }
            Text("Card").background(Color(light: .white, dark: .black))
              .configure { probe.background = $0 }
            Image("Logo")
          }
        })
      @MainActor func painted() throws -> [Int] {
        MainLoop.wait(seconds: 0.05)
        let picture = WidgetPicture(try XCTUnwrap(probe.fill))
        let bounds = try XCTUnwrap(picture.bounds { $0[3] == 255 })
        return picture[bounds.minX + 5, bounds.minY + 5]
      }
      @MainActor func textColour() -> [Int] {
        var rgba = GdkRGBA()
        cgtk_widget_get_color(probe.text!.pointer, &rgba)
        return [rgba.red, rgba.green, rgba.blue].map { Int(($0 * 255).rounded()) }
      }
      @MainActor func backgroundPixel() throws -> [Int] {
        let picture = WidgetPicture(try XCTUnwrap(probe.background))
        return picture[1, 1]
      }
      @MainActor func logoWidth() throws -> Int32 {
        let picture = try XCTUnwrap(
          contentTree(of: ui.window).first { widgetTypeName($0) == "GtkPicture" })
        return gdk_paintable_get_intrinsic_width(
          try XCTUnwrap(gtk_picture_get_paintable(OpaquePointer(picture))))
      }
      XCTAssertEqual(try painted(), [204, 102, 51, 255])
      XCTAssertEqual(textColour(), [204, 102, 51])
      XCTAssertEqual(try backgroundPixel(), [255, 255, 255, 255])
      XCTAssertEqual(try logoWidth(), 4)

      // GTK's own setting, as a desktop's dark-style switch sets it.
      DisplaySettings.prefersDarkTheme = true
      defer { DisplaySettings.prefersDarkTheme = false }
      MainLoop.drain()
      XCTAssertEqual(try painted(), [51, 102, 204, 255], "the fill took the dark colour")
      XCTAssertEqual(textColour(), [51, 102, 204], "the text took the dark colour")
      XCTAssertEqual(try backgroundPixel(), [0, 0, 0, 255], "the background took the dark one")
      XCTAssertEqual(try logoWidth(), 5, "the image took its dark picture")

      DisplaySettings.prefersDarkTheme = false
      MainLoop.drain()
      XCTAssertEqual(try painted(), [204, 102, 51, 255], "and back to light")
      XCTAssertEqual(textColour(), [204, 102, 51])
      XCTAssertEqual(try logoWidth(), 4)
    }
  }

  func testPreferredColorSchemeSwitchedByStateRepaintsAssetColours() throws {
    try MainActor.assumeIsolated {
      @MainActor final class Model: ObservableObject {
        @Published var dark = false
      }
      struct Screen: View {
        @ObservedObject var model: Model
        let probe: @MainActor (Widget) -> Void
        var body: some View {
          Rectangle().fill(Color("Brand")).frame(width: 20, height: 20)
            .configure(probe)
            .preferredColorScheme(model.dark ? .dark : .light)
        }
      }
      let model = Model()
      var fill: Widget?
      show(host { Screen(model: model) { fill = $0 } })
      defer { DisplaySettings.prefersDarkTheme = false }
      @MainActor func painted() throws -> [Int] {
        MainLoop.wait(seconds: 0.05)
        let picture = WidgetPicture(try XCTUnwrap(fill))
        let bounds = try XCTUnwrap(picture.bounds { $0[3] == 255 })
        return picture[bounds.minX + 5, bounds.minY + 5]
      }
      XCTAssertEqual(try painted(), [204, 102, 51, 255])
      model.dark = true
      MainLoop.drain()
      XCTAssertTrue(DisplaySettings.prefersDarkTheme)
      XCTAssertEqual(try painted(), [51, 102, 204, 255], ".preferredColorScheme(.dark)")
      model.dark = false
      MainLoop.drain()
      XCTAssertEqual(try painted(), [204, 102, 51, 255])
    }
  }

  func testUIKitAndAppKitColoursResolve() {
    MainActor.assumeIsolated {
      XCTAssertEqual(Color(.systemBlue).cssValue, "rgba(0,122,255,1)")
      XCTAssertEqual(Color(uiColor: .systemRed).cssValue, "rgba(255,59,48,1)")
      XCTAssertEqual(Color(nsColor: .windowBackgroundColor).cssValue, "@theme_bg_color")
      XCTAssertEqual(Color(.secondaryLabel).cssValue, "alpha(@theme_fg_color, 0.6)")
      XCTAssertEqual(Color(UIColor.separator).cssValue, "@borders")
      DisplaySettings.prefersDarkTheme = true
      defer { DisplaySettings.prefersDarkTheme = false }
      XCTAssertEqual(Color(.systemBlue).cssValue, "rgba(10,132,255,1)", "dark system blue")
    }
  }

  func testSemanticColoursParseInTheTheme() {
    MainActor.assumeIsolated {
      show(
        host {
          VStack {
            Text("a").foregroundColor(Color(.secondaryLabel))
            Text("b").background(Color(nsColor: .separatorColor))
            Text("c").background(Color(uiColor: .systemGroupedBackground))
            Text("d").foregroundColor(Color(.link))
            Text("e").background(Color(.quaternarySystemFill))
          }
        })
      XCTAssertTrue(styleErrors.isEmpty, "\(styleErrors)")
    }
  }
}
