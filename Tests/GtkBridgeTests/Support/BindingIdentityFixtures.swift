import CGtk
import Foundation
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

enum BindingIdentityField: Hashable { case name, mail }

/// Two focus values and two texts in one model: `$model.a` and `$model.b` are two storages.
@Observable
final class TwoPaths {
  var first: BindingIdentityField?
  var second: BindingIdentityField?
  var a = "alpha"
  var b = "beta"
  var left = [BindingIdentityItem(id: 0, name: "l0"), BindingIdentityItem(id: 1, name: "l1")]
  var right = [BindingIdentityItem(id: 0, name: "r0"), BindingIdentityItem(id: 1, name: "r1")]
}

struct BindingIdentityItem: Identifiable, Equatable {
  let id: Int
  var name: String
}

/// A user's row with state of its own, under ten modifiers.
struct Row6: View {
  let title: String
  @State var text = ""

  var body: some View {
    TextField(title, text: $text)
  }
}

extension InspectedView {
  /// Types `text` after what the field shows. NB: the cursor is put at the end by hand:
  /// where a field the model changed while it was not focused has its cursor once tapped is
  /// not what these probes are about (it was at the start in one run of ten; see the report).
  @MainActor
  func typeAtEnd(_ text: String) {
    if !isFocused { tap() }
    (widget as? EditableWidget)?.cursorPosition = -1
    type(text)
  }
}
