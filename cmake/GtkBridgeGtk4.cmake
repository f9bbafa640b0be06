# Defines GtkBridge::Gtk4: GTK 4 in a form both C and Swift targets can use. The build and the
# installed GtkBridgeConfig.cmake both include this file, so they find GTK the same way.
#
# Why not PkgConfig::GTK4: pkg-config's cflags for gtk4 carry `-mfpmath=sse -msse -msse2`,
# which swiftc rejects, yet every Swift target that imports CGtk needs GTK's include
# directories (the Clang importer reads <gtk/gtk.h>). So include directories and libraries go
# to every language, the remaining cflags to C only.
#
# Sets GTK4_FOUND; the caller decides whether a missing GTK is fatal.

find_package(PkgConfig QUIET)
if(PkgConfig_FOUND)
  pkg_check_modules(GTK4 QUIET gtk4)
endif()

# Imported targets are visible only in the directory that made them, and find_package may
# run in several directories of one project: make the target wherever it is missing.
if(GTK4_FOUND AND NOT TARGET GtkBridge::Gtk4)
  add_library(GtkBridge::Gtk4 INTERFACE IMPORTED)
  set_target_properties(GtkBridge::Gtk4 PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${GTK4_INCLUDE_DIRS}"
    INTERFACE_LINK_LIBRARIES "${GTK4_LINK_LIBRARIES}"
    INTERFACE_COMPILE_OPTIONS "$<$<COMPILE_LANGUAGE:C>:${GTK4_CFLAGS_OTHER}>")
endif()
