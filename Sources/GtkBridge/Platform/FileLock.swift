#if canImport(Glibc)
  import Glibc
#endif

/// An advisory lock between processes on a lock file (`flock`).
enum FileLock {
  /// Runs `body` holding an exclusive `flock` on the file at `path` (made with mode 0600),
  /// so two processes' `body`s never interleave. Without a lock (the file cannot be made)
  /// `body` runs anyway.
  static func holding(_ path: String, _ body: () -> Void) {
    let descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
    if descriptor >= 0 { _ = flock(descriptor, LOCK_EX) }
    defer {
      if descriptor >= 0 {
        _ = flock(descriptor, LOCK_UN)
        close(descriptor)
      }
    }
    body()
  }
}
