// Only here so SwiftPM can hand GTK 4's pkg-config flags to the CGtk shim.
#include <gtk/gtk.h>
