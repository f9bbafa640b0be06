import CGtk

/// What the Swift runtime knows that the language does not say: lookups GtkBridge needs
/// from the runtime's C entry points (see cgtk.h for why each must be C).
enum SwiftRuntime {
  /// The type metadata for the mangled type name at `name` (`length` bytes, symbolic
  /// references included), or `nil` when the runtime cannot resolve it.
  /// Wraps `cgtk_swift_type_by_mangled_name`.
  static func type(byMangledName name: UnsafePointer<UInt8>, length: Int) -> UnsafeRawPointer? {
    cgtk_swift_type_by_mangled_name(name, length)
  }
}
