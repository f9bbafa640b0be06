import CGtk

/// What the Swift runtime knows that the language does not say: lookups GtkBridge needs
/// from the runtime's C entry points (see cgtk.h for why each must be C).
///
/// Relies on: `swift_getTypeByMangledNameInContext`, exported by libswiftCore with the Swift
/// calling convention and the signature in swift/Runtime/Metadata.h (called from
/// Sources/CGtk/swift_runtime.c, as `@_silgen_name` of a `swift_` symbol is deprecated).
///
/// If it changes: a removed or renamed symbol fails the link, not silently; a changed
/// signature or meaning makes `ClosureIdentity` read wrong sizes, which its start-up
/// self-check sees (`RuntimeTricks`), switching the tricks off with one warning.
enum SwiftRuntime {
  /// The type metadata for the mangled type name at `name` (`length` bytes, symbolic
  /// references included), or `nil` when the runtime cannot resolve it.
  /// Wraps `cgtk_swift_type_by_mangled_name`.
  static func type(byMangledName name: UnsafePointer<UInt8>, length: Int) -> UnsafeRawPointer? {
    cgtk_swift_type_by_mangled_name(name, length)
  }
}
