import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

#if canImport(Glibc)
  import Glibc
#endif

/// Base class: GTK on a real (virtual) display, windows destroyed after each test.
///
/// XCTest on Linux runs synchronous test methods on the process main thread, so each test
/// enters the main actor with `MainActor.assumeIsolated` (an `@MainActor` XCTest method
/// would crash test discovery). NB: `@MainActor func test…() async` is discovered and runs on
/// the main thread, but as a job of the main queue: a hop to the main actor made while the body
/// iterates GLib (a write from another thread) waits until the body returns, so
/// UpdateSourceTests' other-thread writes were never shown (tried on GTK 4.8, Swift 6.3.1).
// NB: @unchecked because XCTest runs every test method on the process main thread.
class GtkTestCase: GtkBridgeTestCase, @unchecked Sendable {
  @MainActor var hosts: [HostingWindow<AnyTestView>] = []
  @MainActor var styleErrors: [StyleError] = []

  /// Skips the test (with one explanation for the whole run: GtkBridgeTesting's
  /// `TestDisplay`) when no display can be opened; otherwise GTK is up when the test runs.
  override func setUpWithError() throws {
    try super.setUpWithError()
    GLibWarnings.install()
    warningsBefore = GLibWarnings.messages.count
    MainActor.assumeIsolated {
      styleErrors = []
      StyleDiagnostics.handler = { [weak self] error, _ in self?.styleErrors.append(error) }
    }
  }

  private var warningsBefore = 0

  override func tearDown() {
    // A skipped test opened nothing.
    guard TestDisplay.isAvailable else { return super.tearDown() }
    MainActor.assumeIsolated {
      for host in hosts where !host.isClosed { host.close() }
      hosts = []
      MainLoop.drain()
    }
    let new = GLibWarnings.messages.dropFirst(warningsBefore)
    XCTAssertTrue(new.isEmpty, "GTK/GLib warnings during the test:\n" + new.joined(separator: "\n"))
    super.tearDown()
  }

  /// Makes a window showing `content` (not yet presented); closed in tearDown.
  @MainActor
  func host<V: View>(_ content: @escaping @MainActor () -> V) -> HostingWindow<AnyTestView> {
    // NB: setUp opened the display, so the only error HostingWindow can throw cannot happen.
    guard
      let host = try? HostingWindow(
        title: name, width: 400, height: 300, content: { AnyTestView(content) })
    else { preconditionFailure("HostingWindow failed after GTK was initialised") }
    hosts.append(host)
    return host
  }
}

/// Type-erases a test's root view so every test can share `GtkTestCase.host`.
struct AnyTestView: View {
  let make: @MainActor () -> any View

  init<V: View>(_ make: @escaping @MainActor () -> V) {
    self.make = make
  }

  var body: some View { ErasedView(view: make()) }
}

/// Lets a test body return any view.
struct ErasedView: View, PrimitiveView, SwitchContent {
  let view: any View
  var content: any View { view }

  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    SwitchNode<ErasedView>(graph: graph, parent: parent, content: view)
  }
}

/// What GTK says about focus in `window`: its focus widget.
@MainActor
func focusWidget(_ window: Window) -> UnsafeMutablePointer<GtkWidget>? {
  gtk_root_get_focus(OpaquePointer(window.pointer))
}

/// Whether GTK's focus widget in the widget's window is the widget (for an editable, its
/// inner text).
@MainActor
func holdsFocus(_ widget: Widget?) -> Bool {
  guard let widget, let root = widget.root else { return false }
  let target = (widget as? EditableWidget)?.delegate ?? widget.pointer
  return gtk_root_get_focus(root) == target
}

/// The resolved foreground colour of the entry's inner text node, as GTK computes it.
@MainActor
func resolvedTextColor(_ entry: Entry) -> (red: Double, green: Double, blue: Double) {
  var rgba = GdkRGBA()
  cgtk_widget_get_color(entry.delegate, &rgba)
  return (Double(rgba.red), Double(rgba.green), Double(rgba.blue))
}

/// One text field's state, held by the test like an app model, counting binding writes.
@MainActor
@Observable
final class FieldModel {
  var text = ""
  var focused = false
  var enabled = true
  var maxLength = 0
  var color: Color? = nil
  var rawCSS: String? = nil
  var font: Font? = nil
  /// Read by the configuration closure only, to force an update that changes nothing else.
  var revision = 0

  @ObservationIgnored var textWrites: [String] = []
  @ObservationIgnored var focusWrites: [Bool] = []
  @ObservationIgnored weak var entry: Entry?

