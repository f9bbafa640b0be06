import CGtk
// GTK's C API comes with `import GtkBridge`, so a representable for any GTK widget needs no
// other import: `gtk_spin_button_new_with_range`, `GtkTextView`, `g_object_get` are in scope.
// Only GTK's own API (CGtk4: <gtk/gtk.h> and gettext's <libintl.h>): the `cgtk_` shim is
// GtkBridge's own, not API, so CGtk is imported without re-export (an app that names a
// `cgtk_` function does not compile; scripts/shim-check proves it).
@_exported import CGtk4
// Combine's model types (`ObservableObject`, `@Published`, `AnyCancellable`, subjects,
// `Timer.publish`) live in this package's `Combine` module, so a model file with
// `import Combine` and a view file with `import GtkBridge` name the same types, as on Apple
// platforms.
@_exported import Combine
// What `import SwiftUI` brings along, so SwiftUI code compiles with only its import changed:
// Foundation's types (`Date`, `URL`, `NumberFormatter`, …) and Observation's `@Observable`.
@_exported import Foundation
@_exported import Observation
