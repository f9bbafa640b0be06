// GTK's own C API, which `import GtkBridge` re-exports (Core/Exports.swift), and SwiftPM's way
// to hand GTK 4's pkg-config flags to the CGtk shim.
#include <gtk/gtk.h>
// Why: an app binds its gettext catalog (`bindtextdomain`, `textdomain`) for `Text("…")` with
// `import GtkBridge` alone.
#include <libintl.h>
