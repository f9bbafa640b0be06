import GtkBridge

#if canImport(Glibc)
  import Glibc
#endif

/// The headless tour (`--screenshot DIR`): the demo window driven step by step, focus moved
/// by state and by real X keyboard input (`xdotool`), a numbered PNG saved after each step
/// with one line saying what it shows. Each step also checks the state it describes; the
/// tour exits 1 if any check fails, 0 otherwise.
@MainActor
enum Tour {
  static func run(savingTo directory: String) -> Int32 {
    let started = now()
    // xdotool speaks X11: make GTK use it even inside a Wayland session.
    setenv("GDK_BACKEND", "x11", 1)
    // The tour needs no accessibility bus, and often has no D-Bus session to find one on.
    setenv("GTK_A11Y", "none", 0)
    let ownsDisplay = Environment.value("DISPLAY") == nil
    if ownsDisplay {
      // GTK's own CI settings, unless the caller chose others: no dconf, default settings.
      setenv("GSETTINGS_BACKEND", "memory", 0)
      setenv("GDK_DEBUG", "default-settings", 0)
      do {
        let display = try PrivateDisplay.start(width: DemoApp.width, height: DemoApp.height)
        say("tour: no display, started a private Xvfb on \(display)")
      } catch {
        fail("\(error)")
      }
    }
    guard mkdir(directory, 0o755) == 0 || errno == EEXIST else {
      fail("cannot create \(directory)")
    }

    // The app as `main()` runs it (its window, commands and primary menu), on a
    // GtkApplication, with the tour driving the main loop.
    let app = DemoApp()
    let model = app.model
    let host: AppHost
    do {
      host = try AppHost(app, presenting: false)
    } catch {
      fail("\(error)")
    }
    guard let window = host.windows.first else { fail("the app opened no window") }
    // The first update pass ran as the window was made: focus is decided before any frame.
    let focusBeforePresent = model.focusedField
    stopCaretBlinking()
    host.present()
    guard MainLoop.run(timeout: 10, until: { window.isActive }) else {
      fail("the window did not become active within 10 s")
    }
    let search = Subprocess.run(
      ["xdotool", "search", "--sync", "--onlyvisible", "--name", "^\(DemoApp.title)$"],
      timeout: 10)
    guard search.succeeded, let windowID = search.output.split(separator: "\n").first else {
      fail("xdotool cannot find the window (is xdotool installed?)")
    }
    Subprocess.run(["xdotool", "windowfocus", "--sync", String(windowID)])
    // Xvfb starts the pointer mid-screen, over a button; park it in the window's margin.
    Subprocess.run(["xdotool", "mousemove", "640", "\(DemoApp.height - 12)"])

    // The whole screen of a private display is the window; on a desktop, only the window.
    var tour = TourSteps(directory: directory, window: ownsDisplay ? "root" : String(windowID))
    let first = model.rows.map(\.id)

    tour.shot(
      "initial-focus",
      "the first frame: focus on Username, set by .defaultFocus before the window was shown",
      checks: [
        Check("focus was .username before present()") { focusBeforePresent == .username },
        Check("@FocusState is .username") { model.focusedField == .username },
      ])

    tour.type("ad")
    tour.shot(
      "typed-username",
      "typed \"ad\" with real X key events: the binding and the inspector follow each key",
      checks: [Check("username is \"ad\"") { model.username == "ad" }])

    tour.key("Tab")
    tour.type("opensesame")
    tour.shot(
      "tab-to-password",
      "Tab moved focus to Password and the @FocusState followed; typed a password",
      checks: [
        Check("@FocusState is .password") { model.focusedField == .password },
        Check("password is \"opensesame\"") { model.password == "opensesame" },
      ])

    tour.key("Return")
    tour.shot(
      "submit-refused",
      "Return on the last field submitted; \"ad\" fails validation, so focus moved to Username",
      checks: [
        Check("@FocusState is .username") { model.focusedField == .username },
        Check("the form shows an error") { model.status.isError },
      ])

    tour.key("End")
    tour.type("a")
    tour.key("Return")
    tour.key("Return")
    tour.shot(
      "signed-in",
      "fixed the name; Return moved to Password, Return again signed in as \"ada\"",
      checks: [
        Check("username is \"ada\"") { model.username == "ada" },
        Check("@FocusState is .password") { model.focusedField == .password },
        Check("signed in") { model.status.text == "Signed in as ada." },
      ])

    model.dismissFocus()
    tour.shot(
      "done-dismissed",
      "\"Done\" assigned nil: no field has focus (no focus ring), @FocusState is nil",
      checks: [Check("@FocusState is nil") { model.focusedField == nil }])

    model.toggleLegacyFirstResponder()
    tour.type("hello")
    tour.shot(
      "legacy-first-responder",
      "the button set isFirstResponder = true: the seed's field took focus; typed in red",
      checks: [
        Check("isFirstResponder is true") { model.isLegacyFirstResponder },
        Check("legacy text is \"hello\"") { model.legacyText == "hello" },
        Check("@FocusState is nil (the legacy field is not in it)") { model.focusedField == nil },
      ])

    model.focusRow(2)
    tour.key("End")
    tour.type(" butter")
    tour.key("Left", count: 6)
    tour.shot(
      "row-focused",
      "\"focus row 2\" assigned .row(2): isFirstResponder went false; typed, cursor moved back",
      checks: [
        Check("@FocusState is .row(2)") { model.focusedField == .row(2) },
        Check("isFirstResponder is false") { !model.isLegacyFirstResponder },
        Check("row 2 is \"Bread butter\"") {
          model.rows.first { $0.id == 2 }?.text == "Bread butter"
        },
      ])

    model.shuffleRows()
    tour.shot(
      "shuffled",
      "Shuffle reordered the rows; row 2 kept its widget, its focus and its cursor",
      checks: [
        Check("the order changed") { model.rows.map(\.id) != first },
        Check("@FocusState is still .row(2)") { model.focusedField == .row(2) },
      ])

    tour.type("and ")
    tour.shot(
      "typed-after-shuffle",
      "typed \"and \" after the shuffle: it landed at the kept cursor, \"Bread and butter\"",
      checks: [
        Check("row 2 is \"Bread and butter\"") {
          model.rows.first { $0.id == 2 }?.text == "Bread and butter"
        },
        Check("@FocusState is .row(2)") { model.focusedField == .row(2) },
      ])

    model.requestLockedFocus()
    tour.shot(
      "disabled-refused",
      "asked to focus the disabled field: GTK refused, the state read back .row(2), shown",
      checks: [
        Check("the refusal is shown") { model.lockedRefused },
        Check("@FocusState is .row(2)") { model.focusedField == .row(2) },
      ])

    model.openSettings()
    tour.shot(
      "settings-form",
      "Settings pushed a Form page: boxed rows, focus on Display name (.defaultFocus), the "
        + "keyboard bar (Previous, Next, Done) shown while a field has focus, and the footer "
        + "reading the focused field's @FocusedValue",
      checks: [
        Check("the settings page is shown") { model.pages == [.settings] },
        Check("the page's @FocusState is .displayName") { model.settingsFocus == .displayName },
      ])

    tour.key("Tab")
    // Tab into a field selects its text (GTK and macOS alike): go to the end first.
    tour.key("End")
    tour.type(" (work)")
    tour.shot(
      "settings-tab",
      "Tab moved to Email, the next boxed row (one Tab per field); typed \" (work)\"; the "
        + "footer now reads Email's @FocusedValue",
      checks: [
        Check("the page's @FocusState is .email") { model.settingsFocus == .email },
        Check("email is \"ada@example.org (work)\"") { model.email == "ada@example.org (work)" },
      ])

    tour.key("alt+Left")
    tour.shot(
      "settings-back",
      "Alt+Left went back: the main page again, focus given back to row 2 where it was",
      checks: [
        Check("no page is pushed") { model.pages.isEmpty },
        Check("@FocusState is .row(2)") { model.focusedField == .row(2) },
      ])

    model.isAddingRow = true
    tour.shot(
      "sheet-add-row",
      "Add… presented a sheet (a modal window over the demo): focus in its field by the "
        + "launch rule, Cancel and Add in its header bar",
      checks: [Check("the sheet is up") { model.isAddingRow }])

    tour.type("Tea")
    tour.key("Return")
    tour.shot(
      "sheet-added",
      "Return added row 5 \"Tea\" and closed the sheet; focus came back to row 2",
      checks: [
        Check("the sheet is closed") { !model.isAddingRow },
        Check("row 5 is \"Tea\"") { model.rows.last?.text == "Tea" },
        Check("@FocusState is .row(2)") { model.focusedField == .row(2) },
      ])

    tour.key("ctrl+f")
    tour.type("br")
    tour.shot(
      "search-rows",
      "Ctrl+F opened the search bar under the header bar; \"br\" filters the rows as it is typed",
      checks: [
        Check("the search text is \"br\"") { model.rowFilter == "br" },
        Check("one row matches") { model.filteredRows.map(\.id) == [2] },
      ])

    tour.key("Escape")
    tour.shot(
      "search-cleared",
      "Escape cleared the search, hid the bar and gave focus back to row 2",
      checks: [
        Check("the search text is empty") { model.rowFilter.isEmpty },
        Check("@FocusState is .row(2)") { model.focusedField == .row(2) },
      ])

    // F10 opens the primary menu; Up wraps to its end (Quit, About, Keyboard Shortcuts),
    // then to the "Field" menu, which Right opens.
    tour.key("F10")
    tour.key("Up", count: 4)
    tour.key("Right")
    tour.shot(
      "primary-menu",
      "F10 opened the primary menu and its Field menu: its commands name the focused row "
        + "(read with @FocusedValue); the menu took no focus from row 2",
      checks: [Check("@FocusState is still .row(2)") { model.focusedField == .row(2) }])

    tour.key("Escape", count: 2)
    tour.key("ctrl+k")
    tour.shot(
      "command-cleared",
      "Escape closed the menu; Ctrl+K ran Field > Clear Row 2 on the focused row, which kept "
        + "focus",
      checks: [
        Check("row 2 is empty") { model.rows.first { $0.id == 2 }?.text == "" },
        Check("@FocusState is .row(2)") { model.focusedField == .row(2) },
      ])

    let opening = now()
    model.openLibrary()
    tour.shot(
      "library",
      "Library pushed 100,000 books in a List (a GtkListView): GTK made widgets only for the rows on "
        + "screen, so the page opened at once",
      checks: [
        Check("the library page is shown") { model.pages == [.library] },
        Check("it holds 100,000 books") { model.shownBooks.count == 100_000 },
      ])
    say("tour: the library page was shown \(String(format1: now() - opening)) s after the push")

    model.libraryFilter = "hollow golden 77"
    tour.shot(
      "library-filtered",
      "The filter narrowed the 100,000 books to those whose title contains \"hollow golden "
        + "77\"",
      checks: [
        Check("the books shown match the filter") {
          !model.shownBooks.isEmpty && model.shownBooks.count < 100
            && model.shownBooks.allSatisfy { $0.title.lowercased().contains("hollow golden 77") }
        }
      ])

    host.close()
    MainLoop.drain()
    let seconds = now() - started
    let verdict = tour.failures == 0 ? "every step as expected" : "\(tour.failures) checks FAILED"
    say(
      "tour: \(tour.count) PNGs in \(directory), \(String(format1: seconds)) s, \(verdict)")
    return tour.failures == 0 ? 0 : 1
  }

  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}