  init(text: String = "", focused: Bool = false) {
    self.text = text
    self.focused = focused
  }

  var textBinding: Binding<String> {
    Binding(
      get: { self.text },
      set: {
        self.textWrites.append($0)
        self.text = $0
      })
  }

  var focusBinding: Binding<Bool> {
    Binding(
      get: { self.focused },
      set: {
        self.focusWrites.append($0)
        self.focused = $0
      })
  }

  /// A field bound to this model, whose configuration reads the style properties.
  var field: LegacyTextField {
    LegacyTextField(text: textBinding, isFirstResponder: focusBinding) { entry in
      self.entry = entry
      _ = self.revision
      entry.isSensitive = self.enabled
      entry.maxLength = self.maxLength
      entry.textColor = self.color
      entry.font = self.font
      if let css = self.rawCSS { entry.css(css) }
    }
  }
}

/// Counts warnings and criticals that GTK, GDK, GLib and friends log during the suite (the
/// "GtkBridge" domain's own diagnostics are expected and not counted). GTK 4 logs through
/// GLib's structured log writer, which can be replaced once per process.
enum GLibWarnings {
  nonisolated(unsafe) static var messages: [String] = []
  nonisolated(unsafe) private static var installed = false

  static func install() {
    guard !installed else { return }
    installed = true
    g_log_set_writer_func(
      { level, fields, count, data in
        let severe = level.rawValue & (G_LOG_LEVEL_WARNING.rawValue | G_LOG_LEVEL_CRITICAL.rawValue)
        if severe != 0, let fields {
          var domain = ""
          var message = ""
          for index in 0..<Int(count) {
            let field = fields[index]
            guard let key = field.key, let value = field.value, field.length < 0 else { continue }
            let text = String(cString: value.assumingMemoryBound(to: CChar.self))
            if strcmp(key, "GLIB_DOMAIN") == 0 { domain = text }
            if strcmp(key, "MESSAGE") == 0 { message = text }
          }
          if domain != "GtkBridge" { GLibWarnings.messages.append("\(domain): \(message)") }
        }
        return g_log_writer_default(level, fields, count, data)
      }, nil, nil)
  }
}

/// Types `text` wherever GTK's focus is in `window`, one character a main-loop turn, as a
/// person keeps typing (GtkText's "insert-at-cursor").
@MainActor
func typeAtFocus(_ window: Window, _ text: String) {
  for character in text {
    guard let focus = focusWidget(window) else { return }
    cgtk_text_insert_at_cursor(focus, String(character))
    MainLoop.drain()
  }
}

/// The window's focus widget, if it is the inner text of an entry: that entry.
@MainActor
func focusedEntry(_ window: Window) -> UnsafeMutablePointer<GtkWidget>? {
  guard let focus = focusWidget(window), let parent = gtk_widget_get_parent(focus),
    isA(parent, gtk_entry_get_type())
  else { return nil }
  return parent
}

/// The rows of a `GtkListBox`, in the list's order (its sort), not the widget tree's; of a
/// `GtkListView` (a `List` of one `ForEach`), the rows GTK shows, in the model's order (GTK
/// reports each row's place).
@MainActor
func rows(of list: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
  var result: [UnsafeMutablePointer<GtkWidget>] = []
  if isA(list, gtk_list_view_get_type()) {
    // NB: in the order of GTK's `GtkListItem:position`; the widget tree's is not the model's
    // after a move.
    settleListView(list)
    // A section's header and footer are rows of a lazy list's model, but no rows of the
    // list's content (a list box makes them row headers): left out, as a list box's are.
    return ListViewTabStopType.handle(of: list)?.shownRows.map(\.widget).filter {
      gtk_widget_has_css_class($0, ListCSS.labelRowClass) == 0
    } ?? []
  }
  var index: gint = 0
  while let row = gtk_list_box_get_row_at_index(OpaquePointer(list), index) {
    result.append(UnsafeMutableRawPointer(row).assumingMemoryBound(to: GtkWidget.self))
    index += 1
  }
  return result
}

/// The widget behind the first `List` in `window`: a `GtkListBox`, or a `GtkListView` for a
/// list of one `ForEach`.
@MainActor
func listWidget(in window: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
  gtkTree(window).first { isA($0, gtk_list_box_get_type()) || isA($0, gtk_list_view_get_type()) }
}

/// Whether a list row (a `GtkListBoxRow` or a list view's row) shows as selected: GTK's
/// selected state flag, which both set.
@MainActor
func isSelectedRow(_ row: UnsafeMutablePointer<GtkWidget>) -> Bool {
  gtk_widget_get_state_flags(row).rawValue & GTK_STATE_FLAG_SELECTED.rawValue != 0
}

