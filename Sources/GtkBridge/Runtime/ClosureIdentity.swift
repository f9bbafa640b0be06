import CGtk

/// Whether two closures are the same code over the same captured values: what lets a
/// `ForEach` whose parent re-ran skip rows without running their content closure.
///
/// A parent's `body` makes a new content closure on every run, so comparing closures by
/// address says "changed" every time, and every row would re-run (SwiftUI's cost: it cannot
/// compare closures either). Jetpack Compose remembers lambdas so they compare equal when
/// their captures do; this is the runtime form of that idea. A Swift closure is a function
/// pointer and a context object; the context's metadata (kind `HeapLocalVariable`) points to
/// a capture descriptor listing the captured types in layout order, which the runtime can
/// turn into type metadata, and so into sizes. Two closures are the same when their function
/// pointers are equal and each captured value has the same bytes (a captured closure is
/// compared the same way, recursively: reabstraction thunks wrap the user's closure in one).
///
/// Equal bytes mean the same objects, the same strings and the same values, as
/// `ViewEquality`'s memcmp of a view's fields: a row re-run would read exactly what the
/// previous run read, and what it read through observable state is tracked per row. A
/// captured `var` (`@Bindable var model = model` in a `body`) is compared by what its box
/// holds: a `body` makes a new box on every run, and a row run now would read that. Every
/// case this cannot decide answers "not the same": closures made in generic code (their
/// captures name generic parameters), contexts without a descriptor, a single captured
/// object used as the context itself (compared by identity). That costs a re-run, never a
/// wrong row.
///
/// Relies on (the Swift runtime's ABI, none of it promised by the language): a closure value
/// is two words, function then context; a context is a heap object whose metadata has kind
/// `HeapLocalVariable` (0x400), the offset of its first capture at byte 8 and its capture
/// descriptor at byte 16; the descriptor's counts, then one relative pointer per capture to a
/// mangled type name that `swift_getTypeByMangledNameInContext` resolves (`SwiftRuntime`);
/// a value witness table just before a type's metadata, with size at byte 64 and the
/// alignment mask in the low byte of the flags at byte 80; function metadata of kind 0x302.
///
/// If that changes: `RuntimeTricks`' start-up self-check (`selfCheckFailures()`) compares
/// closures with known captures; when it fails, `isSame` answers "not the same" for every
/// pair (every row runs its closure again, as with `GTKBRIDGE_RUNTIME_TRICKS=off`), with one
/// warning. A change the check does not see would read wrong bytes: compared wrong, a row
/// that should re-run may not, so the check covers every capture kind read here.
@MainActor
enum ClosureIdentity {
  /// A thick function's two words, as Swift stores a closure value.
  private struct Parts {
    let function: UnsafeRawPointer
    let context: UnsafeRawPointer?
  }

  /// Where a captured value lies in a context, and how to compare it.
  private enum Capture {
    case bytes(offset: Int, size: Int)
    case closure(offset: Int)
    /// A captured `var` (`@Bindable var model = model` in a `body`): a box, compared by
    /// what it holds.
    case box(offset: Int)
  }

  /// Capture layouts by context metadata (its address); `nil` for contexts that cannot be
  /// compared. NB: keyed by `Int`, not `UnsafeRawPointer`: the dictionary's storage type is
  /// made on its first growth, and checking `UnsafeRawPointer: Hashable` there scanned every
  /// conformance record of the process (about 380,000 instructions, in the first update).
  private static var layouts: [Int: [Capture]?] = [:]

  /// Whether the closures stored at `offset` in `a` and `b` (a struct's closure property,
  /// read from its stored bytes so no reabstraction thunk is made on the way) are the same.
  /// "Not the same" whenever the runtime tricks are off (`RuntimeTricks.areOn`).
  static func isSame<T>(storedAt offset: Int, in a: T, _ b: T) -> Bool {
    guard RuntimeTricks.areOn else { return false }
    return compare(storedAt: offset, in: a, b)
  }

  /// `isSame(storedAt:in:_:)` whether the tricks are on or not: what the self-check runs.
  static func compare<T>(storedAt offset: Int, in a: T, _ b: T) -> Bool {
    withBytes(of: a) { bytesA in
      withBytes(of: b) { bytesB in
        guard offset + MemoryLayout<Parts>.size <= bytesA.count else { return false }
        return same(
          bytesA.loadUnaligned(fromByteOffset: offset, as: Parts.self),
          bytesB.loadUnaligned(fromByteOffset: offset, as: Parts.self), depth: 0)
      }
    }
  }

  private static func same(_ a: Parts, _ b: Parts, depth: Int) -> Bool {
    guard a.function == b.function else { return false }
    guard let contextA = a.context, let contextB = b.context else { return a.context == b.context }
    return sameContents(contextA, contextB, depth: depth)
  }

  /// Whether two capture contexts (or boxes) hold the same values. A context is a Swift heap
  /// object. A statically initialised one may not have its metadata word set yet; one
  /// captured object (or one box) used as the context itself is compared by its own
  /// metadata: a class instance's is not a capture context's, so it counts by identity.
  private static func sameContents(
    _ contextA: UnsafeRawPointer, _ contextB: UnsafeRawPointer, depth: Int
  ) -> Bool {
    if contextA == contextB { return true }
    guard depth < 8, let metadata = contextA.load(as: UnsafeRawPointer?.self),
      metadata == contextB.load(as: UnsafeRawPointer?.self), let captures = layout(of: metadata)
    else { return false }
    for capture in captures {
      switch capture {
      case .bytes(let offset, let size):
        if memcmp(contextA + offset, contextB + offset, size) != 0 { return false }
      case .closure(let offset):
        let closureA = (contextA + offset).loadUnaligned(as: Parts.self)
        let closureB = (contextB + offset).loadUnaligned(as: Parts.self)
        if !same(closureA, closureB, depth: depth + 1) { return false }
      case .box(let offset):
        let boxA = (contextA + offset).loadUnaligned(as: UnsafeRawPointer.self)
        let boxB = (contextB + offset).loadUnaligned(as: UnsafeRawPointer.self)
        if !sameContents(boxA, boxB, depth: depth + 1) { return false }
      }
    }
    return true
  }

