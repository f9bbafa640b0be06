import CGtk
import Foundation
import Observation
import XCTest

@testable import GtkBridge

@MainActor
@Observable
final class Contact {
  var name: String
  init(_ name: String) { self.name = name }
}

@MainActor
@Observable
final class ContactEditor {
  var current = Contact("a")
  var useFirst = true
  var title = "Name"
  var flag = false
  var formID = 0
}

struct ProbeRow: Identifiable, Equatable {
  let id: Int
  var name: String
}

@MainActor
@Observable
final class SharedRowsModel {
  var text = "s"
  var constant = "c"
  var tick = 0
  var items = (0..<3).map { ProbeRow(id: $0, name: "r\($0)") }
}
