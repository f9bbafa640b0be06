/// Finds the types `#Preview` made, by reading the Swift runtime's type metadata records:
/// Swift has no static initialisers, so a macro cannot register anything when the program
/// starts, but each type it declares is listed in its image's `swift5_type_metadata`
/// section (as swift-testing's discovery of test types reads it).
///
/// Relies on (the runtime's ABI, not the language; details at `TypeMetadataRecords`):
/// `swift_enumerateAllMetadataSections`, the order of `MetadataSections`' ranges, and the
/// layout of a type context descriptor.
///
/// If it changes: a removed symbol fails the link; a changed layout finds no preview (or
/// reads a wrong record), which `PreviewMacroTests` show. Not behind `GTKBRIDGE_RUNTIME_TRICKS`
/// nor in the start-up self-check: this is no shortcut with a slower safe path, but the only
/// way a macro's type can be found at run time, and it runs only when previews are asked
/// for (`GTKBRIDGE_PREVIEW`), never in an app's normal run.
@MainActor
enum PreviewDiscovery {
  /// Every `#Preview` registration in the process's images.
  static func registrations() -> [any _PreviewRegistration.Type] {
    var found: [any _PreviewRegistration.Type] = []
    for type in TypeMetadataRecords.types(whoseNameContains: previewMarker) {
      if let registration = type as? any _PreviewRegistration.Type { found.append(registration) }
    }
    return found
  }

  /// What `GtkBridgeMacros`' expansion puts in each registration's name.
  static let previewMarker = "__gtkbridge_preview_"
}

/// The Swift runtime's lists of the types each image declares, for ELF images (Linux).
///
/// NB: the layouts read here are the runtime's ABI: `swift_enumerateAllMetadataSections`
/// (exported by libswiftCore on ELF platforms) gives each image's `MetadataSections`
/// (`swift/shims/MetadataSections.h`: version, base address, two unused words, then
/// `(start, length)` ranges, the third being `swift5_type_metadata`). That section holds one
/// 32-bit relative pointer per type, whose low two bits say how it points (0: directly at the
/// type's context descriptor). A descriptor starts with 32-bit flags, then relative pointers
/// to its parent, its name and its metadata accessor.
enum TypeMetadataRecords {
  #if os(Linux) || os(FreeBSD) || os(OpenBSD) || os(Android)
    typealias SectionVisitor = @convention(c) (UnsafeRawPointer, UnsafeMutableRawPointer?) -> Bool

    @_silgen_name("swift_enumerateAllMetadataSections")
    private static func enumerateAllMetadataSections(
      _ body: SectionVisitor, _ context: UnsafeMutableRawPointer?)

    /// A metadata accessor, called with a request for complete metadata (0); it returns the
    /// metadata and its state in two registers, as Swift returns a pair.
    private typealias MetadataAccessor = @convention(thin) (Int) -> (UnsafeRawPointer?, Int)

    /// The non-generic types whose names contain `fragment`.
    static func types(whoseNameContains fragment: String) -> [Any.Type] {
      let search = Search(fragment)
      enumerateAllMetadataSections(visit, Unmanaged.passUnretained(search).toOpaque())
      return withExtendedLifetime(search) { search.types }
    }

    /// What `types(whoseNameContains:)` looks for, and what it found.
    private final class Search {
      let fragment: [UInt8]
      var types: [Any.Type] = []
      init(_ fragment: String) { self.fragment = Array(fragment.utf8) }
    }

    /// Reads one image's `swift5_type_metadata` records; `context` is the `Search`.
    /// NB: a named function, not a closure: a C function pointer cannot capture.
    private static let visit: SectionVisitor = { sections, context in
      let search = Unmanaged<Search>.fromOpaque(context!).takeUnretainedValue()
      let words = sections.assumingMemoryBound(to: UInt.self)
      // Ranges start after 4 words; swift5_type_metadata is the third range.
      let start = words[4 + 2 * 2]
      let length = Int(words[4 + 2 * 2 + 1])
      guard start != 0, let base = UnsafeRawPointer(bitPattern: start) else { return true }
      var record = base
      while record < base + length {
        defer { record += 4 }
        let offset = record.load(as: Int32.self)
        guard offset & 3 == 0 else { continue }  // an indirect record: not ours
        let descriptor = record + Int(offset)
        let flags = descriptor.load(as: UInt32.self)
        guard flags & 0x80 == 0 else { continue }  // generic: needs arguments
        let nameField = descriptor + 8
        let name = nameField + Int(nameField.load(as: Int32.self))
        guard contains(name.assumingMemoryBound(to: UInt8.self), search.fragment) else {
          continue
        }
        let accessorField = descriptor + 12
        let accessorOffset = accessorField.load(as: Int32.self)
        guard accessorOffset != 0 else { continue }
        let accessor = unsafeBitCast(
          accessorField + Int(accessorOffset), to: MetadataAccessor.self)
        if let metadata = accessor(0).0 {
          search.types.append(unsafeBitCast(metadata, to: Any.Type.self))
        }
      }
      return true
    }

    /// Whether the C string at `name` contains `fragment`.
    private static func contains(_ name: UnsafePointer<UInt8>, _ fragment: [UInt8]) -> Bool {
      var index = 0
      while name[index] != 0 {
        var matched = 0
        while matched < fragment.count, name[index + matched] == fragment[matched] {
          matched += 1
        }
        if matched == fragment.count { return true }
        index += 1
      }
      return false
    }
  #else
    /// Not on this platform: its images list their types in another format.
    static func types(whoseNameContains fragment: String) -> [Any.Type] { [] }
  #endif
}
