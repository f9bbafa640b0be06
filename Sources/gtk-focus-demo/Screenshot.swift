import GtkBridge

/// Saves what the X screen shows as a PNG, with ImageMagick's `import` (what a person sees).
/// Returns whether `import` succeeded.
@MainActor
func saveScreenshot(to path: String, window: String = "root") -> Bool {
  // Let GTK lay out and draw the latest state before the X server is read.
  MainLoop.wait(seconds: 0.3)
  return Subprocess.run(["import", "-window", window, path], timeout: 20).succeeded
}
