import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

@MainActor
@Observable
private final class NavigationModel {
  var path: [Int] = []
  var title = "Home"
  var rootAppeared = 0
}

private struct Home: View {
  @State var count = 0
  @State var note = ""
  var title = "Home"

  var body: some View {
    VStack {
      TextField("Note", text: $note)
      Button("Count \(count)") { count += 1 }
      NavigationLink("Details") { Detail() }
    }
    .navigationTitle(title)
  }
}

private struct Detail: View {
  @State var name = ""

  var body: some View {
    VStack {
      Text("Who?")
      TextField("Name", text: $name)
    }
    .navigationTitle(name.isEmpty ? "Detail" : name)
  }
}

/// The `GtkStack` GTK shows the pages in.
@MainActor
func navigationStack(in window: Window) -> UnsafeMutablePointer<GtkWidget>? {
  window.gtkDescendants(ofType: gtk_stack_get_type()).first
}

/// The header bar GTK draws as the window's title bar, if any.
@MainActor
func titlebar(of window: Window) -> UnsafeMutablePointer<GtkWidget>? {
  gtk_window_get_titlebar(window.pointer.cast(to: GtkWindow.self))
}

/// The button in the header bar showing `go-previous-symbolic`.
@MainActor
func backButton(in window: Window) -> UnsafeMutablePointer<GtkWidget>? {
  guard let header = titlebar(of: window) else { return nil }
  return Widget(retaining: header).gtkDescendants(ofType: gtk_button_get_type()).first {
    gtk_button_get_icon_name($0.cast(to: GtkButton.self)).map { String(cString: $0) }
      == "go-previous-symbolic"
  }
}

@MainActor
private func childCount(_ widget: UnsafeMutablePointer<GtkWidget>) -> Int {
  var count = 0
  var child = gtk_widget_get_first_child(widget)
  while let current = child {
    count += 1
    child = gtk_widget_get_next_sibling(current)
  }
  return count
}

/// NavigationStack, NavigationView, NavigationLink, navigationTitle and
/// navigationDestination on real GTK widgets (issue 13, window chrome).
final class NavigationTests: GtkTestCase, @unchecked Sendable {
  func testAWindowWithoutNavigationKeepsItsWidgetTree() {
    MainActor.assumeIsolated {
      let ui = show { VStack { TextField("Note", text: .constant("")) } }
      XCTAssertNil(titlebar(of: ui.window), "no header bar appears uninvited")
      let child = gtk_window_get_child(ui.window.pointer.cast(to: GtkWindow.self))!
      XCTAssertTrue(
        gtk_widget_get_first_child(child).map { gtk_widget_get_first_child($0) != nil } ?? false)
      XCTAssertNil(navigationStack(in: ui.window))
      XCTAssertEqual(ui.window.title, name)
    }
  }

