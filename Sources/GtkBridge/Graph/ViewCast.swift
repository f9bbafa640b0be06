// NB: why not `view as? T`: in a node generic over its view type, the cast produces a `T?`,
// and the Swift runtime looks `Optional<T>`'s metadata up in its generic-metadata cache on
// every call (about 800 instructions on Linux, plus about 400 for `swift_dynamicCast`). A
// node's update runs on every change of what it shows, so these casts were a few percent of
// a keystroke. Comparing metatypes and opening the existential needs no lookup.
extension View {
  /// Calls `body` with a pointer to this view, if it is a `T`, and returns whether it was
  /// one: `if let view = view as? T`, without the cast's runtime lookups.
  ///
  /// ```swift
  /// guard view.whenIs(R.self, { representable = $0.pointee }) else { return false }
  /// ```
  @inline(__always)
  func whenIs<T>(_ type: T.Type, _ body: (UnsafePointer<T>) -> Void) -> Bool {
    guard Self.self == T.self else { return false }
    withPointer(to: self) { body(UnsafeRawPointer($0).assumingMemoryBound(to: T.self)) }
    return true
  }

  /// Calls `body` with a pointer to this view and its type: how an `any View` is handed to
  /// `ViewNode.update(at:as:)`.
  @inline(__always)
  func withRawPointer<Result>(_ body: (UnsafeRawPointer, any View.Type) -> Result) -> Result {
    withPointer(to: self) { body(UnsafeRawPointer($0), Self.self) }
  }

  /// The view of this type at `pointer`, copied into an `any View`.
  static func boxed(at pointer: UnsafeRawPointer) -> any View {
    pointer.assumingMemoryBound(to: Self.self).pointee
  }
}
