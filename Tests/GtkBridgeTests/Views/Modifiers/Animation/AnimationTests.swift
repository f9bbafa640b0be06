import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

@MainActor
@Observable
private final class DetailsModel {
  var showDetails = false
}

/// A transition that takes so long (1,000 s) that the view it brings in stays at its first
/// keyframe for the whole test: what the test reads does not depend on when it reads.
private let endless = Animation.linear(duration: 1000)

@MainActor
private func labels(in window: Window) -> [UnsafeMutablePointer<GtkWidget>] {
  contentTree(of: window).filter { widgetTypeName($0) == "GtkLabel" }
}

@MainActor
private func hasTransitionClass(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
  gtk_widget_has_css_class(widget, TransitionModifier.styleClass) != 0
}

/// `withAnimation`, `.animation`, `Binding.animation()`, `.transition` and `Animation`
/// values: the state change always happens; a view a `.transition` marks comes in through a
/// CSS keyframe animation when the change is animated.
final class AnimationTests: GtkTestCase, @unchecked Sendable {
  func testWithAnimationAppliesTheChangeAndAnimatesTheViewThatComesIn() throws {
    try MainActor.assumeIsolated {
      let model = DetailsModel()
      let ui = show(
        host {
          VStack {
            Text("Summary")
            if model.showDetails { Text("Details").transition(.opacity) }
          }
        })
      let answer = withAnimation(.easeInOut(duration: 0.5)) {
        model.showDetails = true
        return 42
      }
      XCTAssertEqual(answer, 42, "withAnimation returns what its body returns")
      MainLoop.drain()
      let shown = labels(in: ui.window)
      XCTAssertEqual(shown.map(labelText), ["Summary", "Details"], "the change happened")
      XCTAssertTrue(hasTransitionClass(try XCTUnwrap(shown.last)))
      XCTAssertFalse(hasTransitionClass(shown[0]), "a view that was there is not animated")
      XCTAssertNil(AnimationTransaction.pending, "the animation ends with the pass it animated")

      withAnimation { model.showDetails = false }
      MainLoop.drain()
      XCTAssertFalse(model.showDetails)
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { labels(in: ui.window).count == 1 },
        "the view leaves once its transition has run")
      XCTAssertEqual(labels(in: ui.window).map(labelText), ["Summary"])
    }
  }

  func testAViewThatGoesInAnAnimatedChangeStaysInPlaceUntilItsTransitionEnds() throws {
    try MainActor.assumeIsolated {
      let model = DetailsModel()
      model.showDetails = true
      let ui = show(
        host {
          VStack {
            Text("Summary")
            if model.showDetails { Button("Details") {}.transition(.move(edge: .top)) }
            Button("Footer") {}
          }
        })
      let details = try ui.find(Button<Text>.self, title: "Details").widget.pointer
      withAnimation(.linear(duration: 0.4)) { model.showDetails = false }
      MainLoop.drain()
      XCTAssertFalse(model.showDetails, "the state change happened at once")
      XCTAssertThrowsError(
        try ui.find(Button<Text>.self, title: "Details"), "the view tree changed at once")
      let shown = contentTree(of: ui.window).filter { widgetTypeName($0) == "GtkButton" }
      XCTAssertEqual(shown.count, 2, "the button is still drawn while it goes")
      XCTAssertEqual(shown.first, details, "in its place, before the footer")
      XCTAssertNotEqual(gtk_widget_has_css_class(details, LeavingWidgets.styleClass), 0)
      XCTAssertEqual(gtk_widget_get_can_focus(details), 0, "a leaving view takes no focus")
      XCTAssertEqual(gtk_widget_get_can_target(details), 0, "nor clicks")
      ui.press(.tab)
      XCTAssertEqual(ui.focusedView?.title, "Footer", "Tab goes past the leaving button")
      XCTAssertTrue(
        MainLoop.run(timeout: 5) {
          contentTree(of: ui.window).filter { widgetTypeName($0) == "GtkButton" }.count == 1
        }, "it leaves once its keyframes have run")
    }
  }

  func testSwitchedBranchesCrossInTheirPlaces() throws {
    try MainActor.assumeIsolated {
      let model = DetailsModel()
      let ui = show(
        host {
          VStack {
            Text("Top")
            if model.showDetails {
              Text("Details").transition(.opacity)
            } else {
              Text("Summary").transition(.slide)
            }
            Text("Bottom")
          }
        })
      withAnimation(.easeIn(duration: 0.3)) { model.showDetails = true }
      MainLoop.drain()
      XCTAssertEqual(
        labels(in: ui.window).map(labelText), ["Top", "Summary", "Details", "Bottom"],
        "the old branch goes where it was while the new one comes in after it")
      withAnimation(.easeIn(duration: 0.3)) { model.showDetails = false }
      MainLoop.drain()
      XCTAssertEqual(labels(in: ui.window).last.map(labelText), "Bottom")
      XCTAssertTrue(
        MainLoop.run(timeout: 5) {
          labels(in: ui.window).map(labelText) == ["Top", "Summary", "Bottom"]
        }, "\(labels(in: ui.window).map(labelText))")
    }
  }

  func testAFocusedViewLeavesAtOnceAndAViewWithoutAnimationToo() throws {
    try MainActor.assumeIsolated {
      let model = DetailsModel()
      model.showDetails = true
      let ui = show(
        host {
          VStack {
            if model.showDetails {
              TextField("Name", text: .constant("")).transition(.opacity)
              Text("Note").transition(.opacity)
            }
            Button("Done") {}
          }
        })
      try ui.find(TextField.self, title: "Name").tap()
      withAnimation(.linear(duration: 60)) { model.showDetails = false }
      MainLoop.drain()
      XCTAssertEqual(
        contentTree(of: ui.window).filter { widgetTypeName($0) == "GtkEntry" }.count, 0,
        "the focused field left at once: focus never stays on a leaving widget")
      XCTAssertEqual(
        labels(in: ui.window).map(labelText), ["Note", "Done"], "the note is going")

      model.showDetails = true
      MainLoop.drain()
      model.showDetails = false
      MainLoop.drain()
      XCTAssertEqual(
        contentTree(of: ui.window).filter { widgetTypeName($0) == "GtkEntry" }.count, 0)
      XCTAssertEqual(
        labels(in: ui.window).map(labelText), ["Note", "Done"],
        "without animation the new note left at once; only the animated one is still going")
    }
  }

  func testAChangeWithoutAnimationShowsTheViewAtOnce() throws {
    try MainActor.assumeIsolated {
      let model = DetailsModel()
      let ui = show(
        host {
          VStack {
            if model.showDetails { Text("Details").transition(.opacity) }
          }
        })
      model.showDetails = true
      MainLoop.drain()
      let details = try XCTUnwrap(labels(in: ui.window).first)
      XCTAssertEqual(labelText(details), "Details")
      XCTAssertFalse(hasTransitionClass(details))
    }
  }

  func testImplicitAnimationAnimatesLaterViewsButNotTheWindowsFirst() throws {
    try MainActor.assumeIsolated {
      let model = DetailsModel()
      let ui = show(
        host {
          VStack {
            Text("Title").transition(.slide)
            if model.showDetails { Text("Banner").transition(.move(edge: .top)) }
          }
          .animation(.spring(), value: model.showDetails)
        })
      XCTAssertFalse(
        hasTransitionClass(try XCTUnwrap(labels(in: ui.window).first)),
        "a window's first views show at once")
      model.showDetails = true
      MainLoop.drain()
      XCTAssertTrue(hasTransitionClass(try XCTUnwrap(labels(in: ui.window).last)))
    }
  }

  func testAWriteThroughAnAnimatedBindingAnimates() throws {
    try MainActor.assumeIsolated {
      let model = DetailsModel()
      let ui = show(
        host {
          VStack {
            if model.showDetails { Text("Details").transition(.scale) }
          }
        })
      let binding = Binding(get: { model.showDetails }, set: { model.showDetails = $0 })
      binding.animation(.easeOut).wrappedValue = true
      XCTAssertTrue(model.showDetails, "the write happens")
      MainLoop.drain()
      XCTAssertTrue(hasTransitionClass(try XCTUnwrap(labels(in: ui.window).first)))
    }
  }

  func testTheKeyframesReallyRunOnTheWidget() {
    MainActor.assumeIsolated {
      let model = DetailsModel()
      let probe = Probe()
      let ui = show(
        host {
          HStack(spacing: 0) {
            Color.red.frame(width: 20, height: 20)
            if model.showDetails {
              Color.red.frame(width: 20, height: 20).transition(.opacity.animation(endless))
              Color.red.frame(width: 20, height: 20).transition(.scale.animation(endless))
              Color.red.frame(width: 20, height: 20).transition(.opacity)
            }
          }
          .configure { probe.row = $0 }
        })
      _ = ui
      model.showDetails = true
      MainLoop.drain()
      MainLoop.wait(seconds: 0.2)
      let row = probe.row!
      let red = [255, 0, 0, 255]
      XCTAssertEqual(StylingModifierTests.pixel(row, x: 10, y: 10), red, "there from the start")
      XCTAssertNotEqual(
        StylingModifierTests.pixel(row, x: 30, y: 10), red, "fading in: still transparent")
      XCTAssertNotEqual(
        StylingModifierTests.pixel(row, x: 50, y: 10), red, "growing: still a dot")
      XCTAssertEqual(
        StylingModifierTests.pixel(row, x: 70, y: 10), red, "not animated: shown at once")
    }
  }

  @MainActor final class Probe {
    var row: Widget?
  }

  func testAnimationValuesBecomeCSSTiming() {
    XCTAssertEqual(
      Animation.default.cssDeclarations,
      "animation-duration: 0.35s; animation-timing-function: ease-in-out;")
    XCTAssertEqual(
      Animation.easeIn(duration: 0.5).delay(0.25).speed(2).cssDeclarations,
      "animation-duration: 0.25s; animation-timing-function: ease-in; animation-delay: 0.125s;")
    XCTAssertEqual(
      Animation.linear.repeatForever().cssDeclarations,
      "animation-duration: 0.35s; animation-timing-function: linear; "
        + "animation-iteration-count: infinite; animation-direction: alternate;")
    XCTAssertEqual(
      Animation.spring(response: 0.4, dampingFraction: 0.7).cssDeclarations,
      "animation-duration: 0.4s; animation-timing-function: cubic-bezier(0.3, 1.3, 0.6, 1);")
    XCTAssertEqual(Animation.easeInOut(duration: -1).duration, 0)
    XCTAssertEqual(AnyTransition.push(from: .bottom), .move(edge: .bottom))
    XCTAssertEqual(
      AnyTransition.opacity.combined(with: .slide).keyframes,
      ["gtkbridge-appear-opacity", "gtkbridge-appear-leading"])
    let asymmetric = AnyTransition.asymmetric(insertion: .scale, removal: .opacity)
    XCTAssertEqual(asymmetric.keyframes, AnyTransition.scale.keyframes)
    XCTAssertEqual(asymmetric.removal, AnyTransition.opacity.removal)
    XCTAssertEqual(AnyTransition.slide.removal, ["gtkbridge-leave-trailing"], "as in SwiftUI")
  }

  func testContentTransitionIsAccepted() {
    MainActor.assumeIsolated {
      let ui = show(
        host {
          Text("3").contentTransition(.numericText())
        })
      XCTAssertEqual(labels(in: ui.window).map(labelText), ["3"])
    }
  }
}