  func testPushShowsTheDestinationWithItsTitleAndFocusAndPopRestoresTheRoot() throws {
    try MainActor.assumeIsolated {
      let ui = show { NavigationStack { Home() } }
      let window = ui.window
      let header = try XCTUnwrap(titlebar(of: window), "a NavigationStack gets a header bar")
      XCTAssertEqual(gtkTypeName(header), "GtkHeaderBar")
      XCTAssertEqual(window.title, "Home", "the root's navigationTitle is the window's title")
      let stack = try XCTUnwrap(navigationStack(in: window))
      XCTAssertEqual(childCount(stack), 1)
      let back = try XCTUnwrap(backButton(in: window))
      XCTAssertEqual(gtk_widget_get_visible(back), 0, "no back button on the root")
      XCTAssertTrue(hasAccessibleLabel(back, "Back"))
      XCTAssertTrue(try ui.find(title: "Note").isFocused, "launch focus: the first text field")

      try ui.find(title: "Count 0").tap()
      let link = try ui.find(title: "Details")
      gtk_widget_grab_focus(link.widget.pointer)
      link.tap()

      XCTAssertEqual(childCount(stack), 2)
      let name = try ui.find(title: "Name")
      XCTAssertEqual(
        gtk_stack_get_visible_child(OpaquePointer(stack)),
        gtk_widget_get_ancestor(name.widget.pointer, gtk_box_get_type()).flatMap {
          var page: UnsafeMutablePointer<GtkWidget>? = $0
          while let current = page, gtk_widget_get_parent(current) != stack {
            page = gtk_widget_get_parent(current)
          }
          return page
        }, "the pushed page is the one shown")
      XCTAssertEqual(
        gtk_stack_get_transition_type(OpaquePointer(stack)),
        GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT_RIGHT)
      XCTAssertEqual(window.title, "Detail")
      XCTAssertNotEqual(gtk_widget_get_visible(back), 0, "the back button shows")
      XCTAssertTrue(name.isFocused, "focus goes to the pushed view's first text field")
      let entry = try XCTUnwrap(name.widget as? Entry)
      XCTAssertNil(entry.selection, "nothing selected, as at launch")

      name.type("Ada")
      XCTAssertEqual(window.title, "Ada", "the title follows state")

      cgtk_emit(back, "clicked")
      MainLoop.drain()
      XCTAssertEqual(window.title, "Home")
      XCTAssertTrue(link.isFocused, "focus returns to the link that had it")
      XCTAssertNoThrow(try ui.find(title: "Count 1"), "the root's @State survives push and pop")
      XCTAssertEqual(gtk_widget_get_visible(back), 0)
      XCTAssertThrowsError(try ui.find(title: "Name"), "the popped view is gone")

      link.tap()
      XCTAssertEqual(try ui.find(title: "Name").text, "", "a popped view's state is discarded")
      XCTAssertEqual(window.title, "Detail")
    }
  }

  func testNavigationViewIsTheSameStack() throws {
    try MainActor.assumeIsolated {
      let ui = show { NavigationView { Home(title: "Old") } }
      XCTAssertEqual(ui.window.title, "Old")
      try ui.find(title: "Details").tap()
      XCTAssertEqual(ui.window.title, "Detail")
      XCTAssertTrue(try ui.find(title: "Name").isFocused)
      XCTAssertTrue(ui.host.graph.chrome!.goBack())
      MainLoop.drain()
      XCTAssertEqual(ui.window.title, "Old")
    }
  }

  func testATitleChangeFollowsStateAndTheInnermostTitleWins() {
    MainActor.assumeIsolated {
      let model = NavigationModel()
      let ui = show {
        NavigationStack {
          VStack {
            Text("inner").navigationTitle(model.title)
          }
          .navigationTitle("outer")
        }
      }
      XCTAssertEqual(ui.window.title, "Home")
      model.title = "Renamed"
      MainLoop.drain()
      XCTAssertEqual(ui.window.title, "Renamed")
    }
  }

  func testValueLinksAndAPathBindingPushAndPopPages() throws {
    try MainActor.assumeIsolated {
      let model = NavigationModel()
      let ui = show {
        NavigationStack(path: Binding(get: { model.path }, set: { model.path = $0 })) {
          VStack {
            NavigationLink("Seven", value: 7)
          }
          .navigationTitle("Numbers")
          .navigationDestination(for: Int.self) { number in
            VStack {
              Text("Number \(number)")
              NavigationLink("Next", value: number + 1)
            }
            .navigationTitle("#\(number)")
          }
        }
      }
      let stack = try XCTUnwrap(navigationStack(in: ui.window))
      try ui.find(title: "Seven").tap()
      XCTAssertEqual(model.path, [7], "a value link appends to the path")
      XCTAssertEqual(ui.window.title, "#7")
      try ui.find(title: "Next").tap()
      XCTAssertEqual(model.path, [7, 8])
      XCTAssertEqual(ui.window.title, "#8")

      model.path = [1, 2, 3]
      MainLoop.drain()
      XCTAssertEqual(ui.window.title, "#3", "the app setting the path pushes its pages")
      XCTAssertTrue(MainLoop.run(timeout: 5) { childCount(stack) == 4 })

      XCTAssertTrue(ui.host.graph.chrome!.goBack())
      MainLoop.drain()
      XCTAssertEqual(model.path, [1, 2], "going back writes the path back")
      XCTAssertEqual(ui.window.title, "#2")

      model.path = []
      MainLoop.drain()
      XCTAssertEqual(ui.window.title, "Numbers")
      XCTAssertTrue(MainLoop.run(timeout: 5) { childCount(stack) == 1 }, "popped pages leave")
    }
  }

