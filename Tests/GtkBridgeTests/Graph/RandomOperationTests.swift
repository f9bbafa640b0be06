import CGtk
import Dispatch
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

// Seeded random interleavings of user, app and window operations on a form of rows, with the
// invariants checked after every drained main-loop turn. On failure the test prints the seed
// and a shrunk operation trace.
//
//   GTKBRIDGE_RANDOM_OPS=100000 GTKBRIDGE_SEED=7 scripts/test --filter RandomOperation
//
// runs a longer campaign (CI runs 5,000 operations with a fixed seed).

@MainActor
@Observable
final class FuzzRow: Identifiable {
  let id: Int
  var text: String
  var disabled = false
  var color: Color?
  @ObservationIgnored var textWrites = 0
  /// Every text the user or the app gave the row: all that undo and redo may show.
  @ObservationIgnored var held: Set<String>
  /// Whether the row's setter refuses an edit that adds an "x", as a validating binding
  /// does (every third row).
  let refusesAddedX: Bool
  /// Edits the setter refused.
  @ObservationIgnored var refusals = 0

  init(id: Int, text: String) {
    self.id = id
    self.text = text
    held = [text]
    refusesAddedX = id % 3 == 0
  }

  /// Whether the setter refuses `new`: an edit that adds an "x" to a text never held (so undo
  /// and redo, which go back to held texts, are never refused).
  func refuses(_ new: String) -> Bool {
    refusesAddedX && !held.contains(new)
      && new.filter { $0 == "x" }.count > text.filter { $0 == "x" }.count
  }
}

/// A model an app writes from a background thread, as `URLSession` completions do.
final class FuzzStatus: ObservableObject, @unchecked Sendable {
  @Published var status = "idle"
}

/// Settings the form shows: one another process writes, one this app writes through
/// `UserDefaults.standard`.
struct FuzzSettingsView: View {
  @AppStorage(FuzzSettings.sharedKey) var shared = ""
  @AppStorage(FuzzSettings.localKey) var local = ""
  let model: FuzzModel

  var body: some View {
    Text("\(shared)|\(local)")
      .configure { [model] in model.settingsLabel = $0 }
  }
}

struct FuzzStatusView: View {
  @ObservedObject var status: FuzzStatus
  let model: FuzzModel

  var body: some View {
    Text(status.status).configure { [model] in model.statusLabel = $0 }
  }
}

/// The keys the random operations share with a second process, and that process: the test
/// binary run again (`GTKBRIDGE_FUZZ_SETTINGS_FILE`), reading "set KEY VALUE" and "get KEY"
/// lines and answering "FUZZ: ok" / "FUZZ: VALUE" (XCTest prints its own lines around them).
enum FuzzSettings {
  static let sharedKey = "fuzz.shared"
  static let localKey = "fuzz.local"
  static let childVariable = "GTKBRIDGE_FUZZ_SETTINGS_FILE"

  /// The child's side: a store of its own on the same file.
  @MainActor
  static func serve(file: String) {
    // NB: through the file handle, unbuffered: the parent waits for each answer.
    let answer = { (text: String) in FileHandle.standardOutput.write(Data("FUZZ: \(text)\n".utf8)) }
    while let line = readLine() {
      let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
      switch parts.first {
      case "set" where parts.count >= 2:
        AppStorageStore(path: file).set(parts.count == 3 ? parts[2] : "", forKey: parts[1])
        answer("ok")
      case "get" where parts.count == 2:
        answer(AppStorageStore(path: file).string(forKey: parts[1]) ?? "<none>")
      default:
        return
      }
    }
  }
}

/// The parent's handle on the second process.
final class FuzzSettingsProcess {
  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private var buffered = Data()

  init(file: String) throws {
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
    process.arguments = [
      "GtkBridgeTests.RandomOperationTests/testRandomInterleavingsKeepTextAndFocusInSync"
    ]
    var environment = ProcessInfo.processInfo.environment
    environment[FuzzSettings.childVariable] = file
    process.environment = environment
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
  }

