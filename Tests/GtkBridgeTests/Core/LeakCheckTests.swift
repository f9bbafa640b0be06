import CGtk
import GtkBridgeTesting
import XCTest

@testable import GtkBridge

#if canImport(Glibc)
  import Glibc
#endif

/// A form with every kind of view GtkBridge makes, for build-and-destroy cycles.
struct LeakForm: View {
  @FocusState var focus: Field?
  @State var username = ""
  @State var password = ""
  @State var notes = ""
  @State var remember = false
  @State var rows = [0, 1, 2]
  let probe: FormProbe

  var body: some View {
    probe.focus = $focus
    return VStack(spacing: 6) {
      Text("Sign in")
      TextField("Username", text: $username).focused($focus, equals: .username)
        .configure { probe.widgets[.username] = $0 }
      SecureField("Password", text: $password).focused($focus, equals: .password)
      LegacyTextField(text: $notes, isFirstResponder: Binding($focus, equals: .notes)) {
        $0.textColor = .red
        $0.css("border-radius: 0;")
      }
      HStack {
        Toggle("Remember me", isOn: $remember)
        Spacer()
        Button("Shuffle") { rows.reverse() }.keyboardShortcut("s")
      }
      Text("Card").focusable().onKeyPress(.space) { .handled }.onTapGesture(count: 2) {}
      ForEach(rows, id: \.self) { row in
        TextField("Row \(row)", text: .constant("\(row)")).accessibilityLabel("Row \(row)")
      }
    }
    .focusedValue(\.noteTitle, "form")
    .onSubmit { focus = .password }
    .defaultFocus($focus, .username)
    .padding(12)
  }
}

/// Building and destroying windows leaves no GtkBridge object alive and no memory growth.
///
/// `scripts/leak-check` runs the same test under valgrind memcheck.
final class LeakCheckTests: GtkTestCase, @unchecked Sendable {
  private var cycles: Int { Int(ProcessEnvironment.value("GTKBRIDGE_LEAK_CYCLES") ?? "") ?? 200 }

  /// Resident memory now, in KiB (/proc/self/statm), not the peak.
  private func residentKiB() -> Int {
    guard let file = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(file) }
    var size = 0
    var resident = 0
    withUnsafeMutablePointer(to: &size) { sizePointer in
      withUnsafeMutablePointer(to: &resident) { residentPointer in
        _ = withVaList([sizePointer, residentPointer]) { vfscanf(file, "%ld %ld", $0) }
      }
    }
    return resident * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
  }

  func testBuildingAndDestroyingFormsLeavesNothingBehind() {
    MainActor.assumeIsolated {
      var before = LiveObjects.snapshot
      let trackersBefore = FocusCoordinator.liveCount
      let shortcutsBefore = WindowShortcuts.liveCount
      let warmUp = min(50, cycles / 4)
      var residentAfterWarmUp = 0
      for cycle in 0..<cycles {
        // NB: the first window sets up process-lifetime watchers (one signal context on
        // GTK's toplevel list); count from after it.
        if cycle == 1 { before = LiveObjects.snapshot }
        do {
          let probe = FormProbe()
          let host = try! HostingWindow(title: "cycle \(cycle)") { LeakForm(probe: probe) }
          host.present()
          MainLoop.drain()
          (probe.widgets[.username] as? EditableWidget)?.simulateTyping("ada")
          (probe.widgets[.username] as? EditableWidget)?.simulateReturn()
          host.window.simulateMoveFocus(.tabForward)
          MainLoop.drain()
          host.close()
        }
        MainLoop.drain()
        if cycle + 1 == warmUp { residentAfterWarmUp = residentKiB() }
      }
      let residentAtEnd = residentKiB()
      XCTAssertEqual(LiveObjects.snapshot, before, "GtkBridge objects outlived their windows")
      XCTAssertEqual(FocusCoordinator.liveCount, trackersBefore)
      XCTAssertEqual(WindowShortcuts.liveCount, shortcutsBefore)
      let growth = residentAtEnd - residentAfterWarmUp
      print(
        "leak check: \(cycles) cycles, live objects \(LiveObjects.snapshot), "
          + "RSS after warm-up \(residentAfterWarmUp) KiB, at end \(residentAtEnd) KiB "
          + "(growth \(growth) KiB)")
      // Flat after warm-up: allow allocator noise, not a per-cycle leak (one form's widgets
      // are tens of KiB, so a leaked form per cycle would grow by megabytes).
      if ProcessEnvironment.value("GTKBRIDGE_UNDER_VALGRIND") == nil {
        XCTAssertLessThan(growth, 2_048, "RSS grew \(growth) KiB over \(cycles - warmUp) cycles")
      }
    }
  }
}

/// A document the app replaces: each counts itself while alive.
@MainActor @Observable
private final class LeakDocument {
  enum Field: Hashable { case name, body }
  nonisolated(unsafe) static var alive = 0
  var name = ""
  var done = false
  var editing = false
  var focus: Field?
  init() { LeakDocument.alive += 1 }
  deinit { LeakDocument.alive -= 1 }
}

@MainActor @Observable
private final class LeakDocuments {
  var shown = LeakDocument()
}

private struct LeakDocumentView: View {
  @Bindable var document: LeakDocument
  var body: some View {
    VStack {
      TextField("Name", text: $document.name).focused($document.focus, equals: .name)
      TextField("Body", text: $document.name).focused($document.focus, equals: .body)
      SecureField("Secret", text: $document.name).focused($document.editing)
      LegacyTextField(text: $document.name, isFirstResponder: $document.editing)
      Toggle("Done", isOn: $document.done)
      Picker("Focus", selection: $document.focus) {
        Text("None").tag(LeakDocument.Field?.none)
        Text("Name").tag(LeakDocument.Field?.some(.name))
      }
    }
    .defaultFocus($document.focus, .name)
    .onChange(of: document.name) {}
  }
}

/// Models bound to focus and bindings (every focus modifier, a field, a toggle, a picker,
/// `onChange`) are released when the view shows another one, and all of them when the window
/// closes.
final class BoundModelLeakTests: GtkTestCase, @unchecked Sendable {
  func testReplacedModelsBoundWithFocusedAreReleased() {
    MainActor.assumeIsolated {
      let before = LeakDocument.alive
      let documents = LeakDocuments()
      let host = host { LeakDocumentView(document: documents.shown) }
      show(host)
      documents.shown.focus = .name
      MainLoop.drain()
      for _ in 0..<50 {
        documents.shown = LeakDocument()
        MainLoop.drain()
      }
      XCTAssertEqual(LeakDocument.alive - before, 1, "only the shown document is alive")
      host.close()
      MainLoop.drain()
      documents.shown = LeakDocument()
      XCTAssertEqual(LeakDocument.alive - before, 1, "nothing kept the documents after close")
    }
  }
}