  func testAPushedPagesDefaultFocusWinsOverItsFirstField() throws {
    try MainActor.assumeIsolated {
      struct Form2: View {
        @FocusState var focus: Field?
        @State var first = "prefilled"
        @State var second = ""
        var body: some View {
          VStack {
            TextField("First", text: $first).focused($focus, equals: .username)
            TextField("Second", text: $second).focused($focus, equals: .notes)
          }
          .defaultFocus($focus, .notes)
        }
      }
      let ui = show { NavigationStack { NavigationLink("Open") { Form2() } } }
      XCTAssertNil(focusWidget(ui.window), "a root of buttons opens with nothing focused")
      try ui.find(title: "Open").tap()
      XCTAssertTrue(try ui.find(title: "Second").isFocused, ".defaultFocus in the pushed view")
      XCTAssertTrue(ui.host.graph.chrome!.goBack())
      MainLoop.drain()
      XCTAssertNil(focusWidget(ui.window), "nothing had focus before the push")
    }
  }

  // Issue 35, case 8: the launch rule gave a pushed page's stepper focus.
  func testAPushedPageWithAStepperFocusesNothingOrItsFirstField() throws {
    try MainActor.assumeIsolated {
      let ui = show {
        NavigationStack {
          VStack {
            NavigationLink("Guests") {
              Stepper("Guests", value: .constant(2), in: 1...12)
            }
            NavigationLink("Booking") {
              VStack {
                Stepper("Nights", value: .constant(1), in: 1...30)
                TextField("Name", text: .constant(""))
              }
            }
          }
        }
      }
      try ui.find(title: "Guests").tap()
      XCTAssertNil(focusWidget(ui.window), "a page of a stepper opens with nothing focused")
      XCTAssertTrue(ui.host.graph.chrome!.goBack())
      MainLoop.drain()
      try ui.find(title: "Booking").tap()
      XCTAssertTrue(try ui.find(TextField.self, title: "Name").isFocused)
    }
  }

  // Issue 35 (seen in screenshots): a pushed page without a title showed the window's,
  // the executable's name.
  func testAPushedPageWithoutANavigationTitleShowsNoTitle() throws {
    try MainActor.assumeIsolated {
      let ui = show(title: "gtkbridge-app") {
        NavigationStack {
          VStack {
            NavigationLink("Details") { Text("No title here") }
            NavigationLink("Titled") { Text("Titled page").navigationTitle("Titled") }
          }
        }
      }
      @MainActor func shownTitles() -> [String] {
        let bar = gtk_window_get_titlebar(ui.window.window)!
        let labels = gtkTree(bar).filter { widgetTypeName($0) == "GtkLabel" }.filter {
          gtk_widget_has_css_class($0, "title") != 0
        }
        return [ui.window.title] + labels.map(labelText)
      }
      try ui.find(title: "Details").tap()
      XCTAssertEqual(shownTitles(), ["", ""])
      XCTAssertTrue(ui.host.graph.chrome!.goBack())
      MainLoop.drain()
      XCTAssertEqual(ui.window.title, "gtkbridge-app", "the root shows the window's title")
      try ui.find(title: "Titled").tap()
      XCTAssertEqual(shownTitles(), ["Titled", "Titled"])
    }
  }

