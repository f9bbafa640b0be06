// swift-tools-version:6.0
// A small SwiftUI-style app of several files, as Xcode projects carry them: model files that
// import only Foundation (the `-import-module GtkBridge` setting below lets them declare
// `ObservableObject`, `@Published` and `@Observable` types, as on Apple platforms), and an
// asset catalogue shipped as a resource. scripts/examples-check builds it and runs `--check`.
import PackageDescription

let package = Package(
  name: "expenses-app",
  dependencies: [.package(name: "GtkBridge", path: "../..")],
  targets: [
    .executableTarget(
      name: "expenses-app", dependencies: [.product(name: "GtkBridge", package: "GtkBridge")],
      resources: [.copy("Assets.xcassets")],
      // What `import SwiftUI` does for a Foundation-only file on Apple platforms: every file
      // of the target sees GtkBridge (and with it Combine's and Observation's names).
      swiftSettings: [.unsafeFlags(["-Xfrontend", "-import-module", "-Xfrontend", "GtkBridge"])])
  ],
  swiftLanguageModes: [.v6]
)
