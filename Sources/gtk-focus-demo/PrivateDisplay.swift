#if canImport(Glibc)
  import Glibc
#endif

/// A private Xvfb for the headless tour, started when there is no display.
///
/// `Xvfb -displayfd` picks a free display number itself and writes it when the server is
/// ready, so nothing is guessed and nothing is polled. `-terminate` makes the server exit when
/// its last client (the demo) disconnects, so it cannot outlive a crash; a normal exit also
/// kills it explicitly (`stop()`, registered with `atexit`).
enum PrivateDisplay {
  /// The server's process, while it runs.
  nonisolated(unsafe) private static var serverPID: pid_t = 0

  /// Starts `Xvfb` with a 1280x800x24 screen and points `DISPLAY` at it. Returns the display
  /// name, such as ":1".
  static func start(width: Int, height: Int) throws(StartError) -> String {
    var pipe: [Int32] = [0, 0]
    guard Glibc.pipe(&pipe) == 0 else { throw .cannotStart("pipe failed") }
    let arguments = [
      "Xvfb", "-displayfd", "\(pipe[1])", "-screen", "0", "\(width)x\(height)x24",
      "-nolisten", "tcp", "-terminate",
    ]
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addclose(&actions, pipe[0])
    // Xvfb's own chatter ("_XSERVTransmkdir…") is noise here.
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var pid: pid_t = 0
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let spawned = posix_spawnp(&pid, "Xvfb", &actions, nil, &argv, environ)
    close(pipe[1])
    defer { close(pipe[0]) }
    guard spawned == 0 else {
      throw .cannotStart("cannot run Xvfb (Debian: apt-get install xvfb): \(spawned)")
    }
    serverPID = pid
    atexit { PrivateDisplay.stop() }
    // The display number, then a newline, once the server accepts connections.
    var text = ""
    var byte: UInt8 = 0
    while read(pipe[0], &byte, 1) == 1, byte != UInt8(ascii: "\n") {
      text.append(Character(UnicodeScalar(byte)))
    }
    guard let number = Int(text) else {
      stop()
      throw .cannotStart("Xvfb exited before it reported a display")
    }
    let display = ":\(number)"
    setenv("DISPLAY", display, 1)
    return display
  }

  /// Kills the server, if it runs, and reaps it.
  static func stop() {
    guard serverPID > 0 else { return }
    kill(serverPID, SIGTERM)
    var status: Int32 = 0
    waitpid(serverPID, &status, 0)
    serverPID = 0
  }

  enum StartError: Error, CustomStringConvertible {
    case cannotStart(String)

    var description: String {
      switch self {
      case .cannotStart(let reason): "cannot start a private Xvfb: \(reason)"
      }
    }
  }
}