  func testANavigationPathBindingPushesItsValues() {
    MainActor.assumeIsolated {
      final class Box {
        var path = NavigationPath()
      }
      let box = Box()
      let model = NavigationModel()
      let ui = show {
        NavigationStack(
          path: Binding(
            get: {
              _ = model.title
              return box.path
            }, set: { box.path = $0 })
        ) {
          Text("Root").navigationTitle("Root")
            .navigationDestination(for: String.self) { Text($0).navigationTitle($0) }
            .navigationDestination(for: Int.self) { Text("\($0)").navigationTitle("#\($0)") }
        }
      }
      box.path.append("Settings")
      box.path.append(3)
      model.title = "poke"
      MainLoop.drain()
      XCTAssertEqual(ui.window.title, "#3", "values of two types, each shown by its destination")
      XCTAssertTrue(ui.host.graph.chrome!.goBack())
      MainLoop.drain()
      XCTAssertEqual(ui.window.title, "Settings")
      XCTAssertEqual(box.path.count, 1, "going back removed the last value")
    }
  }

  func testWindowsWithPagesAndToolbarsLeaveNothingBehind() {
    MainActor.assumeIsolated {
      var before = LiveObjects.snapshot
      let coordinatorsBefore = FocusCoordinator.liveCount
      for cycle in 0..<20 {
        if cycle == 1 { before = LiveObjects.snapshot }
        do {
          let host = try! HostingWindow(title: "cycle \(cycle)") {
            NavigationStack {
              Home()
                .toolbar {
                  ToolbarItem(placement: .cancellationAction) { Button("Cancel") {} }
                  ToolbarItemGroup(placement: .keyboard) { Button("Done") {} }
                  ToolbarItem(placement: .bottomBar) { Text("status") }
                }
            }
          }
          let ui = ViewInspection(host)
          host.present()
          MainLoop.drain()
          try? ui.find(title: "Details").tap()
          try? ui.find(title: "Name").type("x")
          host.graph.chrome?.goBack()
          try? ui.find(title: "Details").tap()
          host.close()
        }
        MainLoop.drain()
      }
      XCTAssertEqual(LiveObjects.snapshot, before, "GtkBridge objects outlived their windows")
      XCTAssertEqual(FocusCoordinator.liveCount, coordinatorsBefore)
    }
  }