  /// Sends `command` and returns the child's answer.
  func ask(_ command: String) -> String? {
    input.fileHandleForWriting.write(Data((command + "\n").utf8))
    while true {
      while let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffered[..<newline], as: UTF8.self)
        buffered.removeSubrange(...newline)
        if line.hasPrefix("FUZZ: ") { return String(line.dropFirst(6)) }
      }
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { return nil }
      buffered.append(chunk)
    }
  }

  func stop() {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }
}

@MainActor
@Observable
final class FuzzModel {
  var rows: [FuzzRow] = []
  /// The two focus states the rows can be bound to (`useB` picks one: re-binding).
  var focus: Int? {
    didSet { redirectIfArmed(\.focus) }
  }
  var focusB: Int? {
    didSet { redirectIfArmed(\.focusB) }
  }
  var useB = false
  /// A panel with `.defaultFocus` (id `FuzzModel.panelID`), and the rows' container hidden.
  var showPanel = false
  var rowsHidden = false
  var panelText = ""
  /// One focus write is redirected, inside the write, to the first row (a nested write).
  @ObservationIgnored var redirectArmed = false
  @ObservationIgnored var entries: [Int: Entry] = [:]
  @ObservationIgnored var nextID = 0
  @ObservationIgnored var statusLabel: Widget?
  @ObservationIgnored var settingsLabel: Widget?
  @ObservationIgnored let status = FuzzStatus()

  static let panelID = 1_000
  static let otherWindowID = 2_000

  /// The focus state the rows are bound to now.
  var activeFocus: Int? {
    get { useB ? focusB : focus }
    set { if useB { focusB = newValue } else { focus = newValue } }
  }

  var activeFocusBinding: Binding<Int?> {
    useB ? Bindable(self).focusB : Bindable(self).focus
  }

  private func redirectIfArmed(_ keyPath: ReferenceWritableKeyPath<FuzzModel, Int?>) {
    guard redirectArmed, let target = rows.first?.id, self[keyPath: keyPath] != nil,
      self[keyPath: keyPath] != target
    else { return }
    redirectArmed = false
    self[keyPath: keyPath] = target
  }

  func makeRow(_ text: String) -> FuzzRow {
    nextID += 1
    // NB: a long run inserts a thousand rows; the panel's and other window's ids are no row's.
    while nextID == Self.panelID || nextID == Self.otherWindowID { nextID += 1 }
    return FuzzRow(id: nextID, text: text)
  }
}

struct FuzzRowView: View {
  let row: FuzzRow
  @Bindable var model: FuzzModel

  var body: some View {
    let row = row
    return TextField(
      "Row \(row.id)",
      text: Binding(
        get: { row.text },
        set: {
          if row.refuses($0) {
            row.refusals += 1
            return
          }
          row.textWrites += 1
          row.held.insert($0)
          row.text = $0
        })
    )
    .focused(model.activeFocusBinding, equals: row.id)
    .disabled(row.disabled)
    .configure { [model] widget in
      model.entries[row.id] = widget as? Entry
      widget.textColor = row.color
    }
  }
}

struct FuzzForm: View {
  let model: FuzzModel

  var body: some View {
    VStack {
      VStack {
        ForEach(model.rows) { row in
          FuzzRowView(row: row, model: model)
        }
      }
      .configure { [model] in $0.isVisible = !model.rowsHidden }
      if model.showPanel {
        VStack {
          TextField("Panel", text: Bindable(model).panelText)
            .focused(model.activeFocusBinding, equals: FuzzModel.panelID)
            .configure { [model] in model.entries[FuzzModel.panelID] = $0 as? Entry }
        }
        .defaultFocus(model.activeFocusBinding, FuzzModel.panelID)
      }
      FuzzStatusView(status: model.status, model: model)
      FuzzSettingsView(model: model)
    }
  }
}

/// SplitMix64: small, fast, and the same sequence on every machine for a seed.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

