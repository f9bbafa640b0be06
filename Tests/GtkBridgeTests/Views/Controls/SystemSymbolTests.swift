import CGtk
import GtkBridgeTesting
import XCTest

@testable import GtkBridge

/// `Image(systemName:)`'s table of SF Symbols against the icon theme GTK runs with.
final class SystemSymbolTests: GtkTestCase, @unchecked Sendable {
  func testEverySymbolInTheTableShowsAnIconTheThemeHas() {
    MainActor.assumeIsolated {
      let theme = gtk_icon_theme_get_for_display(gdk_display_get_default())
      XCTAssertGreaterThanOrEqual(Image.systemNameIcons.count, 150)
      let missing = Image.systemNameIcons.filter { gtk_icon_theme_has_icon(theme, $0.value) == 0 }
      XCTAssertEqual(missing.map(\.key).sorted(), [], "symbols whose icon the theme lacks")
      XCTAssertNotEqual(gtk_icon_theme_has_icon(theme, Image.systemSymbolPlaceholder), 0)
    }
  }

  func testVariantsAppMappingsAndUnknownNames() {
    MainActor.assumeIsolated {
      XCTAssertEqual(Image.iconName(forSystemName: "trash.fill"), "user-trash-symbolic")
      XCTAssertEqual(Image.iconName(forSystemName: "plus.circle.fill"), "list-add-symbolic")
      XCTAssertEqual(Image.iconName(forSystemName: "star"), "non-starred-symbolic")
      XCTAssertEqual(Image.iconName(forSystemName: "star.fill"), "starred-symbolic")
      XCTAssertEqual(
        Image.iconName(forSystemName: "cart.test.symbol"), Image.systemSymbolPlaceholder)
      Image.mapSystemName("cart.test.symbol", to: "folder-symbolic")
      defer { Image.appSystemNameIcons["cart.test.symbol"] = nil }
      XCTAssertEqual(Image.iconName(forSystemName: "cart.test.symbol"), "folder-symbolic")
      XCTAssertEqual(Image.iconName(forSystemName: "cart.test.symbol.fill"), "folder-symbolic")
    }
  }
}