  func testABackButtonHiddenByThePageLeavesTheWayBackToTheApp() throws {
    try MainActor.assumeIsolated {
      let model = NavigationModel()
      let ui = show {
        NavigationStack(path: Binding(get: { model.path }, set: { model.path = $0 })) {
          NavigationLink("Edit", value: 1)
            .navigationDestination(for: Int.self) { _ in
              Text("Editor")
                .navigationBarBackButtonHidden()
                .toolbar {
                  ToolbarItem(placement: .cancellationAction) {
                    Button("Discard") { model.path.removeLast() }
                  }
                }
            }
        }
      }
      let back = try XCTUnwrap(backButton(in: ui.window))
      try ui.find(title: "Edit").tap()
      XCTAssertEqual(model.path, [1])
      XCTAssertEqual(gtk_widget_get_visible(back), 0, "the page hides the back button")
      XCTAssertFalse(ui.host.graph.chrome!.goBack(), "and Alt+Left")
      XCTAssertTrue(ui.host.graph.chrome!.cancel(), "Escape runs the page's own way back")
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.path.isEmpty })
      XCTAssertTrue(MainLoop.run(timeout: 5) { (try? ui.find(title: "Editor")) == nil })
    }
  }

  func testAWindowGroupsHeaderBarKeepsItsSubtitleAndShowsTheNavigationTitle() throws {
    try MainActor.assumeIsolated {
      let host = try HostingWindow(title: "App", subtitle: "Example Corp") {
        NavigationStack { Home() }
      }
      let ui = show(host)
      let header = try XCTUnwrap(titlebar(of: ui.window))
      let titles = try XCTUnwrap(gtk_header_bar_get_title_widget(OpaquePointer(header)))
      let labels = Widget(retaining: titles).gtkDescendants(ofType: gtk_label_get_type()).map {
        String(cString: gtk_label_get_text(OpaquePointer($0)))
      }
      XCTAssertEqual(labels, ["Home", "Example Corp"])
      XCTAssertNotNil(backButton(in: ui.window), "one header bar: the window's own")
      try ui.find(title: "Details").tap()
      XCTAssertEqual(
        String(cString: gtk_label_get_text(OpaquePointer(gtk_widget_get_first_child(titles)!))),
        "Detail")
    }
  }

  func testRandomPushesPopsAndPathWritesKeepPagesTitleAndFocusTogether() throws {
    try MainActor.assumeIsolated {
      struct Page: View {
        let number: Int
        @State var text = ""
        @FocusState var editing: Bool
        var body: some View {
          VStack {
            TextField("Field \(number)", text: $text).focused($editing)
            NavigationLink("Next \(number)", value: number + 1)
          }
          .navigationTitle("#\(number)")
          .toolbar {
            ToolbarItemGroup(placement: .keyboard) { Button("Done \(number)") { editing = false } }
          }
        }
      }
      let model = NavigationModel()
      let ui = show {
        NavigationStack(path: Binding(get: { model.path }, set: { model.path = $0 })) {
          Page(number: 0)
            .navigationDestination(for: Int.self) { Page(number: $0) }
        }
      }
      var generator = SeededGenerator(
        state: UInt64(ProcessEnvironment.value("GTKBRIDGE_NAV_SEED") ?? "") ?? 13)
      let stack = try XCTUnwrap(navigationStack(in: ui.window))
      for step in 0..<(Int(ProcessEnvironment.value("GTKBRIDGE_NAV_STEPS") ?? "") ?? 150) {
        let top = model.path.last ?? 0
        switch Int.random(in: 0..<7, using: &generator) {
        case 0, 1: try? ui.find(title: "Next \(top)").tap()
        case 2: _ = ui.host.graph.chrome?.goBack()
        case 3: model.path = (0..<Int.random(in: 0...3, using: &generator)).map { $0 + 1 }
        case 4: ui.focusedView?.type("x")
        case 5: try? ui.find(title: "Done \(top)").tap()
        default: ui.press(.tab)
        }
        MainLoop.drain()
        let top2 = model.path.last ?? 0
        XCTAssertEqual(ui.window.title, "#\(top2)", "step \(step)")
        let node = try XCTUnwrap(
          ui.host.graph.root?.subtree.lazy.compactMap { $0 as? NavigationStackNode }.first)
        XCTAssertEqual(node.pages.count, model.path.count + 1, "step \(step)")
        let dones = ui.findAll(Button<Text>.self).filter {
          $0.title?.hasPrefix("Done") == true && $0.widget.root != nil
        }
        XCTAssertEqual(dones.map(\.title), ["Done \(top2)"], "step \(step): the top page's items")
        let bar = try XCTUnwrap(
          gtk_widget_get_ancestor(dones[0].widget.pointer, gtk_action_bar_get_type()))
        let editing = focusWidget(ui.window).map { gtkTypeName($0) == "GtkText" } ?? false
        XCTAssertEqual(gtk_widget_get_visible(bar) != 0, editing, "step \(step): the keyboard bar")
        if let focus = focusWidget(ui.window), gtk_widget_is_ancestor(focus, stack) != 0 {
          let shown = try XCTUnwrap(gtk_stack_get_visible_child(OpaquePointer(stack)))
          XCTAssertNotEqual(
            gtk_widget_is_ancestor(focus, shown), 0, "step \(step): focus in a hidden page")
        }
      }
    }
  }

  func testALinkInTheToolbarGetsFocusBackAfterThePop() throws {
    try MainActor.assumeIsolated {
      let ui = show {
        NavigationStack {
          Text("Notes")
            .navigationTitle("Notes")
            .toolbar {
              ToolbarItem(placement: .primaryAction) {
                NavigationLink("New note") { Detail() }
              }
            }
        }
      }
      let link = try ui.find(title: "New note")
      XCTAssertNotNil(gtk_widget_get_ancestor(link.widget.pointer, gtk_header_bar_get_type()))
      gtk_widget_grab_focus(link.widget.pointer)
      link.tap()
      XCTAssertEqual(ui.window.title, "Detail")
      XCTAssertNil(link.widget.root, "the root's toolbar left with its page")
      XCTAssertTrue(try ui.find(title: "Name").isFocused)
      XCTAssertTrue(ui.host.graph.chrome!.goBack())
      MainLoop.drain()
      XCTAssertTrue(link.isFocused, "focus is back on the toolbar's link")
    }
  }

  func testTheRootsFocusStateReadsNilWhileCoveredAndItsFieldAgainAfterThePop() throws {
    try MainActor.assumeIsolated {
      struct Root: View {
        @FocusState var focus: Field?
        @State var text = "kept"
        let probe: FormProbe
        var body: some View {
          probe.focus = $focus
          return VStack {
            TextField("Root field", text: $text).focused($focus, equals: .username)
            NavigationLink("Open") { Detail() }
          }
        }
      }
      let probe = FormProbe()
      let ui = show { NavigationStack { Root(probe: probe) } }
      XCTAssertEqual(probe.current, .username, "launch focus")
      try ui.find(title: "Open").tap()
      XCTAssertNil(probe.current, "the covered page's field has no focus")
      XCTAssertTrue(try ui.find(title: "Name").isFocused)
      XCTAssertTrue(ui.host.graph.chrome!.goBack())
      MainLoop.drain()
      XCTAssertEqual(probe.current, .username, "the field that had focus has it again")
      let field = try XCTUnwrap(ui.find(title: "Root field").widget as? Entry)
      XCTAssertNil(field.selection, "without selecting its text")
    }
  }

  func testAltLeftGoesBack() throws {
    guard try runsInChildProcess(in: "NavigationTests") else { return }
    try MainActor.assumeIsolated {
      let ui = show { NavigationStack { Home() } }
      try ui.find(title: "Details").tap()
      XCTAssertEqual(ui.window.title, "Detail")
      try xdotool(on: ui.window, ["key", "alt+Left"])
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { (try? ui.find(title: "Name")) == nil }, "Alt+Left pops the page")
      XCTAssertEqual(ui.window.title, "Home")
    }
  }
}

