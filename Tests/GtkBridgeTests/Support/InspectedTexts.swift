import CGtk
import Foundation
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

@MainActor
func inspectedTexts(_ ui: ViewInspection<some View>) -> [String] {
  ui.findAll(Text.self).compactMap(\.text)
}