enum FuzzOp: CustomStringConvertible {
  case type(Character)
  case backspace
  case selectAllAndType(Character)
  case tab(forward: Bool)
  case click(row: Int)
  case setText(row: Int, text: String)
  case setFocus(row: Int?)
  case setFocusUnclaimed
  case setDisabled(row: Int, Bool)
  case insertRow(at: Int, text: String)
  case removeRow(Int)
  case shuffle(seed: UInt64)
  case setColor(row: Int, Color?)
  case otherWindow
  case showPanel(Bool)
  case hideRows(Bool)
  case rebind
  case redirectNextFocusWrite
  case sharedWindow
  /// Another thread writes the `@Published` status the form shows.
  case backgroundWrite
  /// A second process stores a setting the form shows (live, through the file).
  case otherProcessWrites(String)
  /// The app writes a setting through `UserDefaults.standard`.
  case writeDefaults(String)
  /// The settings reach the file (as a window closing sweeps them) and the second process
  /// reads them: the app's write is there, the other process's write did not erase it.
  case otherProcessReads
  /// Ctrl+Z (or Ctrl+Shift+Z) in the focused field: GtkText's "text.undo" ("text.redo");
  /// `intoLastWritten`: first a click into the field the app last wrote to.
  case undo(redo: Bool, intoLastWritten: Bool)
  /// Two operations in one main-loop turn (the user types while the app rewrites, …).
  indirect case sameTurn(FuzzOp, FuzzOp)

  var description: String {
    switch self {
    case .type(let c): "type \(c.debugDescription)"
    case .backspace: "backspace"
    case .selectAllAndType(let c): "select all, type \(c.debugDescription)"
    case .tab(let forward): forward ? "Tab" : "Shift-Tab"
    case .click(let row): "click row[\(row)]"
    case .setText(let row, let text): "app: row[\(row)].text = \(text.debugDescription)"
    case .setFocus(let row): "app: focus = \(row.map { "row[\($0)]" } ?? "nil")"
    case .setFocusUnclaimed: "app: focus = an id no row has"
    case .setDisabled(let row, let disabled): "app: row[\(row)].disabled = \(disabled)"
    case .insertRow(let at, let text): "app: insert row at \(at) (\(text.debugDescription))"
    case .removeRow(let at): "app: remove row[\(at)]"
    case .shuffle: "app: shuffle rows"
    case .setColor(let row, let color): "app: row[\(row)] colour = \(color?.cssValue ?? "nil")"
    case .otherWindow: "window: another window takes activation and gives it back"
    case .showPanel(let shown): "app: panel with .defaultFocus \(shown ? "appears" : "leaves")"
    case .hideRows(let hidden): "app: rows' container \(hidden ? "hidden" : "shown")"
    case .rebind: "app: rows re-bound to the other focus state"
    case .redirectNextFocusWrite: "app: the next focus write is redirected inside it"
    case .sharedWindow: "window: a second window shares the focus state, then closes"
    case .backgroundWrite: "another thread: status = a new value"
    case .otherProcessWrites(let value): "other process: \(FuzzSettings.sharedKey) = \(value)"
    case .writeDefaults(let value): "app: UserDefaults \(FuzzSettings.localKey) = \(value)"
    case .otherProcessReads: "sweep, then the other process reads the settings"
    case .undo(let redo, let click):
      (click ? "click the field the app last wrote, " : "") + (redo ? "redo" : "undo")
    case .sameTurn(let a, let b): "\(a); \(b)  (same turn)"
    }
  }

  static let texts = [
    "", "a", "hello", "e\u{301}t\u{E9}", "👩‍👩‍👧 family", "שלום עולם", "mixed עברית text",
    String(repeating: "long ", count: 40),
  ]

