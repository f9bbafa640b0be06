// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "GtkBridge",
  products: [
    .library(name: "GtkBridge", targets: ["GtkBridge"]),
    .executable(name: "gtk-focus-demo", targets: ["gtk-focus-demo"]),
    .executable(name: "gtkbridge-bench", targets: ["gtkbridge-bench"]),
  ],
  targets: [
    // pkg-config flags for GTK 4 only; the shim's own code lives in CGtk.
    .systemLibrary(
      name: "CGtk4",
      path: "Sources/CGtk4",
      pkgConfig: "gtk4",
      providers: [.apt(["libgtk-4-dev"])]
    ),
    .target(name: "CGtk", dependencies: ["CGtk4"]),
    .target(name: "GtkBridge", dependencies: ["CGtk"]),
    .executableTarget(name: "gtk-focus-demo", dependencies: ["GtkBridge"]),
    // The GtkBridge side of Benchmarks/run (release builds only; see Benchmarks/README.md).
    .executableTarget(
      name: "gtkbridge-bench", dependencies: ["GtkBridge", "CGtk"], path: "Benchmarks/swift"),
    .testTarget(name: "GtkBridgeTests", dependencies: ["GtkBridge", "CGtk"]),
  ],
  swiftLanguageModes: [.v6]
)
