import GtkBridge

#if canImport(Glibc)
  import Glibc
#endif

/// Runs helper programs (`xdotool`, ImageMagick's `import`, `Xvfb`) with `posix_spawnp`,
/// while GTK's main loop keeps running, so the window handles the input they send as it comes.
@MainActor
enum Subprocess {
  struct Result {
    var status: Int32
    var output: String
    var succeeded: Bool { status == 0 }
  }

  /// Runs `arguments` and waits (processing GTK events) up to `timeout` seconds for it to
  /// exit; returns its exit status (-1 when it could not start or timed out, then killed)
  /// and what it printed on stdout.
  @discardableResult
  static func run(_ arguments: [String], timeout: Double = 10) -> Result {
    var pipe: [Int32] = [0, 0]
    guard Glibc.pipe(&pipe) == 0 else { return Result(status: -1, output: "") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
    posix_spawn_file_actions_addclose(&actions, pipe[0])
    guard let pid = spawn(arguments, actions: &actions) else {
      close(pipe[0])
      close(pipe[1])
      return Result(status: -1, output: "")
    }
    close(pipe[1])
    _ = fcntl(pipe[0], F_SETFL, fcntl(pipe[0], F_GETFL) | O_NONBLOCK)
    var output: [UInt8] = []
    var status: Int32 = 0
    var exited = false
    let finished = MainLoop.run(timeout: timeout) {
      drain(pipe[0], into: &output)
      if !exited { exited = waitpid(pid, &status, WNOHANG) == pid }
      return exited
    }
    drain(pipe[0], into: &output)
    close(pipe[0])
    guard finished else {
      kill(pid, SIGKILL)
      waitpid(pid, &status, 0)
      return Result(status: -1, output: String(decoding: output, as: UTF8.self))
    }
    let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
    return Result(status: code, output: String(decoding: output, as: UTF8.self))
  }

  /// Starts `arguments` without waiting; `actions` may redirect its descriptors.
  static func spawn(
    _ arguments: [String], actions: UnsafePointer<posix_spawn_file_actions_t>? = nil
  ) -> pid_t? {
    var pid: pid_t = 0
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    guard posix_spawnp(&pid, arguments[0], actions, nil, &argv, environ) == 0 else {
      return nil
    }
    return pid
  }

  private static func drain(_ fd: Int32, into output: inout [UInt8]) {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(fd, &buffer, buffer.count)
      guard count > 0 else { return }
      output.append(contentsOf: buffer[0..<count])
    }
  }
}