  static func random(using rng: inout SeededGenerator) -> FuzzOp {
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    let roll = Int.random(in: 0..<100, using: &rng)
    let row = Int.random(in: 0..<8, using: &rng)
    switch roll {
    case 0..<20: return .type(letters.randomElement(using: &rng)!)
    case 20..<22:
      return .undo(redo: Bool.random(using: &rng), intoLastWritten: Bool.random(using: &rng))
    case 22..<30: return .backspace
    case 30..<33: return .selectAllAndType(letters.randomElement(using: &rng)!)
    case 33..<41: return .tab(forward: Bool.random(using: &rng))
    case 41..<47: return .click(row: row)
    case 47..<55: return .setText(row: row, text: texts.randomElement(using: &rng)!)
    case 55..<63: return .setFocus(row: Bool.random(using: &rng) ? row : nil)
    case 63..<65: return .setFocusUnclaimed
    case 65..<70: return .setDisabled(row: row, Bool.random(using: &rng))
    case 70..<74: return .insertRow(at: row, text: texts.randomElement(using: &rng)!)
    case 74..<78: return .removeRow(row)
    case 78..<81: return .shuffle(seed: rng.next())
    case 81..<85: return .setColor(row: row, [nil, .red, .blue].randomElement(using: &rng)!)
    case 85..<86: return .otherWindow
    case 86..<88: return .showPanel(Bool.random(using: &rng))
    case 88..<90: return .hideRows(Int.random(in: 0..<3, using: &rng) == 0)
    case 90..<91: return .rebind
    case 91..<92: return .redirectNextFocusWrite
    case 92..<93: return .sharedWindow
    case 93..<95: return .type("x")
    case 95..<96: return .backgroundWrite
    case 96: return .otherProcessWrites("v\(Int.random(in: 0..<1_000, using: &rng))")
    case 97: return .writeDefaults("w\(Int.random(in: 0..<1_000, using: &rng))")
    case 98 where Bool.random(using: &rng): return .otherProcessReads
    default:
      let user: FuzzOp =
        Bool.random(using: &rng) ? .type(letters.randomElement(using: &rng)!) : .backspace
      let app: FuzzOp =
        Bool.random(using: &rng)
        ? .setText(row: row, text: texts.randomElement(using: &rng)!)
        : .setFocus(row: row)
      return Bool.random(using: &rng) ? .sameTurn(user, app) : .sameTurn(app, user)
    }
  }
}

/// Runs operations against a fresh window and checks the invariants after each turn.
@MainActor
final class FuzzRun {
  let model = FuzzModel()
  let host: HostingWindow<AnyTestView>
  /// The text each row must hold, from the operations applied so far.
  var expectedText: [Int: String] = [:]
  var expectedWrites: [Int: Int] = [:]
  /// Each row's last app write, while no other change followed it (`undone`: undo took it
  /// back): undo must return to exactly `before`, redo to exactly `after`.
  var appWrites: [Int: (before: String, after: String, undone: Bool)] = [:]
  var checks = 0
  /// Undo and redo steps of app writes checked.
  var appWriteSteps = 0
  /// The row the app last wrote text to.
  var lastAppWrite: Int?
  /// Edits a row's setter refused (their keys showed nothing).
  var refusedEdits = 0
  /// Background writes of the status.
  var backgroundWrites = 0
  /// What the settings must read: the other process's key and the app's own.
  var expectedShared = ""
  var expectedLocal = ""
  /// The second process, started by the first operation that needs it.
  private var settingsProcess: FuzzSettingsProcess?
  /// Operations of the second process, checked.
  var otherProcessSteps = 0

  init() {
    // A shrinking run starts again on the same settings file: from no settings.
    for key in [FuzzSettings.sharedKey, FuzzSettings.localKey] {
      AppStorageStore.shared.set(nil, forKey: key)
      UserDefaults.standard.removeObject(forKey: key)
    }
    for text in ["alpha", "beta", "gamma"] { model.rows.append(model.makeRow(text)) }
    let model = model
    host = try! HostingWindow(title: "fuzz", width: 400, height: 400) {
      AnyTestView { FuzzForm(model: model) }
    }
    host.present()
    MainLoop.run(timeout: 5) { gtk_widget_get_mapped(self.host.window.pointer) != 0 }
    for row in model.rows {
      expectedText[row.id] = row.text
      expectedWrites[row.id] = 0
    }
  }

  func close() {
    settingsProcess?.stop()
    host.close()
    MainLoop.drain()
  }

  private func label(_ widget: Widget?) -> String {
    guard let widget, let text = gtk_label_get_label(OpaquePointer(widget.pointer)) else {
      return "<no label>"
    }
    return String(cString: text)
  }

  /// The second process, started on first use.
  private func otherProcess() -> FuzzSettingsProcess? {
    if settingsProcess == nil {
      settingsProcess = try? FuzzSettingsProcess(file: AppStorageStore.defaultPath())
    }
    return settingsProcess
  }

  /// Applies `ops` one turn each; returns a description of the first broken invariant.
  func run(_ ops: [FuzzOp]) -> (index: Int, failure: String)? {
    for (index, op) in ops.enumerated() {
      if let failure = apply(op) { return (index, failure) }
      MainLoop.drain()
      if let failure = checkInvariants() { return (index, failure) }
    }
    return nil
  }