@MainActor
private func gtkTypeName(_ widget: UnsafeMutablePointer<GtkWidget>) -> String {
  String(
    cString: g_type_name_from_instance(
      UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)))
}

/// Every way to push a page: a link with a destination (a closure or a value), a value link
/// with and without a path, a `NavigationPath`, a button appending to the path.
private enum PushForm: CaseIterable {
  case destinationClosure, destinationValue, labelledDestination, navigationView
  case valueLinkWithoutPath, valueLinkWithPath, labelledValueLinkWithNavigationPath
  case viewLinkWithPath, buttonAppendingToPath
}

/// The root of a stack pushing "Details" in one of the ``PushForm``s.
private struct TrapRoot: View {
  let form: PushForm
  @State var path: [Int] = []
  @State var navigationPath = NavigationPath()

  var body: some View {
    switch form {
    case .destinationClosure:
      NavigationStack { links }
    case .destinationValue:
      NavigationStack { links }
    case .labelledDestination:
      NavigationStack { links }
    case .navigationView:
      NavigationView { links }
    case .valueLinkWithoutPath:
      NavigationStack { links.navigationDestination(for: Int.self) { _ in Detail() } }
    case .valueLinkWithPath, .viewLinkWithPath, .buttonAppendingToPath:
      NavigationStack(path: $path) { links.navigationDestination(for: Int.self) { _ in Detail() } }
    case .labelledValueLinkWithNavigationPath:
      NavigationStack(path: $navigationPath) {
        links.navigationDestination(for: Int.self) { _ in Detail() }
      }
    }
  }

