// swift-tools-version:6.0
import CompilerPluginSupport
import PackageDescription

let package = Package(
  name: "GtkBridge",
  products: [
    .library(name: "GtkBridge", targets: ["GtkBridge"]),
    // Combine's API for model files (`import Combine`); GtkBridge re-exports it.
    .library(name: "Combine", targets: ["Combine"]),
    // For test targets only: simulate* input, accessibility checks, GtkBridgeTestCase and the
    // inspection API (ViewInspection). Links XCTest and GTK's gtk_test_* API.
    .library(name: "GtkBridgeTesting", targets: ["GtkBridgeTesting"]),
    .executable(name: "gtk-focus-demo", targets: ["gtk-focus-demo"]),
    .executable(name: "screen-reader-samples", targets: ["screen-reader-samples"]),
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
    .target(name: "Combine"),
    // `#Preview`'s compiler plugin: it speaks the compiler's plugin protocol (JSON on standard
    // input and output) itself, so it needs no swift-syntax package.
    .macro(name: "GtkBridgeMacros"),
    // GtkBridge re-exports CGtk4 (GTK's own API), not CGtk (its shim).
    .target(name: "GtkBridge", dependencies: ["CGtk4", "CGtk", "Combine", "GtkBridgeMacros"]),
    // The gtk_test_* calls the testing product needs, kept out of the shipping library.
    .target(name: "CGtkTesting", dependencies: ["CGtk4"]),
    .target(name: "GtkBridgeTesting", dependencies: ["GtkBridge", "CGtk", "CGtkTesting"]),
    .executableTarget(name: "gtk-focus-demo", dependencies: ["GtkBridge"]),
    .executableTarget(name: "screen-reader-samples", dependencies: ["GtkBridge"]),
    // The GtkBridge side of Benchmarks/run (release builds only; see Benchmarks/README.md).
    .executableTarget(
      name: "gtkbridge-bench", dependencies: ["GtkBridge", "CGtk"], path: "Benchmarks/swift"),
    // The demo is a dependency so its views can be inspected in-process (DemoInspectionTests).
    .testTarget(
      name: "GtkBridgeTests",
      dependencies: ["GtkBridge", "GtkBridgeTesting", "CGtk", "gtk-focus-demo"]),
  ],
  swiftLanguageModes: [.v6]
)
