// swift-tools-version:6.0
// Three representables for GTK widgets GtkBridge has no control for, written as a user of the
// package would: `import GtkBridge` and nothing else. scripts/examples-check builds them and
// runs each one's `--check` under Xvfb.
import PackageDescription

let package = Package(
  name: "custom-widgets",
  dependencies: [.package(name: "GtkBridge", path: "../..")],
  targets: [
    .executableTarget(
      name: "spin-button", dependencies: [.product(name: "GtkBridge", package: "GtkBridge")]),
    .executableTarget(
      name: "text-view", dependencies: [.product(name: "GtkBridge", package: "GtkBridge")]),
    .executableTarget(
      name: "color-button", dependencies: [.product(name: "GtkBridge", package: "GtkBridge")]),
  ],
  swiftLanguageModes: [.v6]
)
