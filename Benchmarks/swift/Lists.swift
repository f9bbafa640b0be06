// The list benchmarks' GtkBridge side: the same rows and operations as Benchmarks/c/lists.c,
// written as a SwiftUI app writes them.
//
//   gtkbridge-bench L:lazy:WORKLOAD N OPS    ScrollView { LazyVStack { ForEach … } }
//   gtkbridge-bench L:list:WORKLOAD N OPS    List(items) { … }
//   gtkbridge-bench L:sections:WORKLOAD N OPS
//                                            List { Section { ForEach(3 pinned) }
//                                                   Section { ForEach(items) } footer: { … } }
//   gtkbridge-bench L:groups:WORKLOAD N OPS  List { ForEach(groups) { Section(name) {
//                                                   ForEach(group.items) } } }, N rows in
//                                            groups of 1,000 (100 groups at N = 100,000)
import CGtk
import Glibc
import GtkBridge
import Observation

struct ListItem: Identifiable {
  let id: Int
  var name: String
  var count: Int
}

@MainActor
@Observable
final class ListModel {
  var items: [ListItem]
  init(count: Int) {
    items = (0..<count).map { ListItem(id: $0, name: "Item \($0)", count: $0 % 100) }
  }
}

struct ItemGroup: Identifiable {
  let id: Int
  var name: String
  var items: [ListItem]
}

/// N rows in groups of 1,000 (the last one shorter): grouped data, shown as sections.
@MainActor
@Observable
final class GroupModel {
  static let groupSize = 1_000
  var groups: [ItemGroup]
  init(count: Int) {
    groups = stride(from: 0, to: max(count, 1), by: Self.groupSize).map { start in
      ItemGroup(
        id: start / Self.groupSize, name: "Group \(start / Self.groupSize)",
        items: (start..<min(start + Self.groupSize, count)).map {
          ListItem(id: $0, name: "Item \($0)", count: $0 % 100)
        })
    }
  }
}

struct ItemRow: View {
  let item: ListItem
  var body: some View {
    HStack {
      Text(item.name)
      Spacer()
      Text("\(item.count)")
    }
  }
}

struct LazyRows: View {
  let model: ListModel
  var body: some View {
    ScrollView {
      LazyVStack(spacing: 0) {
        ForEach(model.items) { item in ItemRow(item: item) }
      }
    }
  }
}

struct ListRows: View {
  let model: ListModel
  var body: some View {
    List(model.items) { item in ItemRow(item: item) }
  }
}

/// Three pinned rows in a first section, the N rows in a second one with a footer: the
/// operations act on the second section, whose rows start after the first's.
struct SectionRows: View {
  let pinned: ListModel
  let model: ListModel
  var body: some View {
    List {
      Section("Pinned") { ForEach(pinned.items) { item in ItemRow(item: item) } }
      Section {
        ForEach(model.items) { item in ItemRow(item: item) }
      } header: {
        Text("All")
      } footer: {
        Text("The end")
      }
    }
  }
}

/// Sections that come with the data: one per group, each with its group's rows.
struct GroupRows: View {
  let model: GroupModel
  var body: some View {
    List {
      ForEach(model.groups) { group in
        Section(group.name) { ForEach(group.items) { item in ItemRow(item: item) } }
      }
    }
  }
}

struct GroupFields: View {
  @Bindable var model: GroupModel
  var body: some View {
    List {
      ForEach($model.groups) { $group in
        Section(group.name) {
          ForEach($group.items) { $item in TextField("", text: $item.name) }
        }
      }
    }
  }
}

struct SectionFields: View {
  let pinned: ListModel
  @Bindable var model: ListModel
  var body: some View {
    List {
      Section("Pinned") { ForEach(pinned.items) { item in ItemRow(item: item) } }
      Section("All") {
        ForEach($model.items) { $item in TextField("", text: $item.name) }
      }
    }
  }
}

struct LazyFields: View {
  @Bindable var model: ListModel
  var body: some View {
    ScrollView {
      LazyVStack(spacing: 0) {
        ForEach($model.items) { $item in TextField("", text: $item.name) }
      }
    }
  }
}

struct ListFields: View {
  @Bindable var model: ListModel
  var body: some View {
    List {
      ForEach($model.items) { $item in TextField("", text: $item.name) }
    }
  }
}

func cpuSeconds() -> Double {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) * 1e-6
    + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) * 1e-6
}

/// Asks for a frame and iterates the loop until it is painted, as the C runner's
/// `wait_frame`: the update pass runs first (its source's priority is above GTK's redraw).
///
/// NB: no `MainLoop.drain()` before the request: its non-blocking iterations drew a frame of
/// their own whenever the frame clock's timer had fired by then, so an operation counted one
/// frame or two by wall time (the same 40 keystrokes read 1.44 to 1.81 million instructions
/// each under callgrind).
@MainActor
func waitFrame(_ window: Window) {
  painted = false
  let clock = gtk_widget_get_frame_clock(widgetPointer(window))
  let id = cgtk_connect_void(
    UnsafeMutableRawPointer(clock), "after-paint", { _ in painted = true }, nil, nil)
  gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_PAINT)
  while !painted { g_main_context_iteration(nil, 1) }
  g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), id)
}

