#include "cgtk.h"

// The runtime tricks' C side (Sources/GtkBridge/Runtime/SwiftRuntime.swift wraps it; what it
// relies on and what happens if it changes is said there).
// Declared by the Swift runtime (swift/Runtime/Metadata.h) with the Swift calling convention.
extern const void *swift_getTypeByMangledNameInContext(const char *typeNameStart,
                                                       size_t typeNameLength,
                                                       const void *context,
                                                       const void *const *genericArgs)
    __attribute__((swiftcall));

const void *cgtk_swift_type_by_mangled_name(const char *name, size_t length) {
  return swift_getTypeByMangledNameInContext(name, length, NULL, NULL);
}