  private static func layout(of metadata: UnsafeRawPointer) -> [Capture]? {
    let key = Int(bitPattern: metadata)
    if let known = layouts[key] { return known }
    let computed = computeLayout(of: metadata)
    layouts[key] = computed
    return computed
  }

  /// Reads `HeapLocalVariableMetadata` (kind, offset to the first capture, capture
  /// descriptor) and the descriptor (`CaptureDescriptor`: counts, then one relative pointer
  /// to a mangled type name per capture), as the Swift ABI lays them out.
  private static func computeLayout(of metadata: UnsafeRawPointer) -> [Capture]? {
    let heapLocalVariableKind: UInt = 0x400
    guard metadata.load(as: UInt.self) == heapLocalVariableKind,
      let descriptor = metadata.load(fromByteOffset: 16, as: UnsafeRawPointer?.self)
    else { return nil }
    var offset = Int(metadata.load(fromByteOffset: 8, as: UInt32.self))
    let count = Int(descriptor.load(as: UInt32.self))
    // Metadata sources and bindings: a closure made in generic code. Its captured types name
    // generic parameters the runtime cannot resolve without the bindings.
    guard descriptor.load(fromByteOffset: 4, as: UInt32.self) == 0,
      descriptor.load(fromByteOffset: 8, as: UInt32.self) == 0, count <= 64
    else { return nil }
    var captures: [Capture] = []
    for index in 0..<count {
      let record = descriptor + 12 + 4 * index
      let name = (record + Int(record.load(as: Int32.self))).assumingMemoryBound(to: UInt8.self)
      let length = mangledLength(name)
      let size: Int
      let alignment: Int
      let isClosure: Bool
      if isBox(name, length) {
        offset = (offset + 7) / 8 * 8
        captures.append(.box(offset: offset))
        offset += MemoryLayout<UnsafeRawPointer>.size
        continue
      } else if let type = SwiftRuntime.type(byMangledName: name, length: length) {
        // The value witness table sits just before the metadata: size at 64, flags at 80
        // (the low byte is the alignment mask).
        let witnesses = (type - MemoryLayout<UnsafeRawPointer>.size).load(as: UnsafeRawPointer.self)
        size = witnesses.load(fromByteOffset: 64, as: Int.self)
        alignment = Int(witnesses.load(fromByteOffset: 80, as: UInt32.self) & 0xff) + 1
        let functionKind: UInt = 0x302
        isClosure = type.load(as: UInt.self) == functionKind && size == MemoryLayout<Parts>.size
      } else if let thick = silFunctionType(name, length) {
        size = thick ? MemoryLayout<Parts>.size : MemoryLayout<UnsafeRawPointer>.size
        alignment = MemoryLayout<UnsafeRawPointer>.alignment
        isClosure = thick
      } else {
        return nil
      }
      offset = (offset + alignment - 1) / alignment * alignment
      captures.append(isClosure ? .closure(offset: offset) : .bytes(offset: offset, size: size))
      offset += size
    }
    return captures
  }

  /// The length of a mangled name, whose symbolic references may contain zero bytes.
  private static func mangledLength(_ name: UnsafePointer<UInt8>) -> Int {
    var index = 0
    while name[index] != 0 {
      switch name[index] {
      case 0x01...0x17: index += 5  // a 32-bit relative reference
      case 0x18...0x1f: index += 9  // an absolute pointer
      default: index += 1
      }
    }
    return index
  }

  /// Whether a capture is a box for a captured `var`: a SIL box type, mangled with the
  /// `Xx` (box with layout) or `Xb` suffix. The box is a heap object with its own capture
  /// metadata describing what it holds.
  private static func isBox(_ name: UnsafePointer<UInt8>, _ length: Int) -> Bool {
    guard length >= 2, name[length - 2] == UInt8(ascii: "X") else { return false }
    return name[length - 1] == UInt8(ascii: "x") || name[length - 1] == UInt8(ascii: "b")
  }

  /// Whether a SIL function type (`<types> I <attributes> _`, what a reabstraction thunk's
  /// context records for the closure it wraps) is thick (`true`) or thin (`false`); `nil`
  /// when the name is not one or has another convention (C, block). The runtime makes no
  /// metadata for these.
  private static func silFunctionType(_ name: UnsafePointer<UInt8>, _ length: Int) -> Bool? {
    guard length >= 3, name[length - 1] == UInt8(ascii: "_") else { return nil }
    var index = 0
    var attributes = -1
    while index < length {
      switch name[index] {
      case 0x01...0x17: index += 5
      case 0x18...0x1f: index += 9
      case UInt8(ascii: "I"):
        attributes = index + 1
        index += 1
      default: index += 1
      }
    }
    guard attributes > 0, attributes + 1 < length else { return nil }
    var convention = attributes
    if name[convention] == UInt8(ascii: "e") { convention += 1 }  // escaping
    switch name[convention] {
    case UInt8(ascii: "t"):
      return false
    case UInt8(ascii: "g"), UInt8(ascii: "x"), UInt8(ascii: "y"):
      let representation = name[convention + 1]
      return representation == UInt8(ascii: "C") || representation == UInt8(ascii: "B") ? nil : true
    default:
      return nil
    }
  }
}
