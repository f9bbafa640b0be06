// GTK's C API comes with `import GtkBridge`, so a representable for any GTK widget needs no
// other import: `gtk_spin_button_new_with_range`, `GtkTextView`, `g_object_get` are in scope.
// (The `cgtk_` shim functions come along; they are GtkBridge's own, not API.)
@_exported import CGtk
// Combine's model types (`ObservableObject`, `@Published`, `AnyCancellable`, subjects,
// `Timer.publish`) live in this package's `Combine` module, so a model file with
// `import Combine` and a view file with `import GtkBridge` name the same types, as on Apple
// platforms.
@_exported import Combine
// What `import SwiftUI` brings along, so SwiftUI code compiles with only its import changed:
// Foundation's types (`Date`, `URL`, `NumberFormatter`, …) and Observation's `@Observable`.
@_exported import Foundation
@_exported import Observation