/// The list row around `widget`: its `GtkListBoxRow`, or the row widget of the `GtkListView`
/// it is in.
@MainActor
func enclosingRow(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
  if let row = gtk_widget_get_ancestor(widget, gtk_list_box_row_get_type()) { return row }
  var current: UnsafeMutablePointer<GtkWidget>? = widget
  while let child = current, let parent = gtk_widget_get_parent(child) {
    if isA(parent, gtk_list_view_get_type()) { return child }
    current = parent
  }
  return nil
}

/// How a list's rows can be selected: a `GtkListBox`'s selection mode, or what the selection
/// model of a `GtkListView` allows.
@MainActor
func listSelectionMode(_ list: UnsafeMutablePointer<GtkWidget>) -> GtkSelectionMode {
  guard isA(list, gtk_list_view_get_type()) else {
    return gtk_list_box_get_selection_mode(OpaquePointer(list))
  }
  let model = UnsafeMutableRawPointer(gtk_list_view_get_model(OpaquePointer(list)))
    .assumingMemoryBound(to: GTypeInstance.self)
  if g_type_check_instance_is_a(model, gtk_single_selection_get_type()) != 0 {
    return GTK_SELECTION_SINGLE
  }
  if g_type_check_instance_is_a(model, gtk_multi_selection_get_type()) != 0 {
    return GTK_SELECTION_MULTIPLE
  }
  return GTK_SELECTION_NONE
}

/// Activates a list row as Return on it does, with the keyboard focus on it first: GTK's
/// activate signal of a `GtkListBoxRow` and of a list view's row alike.
@MainActor
func activateRow(_ row: UnsafeMutablePointer<GtkWidget>) {
  focusListRow(row)
  gtk_widget_activate(row)
}

/// Gives the keyboard focus to a list row itself. NB: GTK 4.8's list view row hands
/// `gtk_widget_grab_focus` to a focusable child, and refuses it in a list without
/// selection; GtkWidget's own `grab_focus` is what the arrow keys do.
@MainActor
@discardableResult
func focusListRow(_ row: UnsafeMutablePointer<GtkWidget>) -> Bool {
  if isA(row, gtk_list_box_row_get_type()) { return gtk_widget_grab_focus(row) != 0 }
  let base = g_type_class_peek(gtk_widget_get_type())!.assumingMemoryBound(to: GtkWidgetClass.self)
  return base.pointee.grab_focus(row) != 0
}

/// Selects `row` in its list as a click on it does (replacing the selection), or with
/// `adding`, as a Ctrl-click adds it. A `GtkListBoxRow` through `gtk_list_box_select_row`; a
/// list view's row through its "listitem.select" action (what a click runs).
@MainActor
func selectListRow(_ row: UnsafeMutablePointer<GtkWidget>, adding: Bool = false) {
  if isA(row, gtk_list_box_row_get_type()) {
    gtk_list_box_select_row(
      OpaquePointer(gtk_widget_get_parent(row)),
      UnsafeMutableRawPointer(row).assumingMemoryBound(to: GtkListBoxRow.self))
    return
  }
  var flags = [g_variant_new_boolean(adding ? 1 : 0), g_variant_new_boolean(0)]
  let parameter = flags.withUnsafeMutableBufferPointer {
    g_variant_new_tuple($0.baseAddress, 2)
  }
  gtk_widget_activate_action_variant(row, "listitem.select", parameter)
}

/// Selects every row of a list: `gtk_list_box_select_all`, or a list view's "list.select-all".
@MainActor
func selectAllRows(_ list: UnsafeMutablePointer<GtkWidget>) {
  if isA(list, gtk_list_box_get_type()) {
    gtk_list_box_select_all(OpaquePointer(list))
  } else {
    gtk_widget_activate_action_variant(list, "list.select-all", nil)
  }
}

/// Lets a shown list view lay its rows out: GTK 4.12 and later bind and unbind rows for a
/// change at the next frame's layout (4.8 at once).
@MainActor
func settleListView(_ list: UnsafeMutablePointer<GtkWidget>) {
  guard gtk_widget_get_mapped(list) != 0, let clock = gtk_widget_get_frame_clock(list) else {
    return
  }
  let start = gdk_frame_clock_get_frame_counter(clock)
  gtk_widget_queue_allocate(list)
  MainLoop.run(timeout: 0.5) { gdk_frame_clock_get_frame_counter(clock) > start }
}
