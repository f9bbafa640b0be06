import GtkBridge
import Observation

#if canImport(Glibc)
  import Glibc
#endif

/// Every binding write and focus transition of the demo, one line each: printed to stdout
/// with `--trace`, and the most recent ones shown by the inspector.
///
/// Lines look like `focus: username -> password`, `text username = "ada"`,
/// `bool legacy.isFirstResponder = true`, `action: shuffle -> [3, 1, 4, 2]`.
@MainActor
@Observable
final class EventLog {
  static let shared = EventLog()

  /// How many lines the inspector keeps.
  static let capacity = 20

  /// Whether lines go to stdout (`--trace`).
  @ObservationIgnored var printsTrace = false
  /// The latest lines, oldest first.
  private(set) var recent: [String] = []

  func record(_ line: String) {
    if printsTrace {
      print(line)
      // NB: a test reads stdout through a pipe, which is block-buffered: flush every line.
      fflush(nil)
    }
    recent.append(line)
    if recent.count > EventLog.capacity { recent.removeFirst(recent.count - EventLog.capacity) }
  }
}

extension Binding {
  /// The same binding, recording each write in the ``EventLog`` as `<kind> <name> = <value>`.
  ///
  /// ```swift
  /// TextField("Username", text: $model.username.traced("username"))
  /// ```
  func traced(_ name: String, describe: @escaping @MainActor (Value) -> String) -> Binding<Value> {
    Binding(
      get: { self.wrappedValue },
      set: { newValue in
        EventLog.shared.record("\(name) = \(describe(newValue))")
        self.wrappedValue = newValue
      })
  }
}

extension Binding where Value == String {
  /// Records writes as `text <name> = "<text>"`; a secure field's text is masked.
  func traced(_ name: String, secure: Bool = false) -> Binding<String> {
    traced("text \(name)") { text in
      "\"" + (secure ? String(repeating: "*", count: text.count) : text) + "\""
    }
  }
}

extension Binding where Value == Bool {
  /// Records writes as `bool <name> = true`.
  func traced(_ name: String) -> Binding<Bool> {
    traced("bool \(name)") { "\($0)" }
  }
}
