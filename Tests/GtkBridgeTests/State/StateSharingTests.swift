import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

private struct Counter: View {
  let name: String
  @State var count = 0

  var body: some View {
    Button("\(name) \(count)") { count += 1 }
  }
}

@MainActor
@Observable
private final class SharingModel {
  var shown = true
  var padded = false
  var rows = 3
  var tick = 0
}

/// A parent that keeps one child value and shows it in several places, as a user may write.
private struct TwoPlaces: View {
  let model: SharingModel
  let counter = Counter(name: "C")

  var body: some View {
    let _ = model.tick
    VStack {
      counter
      counter
    }
  }
}

private struct Reshown: View {
  let model: SharingModel
  let counter = Counter(name: "R")

  var body: some View {
    VStack {
      if model.shown {
        if model.padded { counter.padding(4) } else { counter }
      }
    }
  }
}

private struct Rows: View {
  let model: SharingModel
  let counter = Counter(name: "Row")

  var body: some View {
    VStack {
      ForEach(0..<model.rows, id: \.self) { _ in counter }
    }
  }
}

final class StateSharingTests: GtkTestCase, @unchecked Sendable {
  @MainActor private func titles(_ ui: ViewInspection<AnyTestView>) -> [String] {
    ui.findAll(Button<Text>.self).compactMap(\.title)
  }

  func testOneViewValueShownTwiceHasStateOfItsOwnInEachPlace() throws {
    MainActor.assumeIsolated {
      let model = SharingModel()
      let ui = show(host { TwoPlaces(model: model) })
      XCTAssertEqual(titles(ui), ["C 0", "C 0"])
      ui.findAll(Button<Text>.self)[0].tap()
      ui.findAll(Button<Text>.self)[0].tap()
      XCTAssertEqual(titles(ui), ["C 2", "C 0"], "only the first place counted")
      ui.findAll(Button<Text>.self)[1].tap()
      XCTAssertEqual(titles(ui), ["C 2", "C 1"])
      model.tick += 1
      MainLoop.drain()
      XCTAssertEqual(titles(ui), ["C 2", "C 1"], "a parent update keeps each place's state")
      ui.findAll(Button<Text>.self)[0].tap()
      XCTAssertEqual(titles(ui), ["C 3", "C 1"], "and each button still counts its own")
    }
  }

  func testAViewValueShownAgainAfterItLeftStartsFromItsInitialState() throws {
    MainActor.assumeIsolated {
      let model = SharingModel()
      let ui = show(host { Reshown(model: model) })
      ui.findAll(Button<Text>.self)[0].tap()
      ui.findAll(Button<Text>.self)[0].tap()
      XCTAssertEqual(titles(ui), ["R 2"])
      model.shown = false
      MainLoop.drain()
      model.shown = true
      MainLoop.drain()
      XCTAssertEqual(titles(ui), ["R 0"], "a view that left and came back is new (SwiftUI)")
      ui.findAll(Button<Text>.self)[0].tap()
      model.padded = true
      MainLoop.drain()
      XCTAssertEqual(titles(ui), ["R 0"], "the other branch is another view")
    }
  }

  func testOneViewValueForEveryRowGivesEachRowItsOwnState() throws {
    MainActor.assumeIsolated {
      let model = SharingModel()
      let ui = show(host { Rows(model: model) })
      ui.findAll(Button<Text>.self)[1].tap()
      XCTAssertEqual(titles(ui), ["Row 0", "Row 1", "Row 0"])
      model.rows = 4
      MainLoop.drain()
      XCTAssertEqual(titles(ui), ["Row 0", "Row 1", "Row 0", "Row 0"])
      ui.findAll(Button<Text>.self)[3].tap()
      XCTAssertEqual(titles(ui), ["Row 0", "Row 1", "Row 0", "Row 1"])
    }
  }
}
