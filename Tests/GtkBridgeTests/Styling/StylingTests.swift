import CGtk
import XCTest

@testable import GtkBridge

/// The configuration closure's style: scoped CSS on one widget, typed and checked.
final class StylingTests: GtkTestCase, @unchecked Sendable {
  private func assertColor(
    _ entry: Entry?, _ red: Double, _ green: Double, _ blue: Double,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    MainActor.assumeIsolated {
      guard let entry else { return XCTFail("no entry", file: file, line: line) }
      let color = resolvedTextColor(entry)
      XCTAssertEqual(color.red, red, accuracy: 0.01, file: file, line: line)
      XCTAssertEqual(color.green, green, accuracy: 0.01, file: file, line: line)
      XCTAssertEqual(color.blue, blue, accuracy: 0.01, file: file, line: line)
    }
  }

  func testTextColorReachesTheInnerTextNodeOfThatEntryOnly() {
    MainActor.assumeIsolated {
      let red = FieldModel()
      red.color = .red
      let plain = FieldModel()
      let host = host {
        VStack {
          red.field
          plain.field
        }
      }
      show(host)
      assertColor(red.entry, 1, 0, 0)
      let other = resolvedTextColor(plain.entry!)
      XCTAssertFalse(other.red > 0.9 && other.green < 0.1, "style leaked into another entry")

      red.color = Color(red: 0, green: 0.5, blue: 0)
      MainLoop.drain()
      assertColor(red.entry, 0, 0.5, 0)
      red.color = nil
      MainLoop.drain()
      let reset = resolvedTextColor(red.entry!)
      XCTAssertEqual(
        reset.red, other.red, accuracy: 0.01, "removing the style restores the theme's")
      XCTAssertTrue(styleErrors.isEmpty)
    }
  }

  func testStyleIsLoadedOnceWhileItDoesNotChange() {
    MainActor.assumeIsolated {
      let model = FieldModel()
      model.color = .blue
      let host = host { model.field }
      show(host)
      for _ in 0..<10 {
        model.revision += 1
        MainLoop.drain()
      }
      XCTAssertEqual(model.entry?.styleSheet?.loadCount, 1)
      assertColor(model.entry, 0, 0, 1)
    }
  }

  func testInvalidCSSIsATypedErrorAndThePreviousStyleStays() {
    MainActor.assumeIsolated {
      let model = FieldModel()
      model.color = .red
      let host = host { model.field }
      show(host)
      assertColor(model.entry, 1, 0, 0)

      model.rawCSS = "border-radius: 0;\n  colr: blue;"
      MainLoop.drain()
      XCTAssertEqual(styleErrors.count, 1)
      guard case .css(let error)? = styleErrors.first else {
        return XCTFail("expected a CSS error, got \(styleErrors)")
      }
      XCTAssertEqual(error.line, 2)
      XCTAssertEqual(error.column, 3)
      XCTAssertTrue(error.message.contains("colr"), error.message)
      XCTAssertEqual(model.entry?.styleError, .css(error))
      assertColor(model.entry, 1, 0, 0)

      // The same bad style on later updates is not reported again.
      model.revision += 1
      MainLoop.drain()
      XCTAssertEqual(styleErrors.count, 1)

      model.rawCSS = "border-radius: 0;"
      MainLoop.drain()
      XCTAssertNil(model.entry?.styleError)
    }
  }

  func testColorTextCannotInjectRules() {
    XCTAssertThrowsError(try Color(css: "red; } * { color: blue")) { error in
      XCTAssertEqual(error as? StyleError, .invalidColor("red; } * { color: blue"))
    }
    XCTAssertThrowsError(try Color(css: "#12345"))
    XCTAssertThrowsError(try Color(css: "url(x)"))
    XCTAssertEqual(try Color(css: "#f00"), .red)
    XCTAssertEqual(try Color(css: " Blue "), .blue)
    XCTAssertEqual(try Color(css: "#00ff0080").alpha, 128.0 / 255, accuracy: 0.001)
    MainActor.assumeIsolated {
      XCTAssertEqual(Color(red: 2, green: -1, blue: .nan).cssValue, "rgba(255,0,0,1)")
    }
  }

  func testFontFamilyCannotInjectRulesAndIsReportedNotApplied() {
    MainActor.assumeIsolated {
      let model = FieldModel()
      model.color = .red
      let plain = FieldModel()
      let host = host {
        VStack {
          model.field
          plain.field
        }
      }
      show(host)
      let before = resolvedTextColor(plain.entry!)
      let family = "Sans\"; } * { color: blue; } x { a: \""
      model.font = .custom(family, size: 12)
      MainLoop.drain()
      XCTAssertEqual(styleErrors, [.invalidFontFamily(family)])
      assertColor(model.entry, 1, 0, 0)
      let after = resolvedTextColor(plain.entry!)
      XCTAssertEqual(after.blue, before.blue, accuracy: 0.01)

      model.font = .custom("DejaVu Sans", size: 14)
      MainLoop.drain()
      XCTAssertEqual(styleErrors.count, 1)
      XCTAssertNil(model.entry?.styleError)
    }
  }

  func testRawCSSCannotReachOtherWidgets() {
    MainActor.assumeIsolated {
      let model = FieldModel()
      model.rawCSS = "} * , entry, text { color: rgb(0,0,255); } * {"
      let plain = FieldModel()
      let host = host {
        VStack {
          model.field
          plain.field
        }
      }
      show(host)
      let color = resolvedTextColor(plain.entry!)
      XCTAssertFalse(color.blue > 0.9 && color.red < 0.1, "raw CSS leaked into another entry")
    }
  }
}
