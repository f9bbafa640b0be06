// What `import SwiftUI` brings along, so SwiftUI code compiles with only its import changed:
// Foundation's types (`Date`, `URL`, `NumberFormatter`, …) and Observation's `@Observable`.
@_exported import Foundation
@_exported import Observation
