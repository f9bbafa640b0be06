import CGtk
import CGtkTesting
import GtkBridgeTesting
import XCTest

@testable import GtkBridge

#if canImport(Glibc)
  import Glibc
#endif

/// Where the resident memory of build/present/type/close cycles goes (issue 36, case 9):
/// RSS, the bytes malloc has handed out and not had back (`mallinfo2().uordblks`), and RSS
/// again after `malloc_trim(0)` gives free heap pages back, every `step` cycles; once for
/// GtkBridge's form (`LeakForm`), once for the same widgets made with GTK alone.
final class MemoryGrowthTests: GtkTestCase, @unchecked Sendable {
  private var cycles: Int { Int(ProcessEnvironment.value("GTKBRIDGE_GROWTH_CYCLES") ?? "") ?? 300 }
  private var step: Int { Int(ProcessEnvironment.value("GTKBRIDGE_GROWTH_STEP") ?? "") ?? 50 }

  private struct Sample: CustomStringConvertible {
    var cycle: Int
    var resident: Int
    var inUse: Int
    var description: String {
      "cycle \(cycle): RSS \(resident) KiB, malloc in use \(inUse) KiB"
    }
  }

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

  private func sample(_ cycle: Int) -> Sample {
    Sample(cycle: cycle, resident: residentKiB(), inUse: Int(cgtk_testing_malloc_in_use()) / 1024)
  }

  /// Runs `cycles` cycles of `body` in a fresh process (this test's child), sampling every
  /// `step`, then once more after `malloc_trim(0)`; returns the samples.
  @MainActor private func measure(_ label: String, _ body: (Int) -> Void) -> [Sample] {
    var samples = [sample(0)]
    for cycle in 1...cycles {
      body(cycle)
      if cycle % step == 0 { samples.append(sample(cycle)) }
    }
    cgtk_testing_malloc_trim()
    var trimmed = sample(cycles)
    trimmed.cycle = -1
    print(
      "memory growth, \(label):\n  " + samples.map(\.description).joined(separator: "\n  ")
        + "\n  after malloc_trim: RSS \(trimmed.resident) KiB")
    let late = samples[samples.count / 2]
    let last = samples.last!
    let runs = Double(last.cycle - late.cycle) / 100
    print(
      String(
        format: "memory growth, %@, per 100 cycles over the second half: RSS %.0f KiB, "
          + "malloc in use %.0f KiB; first %d cycles: RSS %d KiB, in use %d KiB",
        label, Double(last.resident - late.resident) / runs, Double(last.inUse - late.inUse) / runs,
        late.cycle, late.resident - samples[0].resident, late.inUse - samples[0].inUse))
    return samples
  }

  /// Bytes malloc holds per 100 cycles over the second half of the run.
  private func inUseGrowth(_ samples: [Sample]) -> Double {
    let late = samples[samples.count / 2]
    let last = samples.last!
    return Double(last.inUse - late.inUse) / (Double(last.cycle - late.cycle) / 100)
  }

  func testFormCyclesHoldNoGrowingMemory() throws {
    guard try runsInChildProcess(in: "MemoryGrowthTests") else { return }
    MainActor.assumeIsolated {
      let samples = measure("GtkBridge form") { cycle in
        let probe = FormProbe()
        let host = try! HostingWindow(title: "cycle \(cycle)") { LeakForm(probe: probe) }
        host.present()
        MainLoop.drain()
        (probe.widgets[.username] as? EditableWidget)?.simulateTyping("ada")
        (probe.widgets[.username] as? EditableWidget)?.simulateReturn()
        host.window.simulateMoveFocus(.tabForward)
        MainLoop.drain()
        host.close()
        MainLoop.drain()
      }
      // Once GTK's caches are warm, what malloc holds stays flat but for one-time steps (a
      // cache or table of GTK's growing once: +590 KiB seen between two samples): a leaked
      // form per cycle (tens of KiB) would add megabytes per 100 cycles.
      XCTAssertLessThan(inUseGrowth(samples), 1_024, "malloc holds more with every cycle")
    }
  }

  func testTheSameWidgetsMadeWithGTKAloneForComparison() throws {
    guard try runsInChildProcess(in: "MemoryGrowthTests") else { return }
    MainActor.assumeIsolated {
      let samples = measure("the same widgets with GTK alone") { cycle in plainGTKCycle(cycle) }
      XCTAssertLessThan(inUseGrowth(samples), 1_024, "malloc holds more with every cycle")
    }
  }

  /// A window with the widgets `LeakForm` makes, made, shown, typed into and closed with
  /// GTK calls alone.
  @MainActor private func plainGTKCycle(_ cycle: Int) {
    func box(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkBox> {
      UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkBox.self)
    }
    let window = gtk_window_new()!
    let gtkWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
    gtk_window_set_title(gtkWindow, "plain \(cycle)")
    let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
    gtk_box_append(box(column), gtk_label_new("Sign in"))
    let username = gtk_entry_new()!
    gtk_entry_set_placeholder_text(
      UnsafeMutableRawPointer(username).assumingMemoryBound(to: GtkEntry.self), "Username")
    gtk_box_append(box(column), username)
    gtk_box_append(box(column), gtk_password_entry_new())
    gtk_box_append(box(column), gtk_entry_new())
    let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
    gtk_box_append(box(row), gtk_check_button_new_with_label("Remember me"))
    gtk_box_append(box(row), gtk_button_new_with_label("Shuffle"))
    gtk_box_append(box(column), row)
    gtk_box_append(box(column), gtk_label_new("Card"))
    for index in 0..<3 {
      let entry = gtk_entry_new()!
      gtk_editable_set_text(OpaquePointer(entry), "\(index)")
      gtk_box_append(box(column), entry)
    }
    gtk_window_set_child(gtkWindow, column)
    gtk_window_present(gtkWindow)
    MainLoop.drain()
    _ = gtk_widget_grab_focus(username)
    if let text = gtk_widget_get_first_child(username) {
      cgtk_text_insert_at_cursor(text, "ada")
    }
    MainLoop.drain()
    gtk_window_destroy(gtkWindow)
    MainLoop.drain()
  }
}