  @ViewBuilder var links: some View {
    VStack {
      switch form {
      case .destinationClosure, .viewLinkWithPath: NavigationLink("Details") { Detail() }
      case .destinationValue: NavigationLink("Details", destination: Detail())
      case .labelledDestination, .navigationView:
        NavigationLink(destination: Detail()) { Text("Details") }
      case .valueLinkWithoutPath, .valueLinkWithPath: NavigationLink("Details", value: 1)
      case .labelledValueLinkWithNavigationPath: NavigationLink(value: 1) { Text("Details") }
      case .buttonAppendingToPath: Button("Details") { path.append(1) }
      }
    }
    .navigationTitle("Home")
  }
}

/// Pushing and popping in every form of `NavigationStack` and `NavigationLink`: the trap of
/// issue 37 (a value link on a stack with a path was pushed again as soon as it was popped).
extension NavigationTests {
  func testEveryFormPopsByAltLeftAndByTheBackButtonAndStaysPopped() throws {
    try MainActor.assumeIsolated {
      for form in PushForm.allCases {
        let ui = show { TrapRoot(form: form) }
        for popByKey in [true, false] {
          let link = try ui.find(title: "Details")
          let how = "\(form), popped by \(popByKey ? "Alt+Left" : "the back button")"
          gtk_widget_grab_focus(link.widget.pointer)
          link.press(.return)
          XCTAssertEqual(ui.window.title, "Detail", "\(how): pushed")
          if popByKey {
            XCTAssertTrue(ui.press(KeyboardShortcut(.leftArrow, modifiers: .option)), how)
          } else {
            cgtk_emit(try XCTUnwrap(backButton(in: ui.window)), "clicked")
            MainLoop.drain()
          }
          // NB: long enough for the slide back to end and anything queued behind it to run.
          let stack = try XCTUnwrap(navigationStack(in: ui.window))
          XCTAssertTrue(MainLoop.run(timeout: 5) { childCount(stack) == 1 }, how)
          MainLoop.drain()
          XCTAssertEqual(ui.window.title, "Home", "\(how): the page stays popped")
          XCTAssertEqual(childCount(stack), 1, "\(how): nothing pushed again")
          // A labelled link's title is its label's: focus is on the button around it.
          let details = try ui.find(title: "Details").widget.pointer
          let focus = try XCTUnwrap(gtk_root_get_focus(OpaquePointer(ui.window.pointer)), how)
          XCTAssertTrue(
            focus == details || gtk_widget_is_ancestor(details, focus) != 0,
            "\(how): focus is back on the link")
        }
        ui.host.close()
        MainLoop.drain()
      }
    }
  }

  // The trap with a real key press (X's Alt+Left through GTK), in a child process as
  // `testAltLeftGoesBack`.
  func testARealAltLeftLeavesAValueLinksPageForGood() throws {
    guard try runsInChildProcess(in: "NavigationTests") else { return }
    try MainActor.assumeIsolated {
      let ui = show { TrapRoot(form: .valueLinkWithPath) }
      let link = try ui.find(title: "Details")
      gtk_widget_grab_focus(link.widget.pointer)
      link.press(.return)
      XCTAssertEqual(ui.window.title, "Detail")
      try xdotool(on: ui.window, ["key", "alt+Left"])
      let stack = try XCTUnwrap(navigationStack(in: ui.window))
      XCTAssertTrue(MainLoop.run(timeout: 5) { childCount(stack) == 1 }, "Alt+Left pops the page")
      MainLoop.drain()
      XCTAssertEqual(ui.window.title, "Home", "and it stays popped")
      XCTAssertTrue(try ui.find(title: "Details").isFocused)
    }
  }
}
