# Fails unless CMake builds exactly the targets and source files that SwiftPM builds.
#
#   cmake -DSWIFT=<swift> -DPACKAGE_DIR=<repo> -DSCRATCH_DIR=<dir> -DCMAKE_SOURCES=<file>
#         -P SourcesMatchPackage.cmake
#
# CMAKE_SOURCES holds "<target> <path from the package root>" lines, one per source file
# CMakeLists.txt compiles. SwiftPM's side comes from `swift package describe`, so a target
# added to Package.swift, an `exclude:`, or a source kind CMake does not glob (a .cpp in the
# shim) shows up here as a difference.
cmake_minimum_required(VERSION 3.25)

foreach(var SWIFT PACKAGE_DIR SCRATCH_DIR CMAKE_SOURCES)
  if(NOT DEFINED ${var} OR "${${var}}" MATCHES "NOTFOUND$")
    message(FATAL_ERROR "SourcesMatchPackage.cmake: -D${var}=... is required")
  endif()
endforeach()

# A scratch path in the build tree: describing the package must not write into the sources.
execute_process(
  COMMAND "${SWIFT}" package --package-path "${PACKAGE_DIR}" --scratch-path "${SCRATCH_DIR}"
    describe --type json
  OUTPUT_VARIABLE description RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "swift package describe failed (${result})")
endif()

set(swiftpm "")
string(JSON targets GET "${description}" targets)
string(JSON count LENGTH "${targets}")
math(EXPR last "${count} - 1")
foreach(i RANGE ${last})
  string(JSON target GET "${targets}" ${i})
  string(JSON type GET "${target}" type)
  # CGtk4 has no sources: its module map (GTK's own API, re-exported by GtkBridge) is on
  # GtkBridge's include path, and CMake asks pkg-config for the flags itself.
  if(type STREQUAL "system-target")
    continue()
  endif()
  string(JSON name GET "${target}" name)
  string(JSON path GET "${target}" path)
  string(JSON sources GET "${target}" sources)
  string(JSON source_count LENGTH "${sources}")
  if(source_count EQUAL 0)
    list(APPEND swiftpm "${name} <no sources>")
    continue()
  endif()
  math(EXPR source_last "${source_count} - 1")
  foreach(j RANGE ${source_last})
    string(JSON source GET "${sources}" ${j})
    list(APPEND swiftpm "${name} ${path}/${source}")
  endforeach()
endforeach()

file(STRINGS "${CMAKE_SOURCES}" cmake)

set(only_swiftpm ${swiftpm})
set(only_cmake ${cmake})
if(cmake)
  list(REMOVE_ITEM only_swiftpm ${cmake})
endif()
if(swiftpm)
  list(REMOVE_ITEM only_cmake ${swiftpm})
endif()
if(only_swiftpm OR only_cmake)
  foreach(side only_swiftpm only_cmake)
    if(NOT ${side})
      set(${side} "(none)")
    endif()
    list(JOIN ${side} "\n  " ${side})
  endforeach()
  message(FATAL_ERROR "CMakeLists.txt and Package.swift build different sources.\n"
    "Only SwiftPM builds:\n  ${only_swiftpm}\nOnly CMake builds:\n  ${only_cmake}\n")
endif()
list(LENGTH cmake n)
message(STATUS "CMake and SwiftPM build the same ${n} source files")
