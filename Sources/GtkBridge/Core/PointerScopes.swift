// NB: why these wrappers of the standard library's pointer scopes. A closure written in
// main-actor code and passed to a function of a module built without strict concurrency (the
// standard library is one) checks on entry that it runs on the main actor (SE-0423's dynamic
// isolation: `swift_task_isCurrentExecutor`, about 220 instructions a call). The same
// closure passed to a function of this module needs no check: Swift 6 proves the isolation.
// These functions are nonisolated and hand the caller's closure on as it is, so the graph's
// comparisons (several per row and per update: W7 ran 42 such checks per state write)
// cost the pointer and nothing else.

/// `withUnsafePointer(to:_:)` without the run-time isolation check of the closure.
func withPointer<T, Result>(to value: T, _ body: (UnsafePointer<T>) -> Result) -> Result {
  withUnsafePointer(to: value, body)
}

/// `withUnsafePointer(to: &value, _:)` without the run-time isolation check of the closure.
func withPointer<T, Result>(to value: inout T, _ body: (UnsafePointer<T>) -> Result) -> Result {
  withUnsafePointer(to: &value, body)
}

/// `withUnsafeMutablePointer(to:_:)` without the run-time isolation check of the closure.
func withMutablePointer<T, Result>(
  to value: inout T, _ body: (UnsafeMutablePointer<T>) -> Result
) -> Result {
  withUnsafeMutablePointer(to: &value, body)
}

/// `withUnsafeBytes(of:_:)` without the run-time isolation check of the closure.
func withBytes<T, Result>(of value: T, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
  withUnsafeBytes(of: value, body)
}

/// `string.withCString(_:)` without the run-time isolation check of the closure: a string
/// handed to C without the copy into a new array that the implicit `String` to pointer
/// conversion makes (a native string lends its own bytes, a small one a copy on the stack).
func withCString<Result>(_ string: String, _ body: (UnsafePointer<CChar>) -> Result) -> Result {
  string.withCString(body)
}

/// The standard library's arrays, whose elements lie in one buffer.
protocol ContiguousElements: RandomAccessCollection where Index == Int {
  func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows
    -> R
}

extension ContiguousElements {
  /// `withUnsafeBufferPointer(_:)` without the run-time isolation check of the closure.
  func withBuffer<Result>(_ body: (UnsafeBufferPointer<Element>) -> Result) -> Result {
    withUnsafeBufferPointer(body)
  }
}

extension Array: ContiguousElements {}
extension ContiguousArray: ContiguousElements {}
extension ArraySlice: ContiguousElements {}
