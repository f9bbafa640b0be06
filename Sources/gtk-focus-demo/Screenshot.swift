import GtkBridge

#if canImport(Glibc)
  import Glibc
#endif

/// Saves the whole X screen as a PNG with ImageMagick's `import` (what a person would see).
/// Returns whether `import` succeeded.
@MainActor
func saveScreenshot(to path: String) -> Bool {
  // Let GTK draw the latest state before the X server is read.
  MainLoop.wait(seconds: 0.3)
  let arguments = ["import", "-window", "root", path]
  var pid: pid_t = 0
  var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
  defer { for pointer in argv { free(pointer) } }
  guard posix_spawnp(&pid, "import", nil, nil, &argv, environ) == 0 else { return false }
  var status: Int32 = 0
  waitpid(pid, &status, 0)
  return status == 0
}