@MainActor
func firstWidget(named type: String, in widget: UnsafeMutablePointer<GtkWidget>)
  -> UnsafeMutablePointer<GtkWidget>?
{
  if String(
    cString: g_type_name_from_instance(
      UnsafeMutableRawPointer(widget)
        .assumingMemoryBound(to: GTypeInstance.self))) == type
  {
    return widget
  }
  var child = gtk_widget_get_first_child(widget)
  while let current = child {
    if let found = firstWidget(named: type, in: current) { return found }
    child = gtk_widget_get_next_sibling(current)
  }
  return nil
}

/// The `index`th GtkText under `widget`, in tree order.
@MainActor
func texts(in widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
  var found: [UnsafeMutablePointer<GtkWidget>] = []
  if gtk_widget_get_focusable(widget) != 0,
    String(
      cString: g_type_name_from_instance(
        UnsafeMutableRawPointer(widget)
          .assumingMemoryBound(to: GTypeInstance.self))) == "GtkText"
  {
    found.append(widget)
  }
  var child = gtk_widget_get_first_child(widget)
  while let current = child {
    found += texts(in: current)
    child = gtk_widget_get_next_sibling(current)
  }
  return found
}

@MainActor
func listWorkload(_ spec: String, _ n: Int, _ ops: Int) throws {
  let parts = spec.split(separator: ":").map(String.init)
  let (impl, workload) = (parts[1], parts[2])
  let keyRows = workload == "key"
  // GTK is initialized before the clock starts, as the C runner calls `gtk_init()` before its
  // own: opening is the list's cost, not GTK's start-up (about a quarter of the instructions
  // to the first frame at 1,000 rows, which the open figure counted for GtkBridge alone).
  try MainLoop.initialize()
  let start = cpuSeconds()
  // L:…:open counts the opening between the region markers (Benchmarks/profile, L-open).
  if workload == "open" { Region.begin?() }
  // NB: a grouped model only for its own implementation: the others' memory is theirs.
  let model = ListModel(count: impl == "groups" ? 0 : n)
  let grouped = GroupModel(count: impl == "groups" ? n : 0)
  let host = try HostingWindow(title: "bench", width: 640, height: 480) {
    switch (impl, keyRows) {
    case ("lazy", false): AnyView(LazyRows(model: model))
    case ("lazy", true): AnyView(LazyFields(model: model))
    case ("sections", false): AnyView(SectionRows(pinned: ListModel(count: 3), model: model))
    case ("sections", true): AnyView(SectionFields(pinned: ListModel(count: 3), model: model))
    case ("groups", false): AnyView(GroupRows(model: grouped))
    case ("groups", true): AnyView(GroupFields(model: grouped))
    case (_, false): AnyView(ListRows(model: model))
    default: AnyView(ListFields(model: model))
    }
  }
  host.window.present()
  waitFrame(host.window)
  let openCPU = cpuSeconds() - start
  if workload == "open" { Region.end?() }
  let root = widgetPointer(host.window)
  let scrolled = firstWidget(named: "GtkScrolledWindow", in: root)!
  let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolled))!
  var text: UnsafeMutablePointer<GtkWidget>?
  if keyRows {
    // The field of the fourth row (the rows GTK made are in tree order at first).
    text = texts(in: scrolled)[3]
    gtk_widget_grab_focus(text)
    waitFrame(host.window)
  }
  let startCPU = cpuSeconds()
  let startWall = now()
  var moved = 0
  if workload != "open" { Region.begin?() }
  for op in 0..<ops {
    switch workload {
    case "edit" where impl == "groups": grouped.groups[0].items[op % 10].name = "Edited \(op)"
    case "edit": model.items[op % 10].name = "Edited \(op)"
    case "append" where impl == "groups":
      // At the end of the last group.
      grouped.groups[grouped.groups.count - 1].items.append(
        ListItem(id: n + op, name: "Item \(n + op)", count: 0))
    case "append": model.items.append(ListItem(id: n + op, name: "Item \(n + op)", count: 0))
    case "scroll":
      let before = gtk_adjustment_get_value(adjustment)
      var value = before + 200
      if value > gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment) {
        value = 0
      }
      gtk_adjustment_set_value(adjustment, value)
      // Counted only if the view really moved (the check that a scroll scrolled).
      if gtk_adjustment_get_value(adjustment) != before { moved += 1 }
    case "key": cgtk_text_insert_at_cursor(text, "x")
    default: break
    }
    waitFrame(host.window)
  }
  if workload != "open" { Region.end?() }
  let opCPU = ops > 0 ? (cpuSeconds() - startCPU) / Double(ops) : 0
  let opWall = ops > 0 ? (now() - startWall) / Double(ops) : 0
  var ok = workload != "scroll" || moved == ops
  if impl == "groups" {
    let items = grouped.groups.flatMap(\.items)
    switch workload {
    case "append": ok = items.count == n + ops
    case "edit": ok = ops == 0 || items[(ops - 1) % 10].name == "Edited \(ops - 1)"
    case "key": ok = items[3].name == "Item 3" + String(repeating: "x", count: ops)
    default: break
    }
  } else {
    switch workload {
    case "append": ok = model.items.count == n + ops
    case "edit": ok = ops == 0 || model.items[(ops - 1) % 10].name == "Edited \(ops - 1)"
    case "key": ok = model.items[3].name == "Item 3" + String(repeating: "x", count: ops)
    default: break
    }
  }
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  print(
    "{\"ok\": \(ok), \"open_cpu\": \(openCPU), \"op_cpu\": \(opCPU), \"op_wall\": \(opWall), "
      + "\"rss_mb\": \(Double(usage.ru_maxrss) / 1024)}")
}
