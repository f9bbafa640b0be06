import CGtk
import Foundation
import Observation
import XCTest

@testable import GtkBridge

/// A custom control that shows whether its environment says it is enabled.
private struct EnabledBadge: WidgetRepresentable {
  func makeCoordinator() {}
  func makeWidget(context: Context) -> LabelWidget { LabelWidget() }
  func updateWidget(_ label: LabelWidget, context: Context) {
    let text = context.environment.isEnabled ? "enabled" : "disabled"
    if label.text != text { label.text = text }
  }
  static func dismantleWidget(_ label: LabelWidget, coordinator: Void) {}
}

/// A representable's update follows its environment.
final class WidgetRepresentableTests: GtkTestCase, @unchecked Sendable {
  // SwiftUI: a representable's update runs again when its environment changes, so
  // `context.environment.isEnabled` read there follows an enclosing `.disabled` toggle.
  func testARepresentableReadingIsEnabledFollowsAnEnclosingDisabledToggle() {
    MainActor.assumeIsolated {
      let editor = ContactEditor()
      let host = host { VStack { EnabledBadge() }.disabled(editor.flag) }
      show(host)
      let label = host.graph.root!.subtree.compactMap {
        ($0 as? RepresentableNode<EnabledBadge>)?.widget
      }[0]
      XCTAssertEqual(label.text, "enabled")
      editor.flag = true
      MainLoop.drain()
      XCTAssertEqual(label.text, "disabled")
      editor.flag = false
      MainLoop.drain()
      XCTAssertEqual(label.text, "enabled")
    }
  }
}
