import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

@MainActor
@Observable
final class NewModel {
  var ids = [1, 2, 3]
  var secret: Set<Int> = []
  var texts: [Int: String] = [:]
  var flag = false
  var kind = 0
  var key = 0
  var selection: Int?
  var columns = NavigationSplitViewVisibility.all
  var showHeader = false
  var disabled = false
  var sheet = false
  var path: [Int] = []
  var choice = 0
  var on = false
  var next = 100

  func text(_ key: Int) -> Binding<String> {
    Binding(get: { self.texts[key, default: ""] }, set: { self.texts[key] = $0 })
  }
}

enum NewField: Hashable {
  case search, title, body
  case name(Int), value(Int)
}

@MainActor
final class NewProbe<Focus: Hashable> {
  var focus: () -> Focus? = { nil }
  var setFocus: (Focus?) -> Void = { _ in }
}

/// The title of the view holding GTK's focus.
@MainActor
func focusedNoteTitle(_ ui: ViewInspection<some View>) -> String? {
  ui.focusedView?.title
}

/// The visible window presented over `window` (a sheet), if one is.
@MainActor
func noteSheetWindow(over window: Window) -> UnsafeMutablePointer<GtkWindow>? {
  windowsOver(window).first
}