/// The tour's input and screenshots, numbered in order.
@MainActor
struct TourSteps {
  let directory: String
  /// What `import -window` captures: "root", or the demo window's X id.
  let window: String
  private(set) var count = 0
  private(set) var failures = 0

  init(directory: String, window: String) {
    self.directory = directory
    self.window = window
  }

  /// Types `text` into the focused widget with real X key events.
  func type(_ text: String) {
    xdotool(["type", "--delay", "40", text])
  }

  /// Presses a key (an X keysym name such as "Tab", "Return", "Left") `count` times.
  func key(_ name: String, count: Int = 1) {
    xdotool(["key", "--delay", "40"] + Array(repeating: name, count: count))
  }

  private func xdotool(_ arguments: [String]) {
    guard Subprocess.run(["xdotool"] + arguments).succeeded else {
      fail("xdotool \(arguments.joined(separator: " ")) failed")
    }
    // Let GTK handle what arrived.
    MainLoop.wait(seconds: 0.1)
  }

  /// Saves the next numbered PNG and prints what it shows; each check waits up to 3 s for
  /// its condition (GTK may still be handling input) and is reported if it never holds.
  mutating func shot(_ name: String, _ description: String, checks: [Check]) {
    var failed: [String] = []
    for check in checks where !MainLoop.run(timeout: 3, until: check.holds) {
      failed.append(check.label)
    }
    count += 1
    let number = count < 10 ? "0\(count)" : "\(count)"
    let path = "\(directory)/\(number)-\(name).png"
    guard saveScreenshot(to: path, window: window) else {
      fail("could not save \(path) (is ImageMagick installed?)")
    }
    say("\(path): \(description)")
    for label in failed {
      say("  UNEXPECTED: \(label) does not hold")
    }
    failures += failed.count
  }
}

/// What a step's screenshot should show, checked before it is taken.
@MainActor
struct Check {
  let label: String
  let holds: @MainActor () -> Bool

  init(_ label: String, holds: @escaping @MainActor () -> Bool) {
    self.label = label
    self.holds = holds
  }
}

/// Prints a line now, even into a pipe.
func say(_ line: String) {
  print(line)
  fflush(nil)
}

extension String {
  /// One decimal: `"12.3"`.
  init(format1 value: Double) {
    let tenths = Int((value * 10).rounded())
    self = "\(tenths / 10).\(tenths % 10)"
  }
}

/// The process environment.
enum Environment {
  static func value(_ name: String) -> String? {
    guard let raw = getenv(name) else { return nil }
    let value = String(cString: raw)
    return value.isEmpty ? nil : value
  }
}
