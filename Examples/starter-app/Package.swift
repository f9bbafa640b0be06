// swift-tools-version:6.0
// `swift run starter-app` while developing; CMakeLists.txt builds and installs the app with its
// desktop file, icon and metainfo (see README.md).
import PackageDescription

let package = Package(
  name: "starter-app",
  dependencies: [.package(name: "GtkBridge", path: "../..")],
  targets: [
    .executableTarget(
      name: "starter-app", dependencies: [.product(name: "GtkBridge", package: "GtkBridge")])
  ],
  swiftLanguageModes: [.v6]
)
