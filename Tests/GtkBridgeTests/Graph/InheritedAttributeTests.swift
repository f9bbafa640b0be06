import CGtk
import Foundation
import Observation
import XCTest

@testable import GtkBridge

@MainActor
@Observable
private final class Flags {
  var outerDisabled = false
  var innerDisabled = true
  var hideContainer = false
}

/// `.disabled` and `.hidden()` flow down as environment values and combine (issue 10 item 0).
final class InheritedAttributeTests: GtkTestCase, @unchecked Sendable {
  func testAnEnclosingDisabledTrueWinsOverAnInnerFalse() {
    MainActor.assumeIsolated {
      let flags = Flags()
      @MainActor struct Form: View {
        let flags: Flags
        @State var a = ""
        @State var b = ""
        @State var c = ""
        var body: some View {
          VStack {
            Group { TextField("a", text: $a).disabled(true) }.disabled(false)
            TextField("b", text: $b).disabled(true).disabled(false)
            Group {
              TextField("c", text: $c).disabled(flags.innerDisabled)
            }
            .disabled(flags.outerDisabled)
          }
        }
      }
      let host = host { Form(flags: flags) }
      show(host)
      let entries = host.textFieldEntries
      XCTAssertFalse(isSensitive(entries[0]), "an inner .disabled(true) under .disabled(false)")
      XCTAssertFalse(isSensitive(entries[1]), ".disabled(true).disabled(false)")
      XCTAssertFalse(isSensitive(entries[2]))

      flags.innerDisabled = false
      MainLoop.drain()
      XCTAssertTrue(isSensitive(entries[2]), "nothing disables it any more")

      flags.outerDisabled = true
      MainLoop.drain()
      XCTAssertFalse(isSensitive(entries[2]), "the outer modifier disables it")

      flags.innerDisabled = true
      flags.outerDisabled = false
      MainLoop.drain()
      XCTAssertFalse(isSensitive(entries[2]), "the inner modifier still disables it")
      XCTAssertEqual(entries.map(\.text), ["", "", ""])
    }
  }

  func testEnvironmentIsEnabledReachesAViewBelowAStatefulChildThatSkipsItsBody() {
    MainActor.assumeIsolated {
      let flags = Flags()
      flags.innerDisabled = false
      struct Leaf: View {
        @State var text = "kept"
        var body: some View { TextField("leaf", text: $text) }
      }
      let host = host { VStack { Leaf() }.disabled(flags.outerDisabled) }
      show(host)
      let entry = host.textFieldEntries[0]
      XCTAssertTrue(isSensitive(entry))
      entry.grabFocus()
      MainLoop.drain()
      flags.outerDisabled = true
      MainLoop.drain()
      XCTAssertFalse(isSensitive(entry))
      XCTAssertNil(focusWidget(host.window), "a field that turns insensitive gives up focus")
      flags.outerDisabled = false
      MainLoop.drain()
      XCTAssertTrue(isSensitive(entry))
      XCTAssertEqual(entry.text, "kept")
    }
  }

  func testAFieldInAHiddenContainerCannotTakeFocusAndTheStateReadsTheTruth() {
    MainActor.assumeIsolated {
      enum Field: Hashable { case visible, inHidden, inInvisible }
      var focus: FocusState<Field?>.Binding!
      struct Form: View {
        let flags: Flags
        let onFocus: (FocusState<Field?>.Binding) -> Void
        @FocusState var focus: Field?
        @State var a = ""
        @State var b = ""
        @State var c = ""
        var body: some View {
          onFocus($focus)
          return VStack {
            TextField("visible", text: $a).focused($focus, equals: .visible)
            VStack { TextField("hidden", text: $b).focused($focus, equals: .inHidden) }.hidden()
            // A container made invisible through GTK itself.
            VStack { TextField("invisible", text: $c).focused($focus, equals: .inInvisible) }
              .configure { $0.isVisible = !flags.hideContainer }
          }
        }
      }
      let flags = Flags()
      flags.hideContainer = true
      let host = host { Form(flags: flags) { focus = $0 } }
      show(host)
      focus.wrappedValue = .visible
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(host.textFieldEntries[0]))

      focus.wrappedValue = .inHidden
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(host.textFieldEntries[0]), "focus stays where it was")
      XCTAssertEqual(focus.wrappedValue, .visible, "the refused request reads back the truth")

      focus.wrappedValue = .inInvisible
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(host.textFieldEntries[0]))
      XCTAssertEqual(focus.wrappedValue, .visible)

      // Typed keys reach the field that has focus.
      host.textFieldEntries[0].simulateTyping("x")
      MainLoop.drain()
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["x", "", ""])

      flags.hideContainer = false
      MainLoop.drain()
      focus.wrappedValue = .inInvisible
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(host.textFieldEntries[2]), "shown again, it takes focus")
      XCTAssertEqual(gtk_widget_get_opacity(host.textFieldEntries[1].pointer), 0, "not drawn")
      XCTAssertEqual(gtk_widget_get_can_target(host.textFieldEntries[1].pointer), 0, "no clicks")
    }
  }
}