  private func row(_ index: Int) -> FuzzRow? {
    model.rows.isEmpty ? nil : model.rows[index % model.rows.count]
  }

  private var window: UnsafeMutablePointer<GtkWidget> { host.window.pointer }

  /// The row whose entry holds the window's focus, as GTK says.
  private var focusedRow: FuzzRow? {
    guard let focus = gtk_root_get_focus(OpaquePointer(window)) else { return nil }
    return model.rows.first { model.entries[$0.id]?.delegate == focus }
  }

  private func apply(_ op: FuzzOp) -> String? {
    switch op {
    case .type(let character):
      return typeIntoFocused(character, selectAll: false)
    case .selectAllAndType(let character):
      return typeIntoFocused(character, selectAll: true)
    case .backspace:
      guard let row = focusedRow, let entry = model.entries[row.id] else { return nil }
      var scalars = Array(entry.text.unicodeScalars)
      let selection = entry.selection
      let cursor = entry.cursorPosition
      let before = entry.text
      let bindingBefore = row.text
      entry.simulateBackspace()
      if let selection, !selection.isEmpty {
        scalars.removeSubrange(selection)
        if entry.text != String(String.UnicodeScalarView(scalars)) {
          return "backspace over a selection left \(entry.text.debugDescription)"
        }
      } else if cursor > 0, scalars[cursor - 1].isASCII {
        scalars.remove(at: cursor - 1)
        if entry.text != String(String.UnicodeScalarView(scalars)) {
          return "backspace left \(entry.text.debugDescription), expected one character less"
        }
      }
      // Nothing to delete: no edit, no write (an app text set this turn still stands).
      guard entry.text != before else { return nil }
      // A write only when the edit gives the binding a new value (an app write this turn may
      // already hold it).
      if entry.text != bindingBefore { expectedWrites[row.id, default: 0] += 1 }
      expectedText[row.id] = entry.text
      appWrites[row.id] = nil
      return row.text == entry.text ? nil : "backspace did not reach the binding at once"
    case .undo(let redo, let click):
      if click, let id = lastAppWrite, let entry = model.entries[id],
        gtk_widget_is_visible(entry.pointer) != 0
      {
        entry.simulateClick()
      }
      return undoInFocused(redo: redo)
    case .tab(let forward):
      host.window.simulateMoveFocus(forward ? .tabForward : .tabBackward)
    case .click(let index):
      // A hidden field cannot be clicked.
      guard let entry = model.entries[row(index)?.id ?? -1],
        gtk_widget_is_visible(entry.pointer) != 0
      else { return nil }
      entry.simulateClick()
    case .setText(let index, let text):
      guard let row = row(index) else { return nil }
      if text != expectedText[row.id] {
        appWrites[row.id] = (expectedText[row.id] ?? "", text, false)
        lastAppWrite = row.id
      }
      row.text = text
      row.held.insert(text)
      expectedText[row.id] = text
    case .setFocus(let index):
      model.activeFocus = index.flatMap { row($0)?.id }
    case .setFocusUnclaimed:
      model.activeFocus = -1
    case .showPanel(let shown):
      let before = gtk_root_get_focus(OpaquePointer(window))
      model.showPanel = shown
      if !shown { model.entries[FuzzModel.panelID] = nil }
      MainLoop.drain()
      waitForFrames(host.window)
      if shown, let before, gtk_root_get_focus(OpaquePointer(window)) != before {
        return "the panel's .defaultFocus took focus from where it was"
      }
    case .hideRows(let hidden):
      model.rowsHidden = hidden
      MainLoop.drain()
      // GTK moves focus away from a hidden widget after a frame: let it try.
      waitForFrames(host.window)
    case .rebind:
      let truth = model.activeFocus
      model.useB.toggle()
      MainLoop.drain()
      if model.useB ? model.focus != nil : model.focusB != nil {
        return "the state the rows left does not read nil"
      }
      if model.activeFocus != truth, truth != nil {
        return "re-binding lost focus: \(String(describing: truth)) -> "
          + String(describing: model.activeFocus)
      }
    case .redirectNextFocusWrite:
      model.redirectArmed = true
    case .sharedWindow:
      let model = model
      let other = try! HostingWindow(title: "shared", width: 160, height: 80) {
        TextField("Other", text: .constant(""))
          .focused(model.activeFocusBinding, equals: FuzzModel.otherWindowID)
      }
      other.present()
      let activated = MainLoop.run(timeout: 5) { other.window.isActive }
      MainLoop.drain()
      // The state reads the active window's truth: the second window's field when it is.
      let read = activated ? model.activeFocus : FuzzModel.otherWindowID
      other.close()
      host.present()
      MainLoop.run(timeout: 5) { self.host.window.isActive }
      MainLoop.drain()
      if read != FuzzModel.otherWindowID {
        return "with the second window active the state read \(String(describing: read))"
      }
    case .setDisabled(let index, let disabled):
      row(index)?.disabled = disabled
    case .insertRow(let at, let text):
      guard model.rows.count < 8 else { return nil }
      let row = model.makeRow(text)
      model.rows.insert(row, at: at % (model.rows.count + 1))
      expectedText[row.id] = text
      expectedWrites[row.id] = 0
    case .removeRow(let index):
      guard model.rows.count > 1 else { return nil }
      let removed = model.rows.remove(at: index % model.rows.count)
      model.entries[removed.id] = nil
      expectedText[removed.id] = nil
    case .shuffle(let seed):
      var generator = SeededGenerator(state: seed)
      model.rows.shuffle(using: &generator)
    case .setColor(let index, let color):
      row(index)?.color = color
    case .otherWindow:
      let focusBefore = model.activeFocus
      let other = Window(title: "other", width: 120, height: 80)
      other.present()
      MainLoop.run(timeout: 5) { other.isActive }
      MainLoop.drain()
      if model.activeFocus != focusBefore {
        return "deactivating the window changed the focus state"
          + " (\(String(describing: focusBefore)) -> \(String(describing: model.activeFocus)))"
      }
      other.destroy()
      host.present()
      MainLoop.run(timeout: 5) { self.host.window.isActive }
      MainLoop.drain()
      if model.activeFocus != focusBefore {
        return "re-activating the window changed the focus state"
          + " (\(String(describing: focusBefore)) -> \(String(describing: model.activeFocus)))"
      }
    case .backgroundWrite:
      backgroundWrites += 1
      let value = "written \(backgroundWrites)"
      let status = model.status
      let done = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        status.status = value
        done.signal()
      }
      done.wait()
      if !MainLoop.run(timeout: 5, until: { self.label(self.model.statusLabel) == value }) {
        return "a @Published write from another thread never showed: the label reads "
          + label(model.statusLabel).debugDescription
      }
    case .otherProcessWrites(let value):
      guard otherProcess()?.ask("set \(FuzzSettings.sharedKey) \(value)") == "ok" else {
        return "the second process did not store \(value)"
      }
      expectedShared = value
      otherProcessSteps += 1
      let wanted = "\(expectedShared)|\(expectedLocal)"
      if !MainLoop.run(timeout: 5, until: { self.label(self.model.settingsLabel) == wanted }) {
        return "after another process's write the settings read "
          + label(model.settingsLabel).debugDescription + ", expected \(wanted.debugDescription)"
      }
    case .writeDefaults(let value):
      UserDefaults.standard.set(value, forKey: FuzzSettings.localKey)
      expectedLocal = value
    case .otherProcessReads:
      guard let process = otherProcess() else { return "no second process" }
      _ = AppStorageStore.current?.sweep()
      otherProcessSteps += 1
      let local = process.ask("get \(FuzzSettings.localKey)")
      let shared = process.ask("get \(FuzzSettings.sharedKey)")
      let none = "<none>"
      if local != (expectedLocal.isEmpty ? none : expectedLocal) {
        return "the other process read \(FuzzSettings.localKey) = \(local ?? "nothing"), "
          + "the app wrote \(expectedLocal.debugDescription)"
      }
      if shared != (expectedShared.isEmpty ? none : expectedShared) {
        return "the other process read \(FuzzSettings.sharedKey) = \(shared ?? "nothing"), "
          + "it wrote \(expectedShared.debugDescription)"
      }
    case .sameTurn(let first, let second):
      return apply(first) ?? apply(second)
    }
    return nil
  }

  private func typeIntoFocused(_ character: Character, selectAll: Bool) -> String? {
    guard let row = focusedRow, let entry = model.entries[row.id] else { return nil }
    if selectAll {
      // Select all, then Backspace deletes the selection: the text is replaced.
      let before = entry.text
      let bindingBefore = row.text
      entry.selection = 0..<entry.text.unicodeScalars.count
      entry.simulateBackspace()
      if !entry.text.isEmpty {
        return "backspace over select-all left \(entry.text.debugDescription)"
      }
      if before != "", bindingBefore != "" { expectedWrites[row.id, default: 0] += 1 }
      if before != "" {
        expectedText[row.id] = ""
        appWrites[row.id] = nil
      }
    }
    // A write only when the edit gives the binding a new value (an app write this turn may
    // already hold it).
    let bindingBefore = row.text
    // NB: "insert-at-cursor" inserts at the cursor and keeps any selection's text (GtkText's
    // keybinding signal, unlike an IM commit, does not replace the selection).
    var scalars = Array(entry.text.unicodeScalars)
    // NB: the entry reports a selection's end as its position; the inner text reports the
    // cursor, which an undo that restores a selection leaves at its start.
    let cursor = Int(gtk_editable_get_position(OpaquePointer(entry.delegate)))
    scalars.insert(contentsOf: String(character).unicodeScalars, at: cursor)
    let expected = String(String.UnicodeScalarView(scalars))
    if row.refuses(expected) {
      // The setter refuses it: the field keeps the model's text and the key leaves no trace
      // (an undo right after undoes what came before it).
      let refusals = row.refusals
      entry.simulateTyping(String(character))
      // NB: the field shows the model's text again when the update pass runs.
      MainLoop.drain()
      refusedEdits += 1
      guard row.refusals == refusals + 1 else {
        return "typed \(character.debugDescription) into a refusing row: the setter heard of it "
          + "\(row.refusals - refusals) times"
      }
      guard entry.text == bindingBefore, row.text == bindingBefore else {
        return "a refused \(character.debugDescription) left the widget "
          + "\(entry.text.debugDescription) and the binding \(row.text.debugDescription), "
          + "expected both \(bindingBefore.debugDescription)"
      }
      return nil
    }
    entry.simulateTyping(String(character))
    guard entry.text == expected else {
      return "typed \(character.debugDescription): widget holds \(entry.text.debugDescription), "
        + "expected \(expected.debugDescription) (a typed character was lost)"
    }
    guard row.text == expected else {
      return "typed \(character.debugDescription): binding holds \(row.text.debugDescription)"
    }
    expectedText[row.id] = expected
    appWrites[row.id] = nil
    if expected != bindingBefore { expectedWrites[row.id, default: 0] += 1 }
    return nil
  }

  /// Undo (redo) shows a text the row held before, in one binding write, at once.
  private func undoInFocused(redo: Bool) -> String? {
    guard let row = focusedRow, let entry = model.entries[row.id] else { return nil }
    let name = redo ? "redo" : "undo"
    let held = row.held
    let before = entry.text
    let bindingBefore = row.text
    let writes = row.textWrites
    if redo { entry.simulateRedo() } else { entry.simulateUndo() }
    // NB: redo right after a refused key of its own offers the refused text again; the row
    // refuses it and shows its text in the update pass (Private GTK behaviour 21).
    if row.refusesAddedX { MainLoop.drain() }
    guard held.contains(entry.text) else {
      return "\(name) showed \(entry.text.debugDescription), a text nobody set"
    }
    if let write = appWrites[row.id], write.undone == redo,
      before == (redo ? write.before : write.after)
    {
      let target = redo ? write.after : write.before
      guard entry.text == target else {
        return "\(name) of the app write \(write.before.debugDescription) -> "
          + "\(write.after.debugDescription) showed \(entry.text.debugDescription)"
      }
      appWrites[row.id]?.undone = !redo
      appWriteSteps += 1
    } else {
      appWrites[row.id] = nil
    }
    guard entry.text != before else { return nil }
    guard row.text == entry.text else { return "\(name) did not reach the binding at once" }
    let expected = entry.text != bindingBefore ? 1 : 0
    guard row.textWrites - writes == expected else {
      return "\(name) wrote the binding \(row.textWrites - writes) times, not \(expected)"
    }
    expectedWrites[row.id, default: 0] += expected
    expectedText[row.id] = entry.text
    return nil
  }

  private func checkInvariants() -> String? {
    checks += 1
    for row in model.rows {
      guard let entry = model.entries[row.id] else { return "row \(row.id) has no entry" }
      if entry.text != row.text {
        return "row \(row.id): widget \(entry.text.debugDescription) != binding "
          + row.text.debugDescription
      }
      if let expected = expectedText[row.id], expected != row.text {
        return "row \(row.id): holds \(row.text.debugDescription), operations say "
          + expected.debugDescription
      }
      if row.textWrites != expectedWrites[row.id, default: 0] {
        return
          "row \(row.id): \(row.textWrites) binding writes, \(expectedWrites[row.id, default: 0]) "
          + "events caused"
      }
    }
    let focus = gtk_root_get_focus(OpaquePointer(window))
    let holder = focus.flatMap { focus in model.entries.first { $0.value.delegate == focus }?.key }
    if model.activeFocus != holder {
      return "focus state \(String(describing: model.activeFocus)) but GTK's focus is in "
        + (holder.map { "field \($0)" } ?? "no field")
    }
    if (model.useB ? model.focus : model.focusB) != nil {
      return "the focus state the rows are not bound to reads a value"
    }
    if label(model.statusLabel) != model.status.status {
      return "the status label reads \(label(model.statusLabel).debugDescription), the model "
        + model.status.status.debugDescription
    }
    let settings = "\(expectedShared)|\(expectedLocal)"
    if label(model.settingsLabel) != settings {
      return "the settings read \(label(model.settingsLabel).debugDescription), expected "
        + settings.debugDescription
    }
    return nil
  }
}

