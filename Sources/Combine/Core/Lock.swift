import Foundation

/// A mutex for the state publishers and subscriptions share across threads (Combine's
/// values may arrive on any thread). NB: a class around `NSLock`, so it can be a `let` in
/// the final classes that use it.
final class Lock: @unchecked Sendable {
  private let lock = NSLock()

  func withLock<T>(_ body: () throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }
}

/// A value handed to another thread or a later turn of a run loop, where the compiler cannot
/// see that only one side uses it at a time (a scheduled action, a value being delivered).
struct Unchecked<Value>: @unchecked Sendable {
  let value: Value
}
