import GtkBridge

#if canImport(Glibc)
  import Glibc
#endif

/// The demo as an app: one window, opened by GtkBridge's `App` on a `GtkApplication`.
struct DemoApp: App {
  static let title = "GtkBridge focus demo"
  static let subtitle = "SwiftUI's text fields and focus on GTK 4 widgets"
  static let width = 1280
  static let height = 800
  static var applicationID: String { "io.github.gtkbridge.FocusDemo" }

  let model = DemoModel()

  var body: some Scene {
    WindowGroup(
      DemoApp.title, subtitle: DemoApp.subtitle, width: DemoApp.width, height: DemoApp.height
    ) {
      DemoView(model: model)
    }
    .commands { DemoCommands() }
  }
}

/// The entry point: the app in a window, or the headless tour with `--screenshot DIR`.
///
///     gtk-focus-demo [--trace] [--quit-after SECONDS]
///     gtk-focus-demo --screenshot DIR [--trace]
///
/// `--trace` prints every binding write and focus transition, one per line. `--quit-after`
/// ends the process after that many seconds (a watchdog for tests that drive the window).
/// `--screenshot` starts a private Xvfb when there is no display, plays the tour, saves a
/// numbered PNG after each step, prints what each shows, and exits 0 when every step showed
/// what it should.
@main
@MainActor
enum DemoMain {
  static func main() {
    let options: Options
    do {
      options = try Options(parsing: Array(CommandLine.arguments.dropFirst()))
    } catch {
      fail("\(error)\n\(Options.usage)")
    }
    EventLog.shared.printsTrace = options.trace
    if let seconds = options.quitAfter { alarm(UInt32(seconds)) }
    if let directory = options.screenshotDirectory {
      exit(Tour.run(savingTo: directory))
    }
    DemoApp.main()
  }
}

/// The command line.
struct Options {
  static let usage =
    "usage: gtk-focus-demo [--trace] [--quit-after SECONDS] [--screenshot DIR]"

  var trace = false
  var quitAfter: Int?
  var screenshotDirectory: String?

  struct UsageError: Error, CustomStringConvertible {
    let description: String
  }

  init(parsing arguments: [String]) throws(UsageError) {
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--trace":
        trace = true
      case "--screenshot":
        guard let directory = remaining.popFirst() else {
          throw UsageError(description: "--screenshot needs a directory")
        }
        screenshotDirectory = directory
      case "--quit-after":
        guard let text = remaining.popFirst(), let seconds = Int(text), seconds > 0 else {
          throw UsageError(description: "--quit-after needs a number of seconds")
        }
        quitAfter = seconds
      default:
        throw UsageError(description: "unknown argument \(argument)")
      }
    }
  }
}

/// Prints `message` to stderr and exits with status 2.
func fail(_ message: String) -> Never {
  let line = "gtk-focus-demo: \(message)\n"
  _ = line.withCString { write(2, $0, strlen($0)) }
  exit(2)
}