final class RandomOperationTests: AppStorageTestCase, @unchecked Sendable {
  private var operationCount: Int {
    Int(ProcessEnvironment.value("GTKBRIDGE_RANDOM_OPS") ?? "") ?? 5_000
  }

  private var seed: UInt64 {
    UInt64(ProcessEnvironment.value("GTKBRIDGE_SEED") ?? "") ?? 20_261_129
  }

  func testRandomInterleavingsKeepTextAndFocusInSync() {
    if let file = ProcessEnvironment.value(FuzzSettings.childVariable) {
      return MainActor.assumeIsolated { FuzzSettings.serve(file: file) }
    }
    MainActor.assumeIsolated {
      var rng = SeededGenerator(state: seed)
      let ops = (0..<operationCount).map { _ in FuzzOp.random(using: &rng) }
      let started = g_get_monotonic_time()
      let run = FuzzRun()
      let result = run.run(ops)
      let checks = run.checks
      let appWriteSteps = run.appWriteSteps
      let (refused, background, otherProcess) = (
        run.refusedEdits, run.backgroundWrites, run.otherProcessSteps
      )
      run.close()
      let seconds = Double(g_get_monotonic_time() - started) / 1e6
      print(
        "random operations: \(ops.count) run, \(checks) invariant checks, "
          + "\(appWriteSteps) undo/redo steps of app writes, \(refused) refused keys, "
          + "\(background) background writes, \(otherProcess) second-process steps, "
          + "seed \(seed), \(String(format2: seconds)) s"
      )
      guard let (index, failure) = result else { return }
      let shrunk = shrink(Array(ops[...index]))
      XCTFail(
        "seed \(seed): operation \(index) broke an invariant: \(failure)\n"
          + "shrunk trace (\(shrunk.ops.count) operations, fails with: \(shrunk.failure)):\n"
          + shrunk.ops.enumerated().map { "  \($0.offset): \($0.element)" }.joined(separator: "\n"))
    }
  }

  @MainActor
  private func shrink(_ ops: [FuzzOp]) -> (ops: [FuzzOp], failure: String) {
    shrinkTrace(ops, budget: 300) { candidate in
      let run = FuzzRun()
      defer { run.close() }
      return run.run(candidate)?.failure
    }
  }
}

extension String {
  init(format2 value: Double) {
    let hundredths = Int((value * 100).rounded())
    self =
      "\(hundredths / 100).\(String(repeating: "0", count: hundredths % 100 < 10 ? 1 : 0))\(hundredths % 100)"
  }
}
