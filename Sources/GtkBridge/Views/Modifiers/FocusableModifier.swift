import CGtk

extension View {
  /// Makes this view a keyboard focus stop: Tab reaches it, a click focuses it, and
  /// `.focused` and `.onKeyPress` applied after it work on it.
  ///
  /// Sets `focusable`, `can-focus` and `focus-on-click` on the view's widget. A GtkLabel
  /// (`Text`) cannot hold focus unless it is selectable, and several widgets are not one stop,
  /// so those are placed in a focusable `GtkBox` that holds focus for them.
  ///
  /// ```swift
  /// Text(card.title)
  ///   .focusable()
  ///   .focused($focusedCard, equals: card.id)
  ///   .onKeyPress(.delete) { remove(card); return .handled }
  /// ```
  ///
  /// `false` takes a control out of the Tab order (it still reacts to the pointer).
  public func focusable(_ isFocusable: Bool = true) -> some View {
    FocusableView(content: self, isFocusable: isFocusable)
  }

  /// Draws no focus ring on this view and the views inside it while they have focus
  /// (`disabled: false` restores it). Focus itself is unchanged.
  ///
  /// GTK draws the ring as a CSS `outline` on `:focus-visible`; GtkBridge adds the class
  /// `gtkbridge-no-focus-ring`, which a display-wide stylesheet gives `outline: none`.
  ///
  /// ```swift
  /// Text(card.title).focusable().focusEffectDisabled()
  /// ```
  public func focusEffectDisabled(_ disabled: Bool = true) -> some View {
    modifier(FocusEffectModifier(disabled: disabled))
  }
}

/// What `.focusable(_:)` returns.
@usableFromInline
struct FocusableView<Content: View>: View, PrimitiveView {
  @usableFromInline var body: Never { unbuiltBody() }
  let content: Content
  let isFocusable: Bool

  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    FocusableNode(graph: graph, parent: parent, view: self)
  }
}

/// The node of a ``FocusableView``: the content's own widget made focusable, or a focusable
/// box around content that cannot hold focus itself.
@MainActor
final class FocusableNode<Content: View>: ViewNode {
  private var child: ViewNode!
  private var isFocusable: Bool
  /// The box around the content, while it needs one.
  private var box: Box?
  private var inherited = InheritedAttributes()
  /// The widget whose flags this node last set.
  private weak var flagged: Widget?

  init(graph: ViewGraph, parent: ViewNode?, view: FocusableView<Content>) {
    isFocusable = view.isFocusable
    super.init(graph: graph, parent: parent)
    child = graph.makeNode(for: view.content, parent: self)
    arrange()
  }

  override var childNodes: [ViewNode] { [child] }
  override var widgets: [Widget] { box.map { [$0] } ?? child.widgets }

  override func update(to view: any View) -> Bool {
    guard let view = view as? FocusableView<Content> else { return false }
    isDirty = false
    let previous = (child: child, changes: graph.widgetListChanges, box: box)
    let changed = isFocusable != view.isFocusable
    isFocusable = view.isFocusable
    if let new = replacement(for: child, with: view.content) { child = new }
    if graph.widgetListChanges != previous.changes || child !== previous.child
      || flagged == nil || changed
    {
      arrange()
      if box !== previous.box { super.widgetsChanged() }
    }
    return true
  }

  override func widgetsChanged() {
    guard child != nil else { return }
    let previous = box
    arrange()
    // NB: without a box the content's widgets are this node's: the parent re-syncs either way.
    if box !== previous || box == nil { super.widgetsChanged() }
  }

  override func applyInheritedAttributes() {
    if let box { inherited.apply(InheritedAttributes(environment), to: box) }
  }

  /// Controls that take focus (buttons, toggles, fields) are made focusable themselves; any
  /// other content goes in a focus box. NB: GTK 4.8 never moves Tab focus to a GtkBox, a
  /// GtkImage or a non-selectable GtkLabel, focusable or not.
  private func needsBox(_ widgets: [Widget]) -> Bool {
    guard isFocusable else { return false }
    guard widgets.count == 1, let widget = widgets.first else { return true }
    return !Self.takesFocus(widget)
  }

  private static func takesFocus(_ widget: Widget) -> Bool {
    let instance = widget.rawPointer.assumingMemoryBound(to: GTypeInstance.self)
    return [
      gtk_button_get_type(), gtk_check_button_get_type(), gtk_switch_get_type(),
      gtk_range_get_type(), gtk_spin_button_get_type(),
    ].contains {
      g_type_check_instance_is_a(instance, $0) != 0
    } || focusesInside(widget)
  }

  private func arrange() {
    let content = child.widgets
    if needsBox(content) {
      let box = self.box ?? Box(focusStop: GTK_ORIENTATION_VERTICAL)
      if self.box == nil {
        self.box = box
        inherited = InheritedAttributes()
        applyInheritedAttributes()
      }
      box.setChildren(content)
      setFlags(on: box, true)
    } else {
      if let box {
        box.setChildren([])
        self.box = nil
      }
      if let widget = content.first { setFlags(on: widget, isFocusable) }
    }
  }

  private func setFlags(on widget: Widget, _ focusable: Bool) {
    flagged = widget
    let pointer = widget.pointer
    if !focusable {
      if widget.containsFocus { widget.resignFocus() }
      gtk_widget_set_focusable(pointer, 0)
      return
    }
    // NB: a control that takes focus already (a button, or an entry through its inner text)
    // keeps its own rules, such as buttons not taking focus from a click.
    guard widget === box || gtk_widget_get_focusable(pointer) == 0, !Self.focusesInside(widget)
    else { return }
    gtk_widget_set_focusable(pointer, 1)
    gtk_widget_set_focus_on_click(pointer, 1)
    // NB: `.hidden()` turns can-focus off; a hidden view stays out of reach.
    if !InheritedAttributes(environment).hidden { gtk_widget_set_can_focus(pointer, 1) }
  }

  /// Entries and text editors, whose focus lives on an inner widget.
  private static func focusesInside(_ widget: Widget) -> Bool {
    if widget is TextEditorWidget { return true }
    let instance = widget.rawPointer.assumingMemoryBound(to: GTypeInstance.self)
    return g_type_check_instance_is_a(instance, gtk_editable_get_type()) != 0
      || g_type_check_instance_is_a(instance, gtk_scrolled_window_get_type()) != 0
  }

  override func dismantle() {
    child.dismantle()
    box?.setChildren([])
    super.dismantle()
  }
}

@usableFromInline
struct FocusEffectModifier: WidgetModifier {
  static var readsState: Bool { false }
  static let cssClass = "gtkbridge-no-focus-ring"

  let disabled: Bool

  func update(_ storage: Void, node: ModifierNode<some View, Self>) {
    FocusRingStyle.install()
    for widget in node.widgets {
      if disabled {
        gtk_widget_add_css_class(widget.pointer, Self.cssClass)
      } else {
        gtk_widget_remove_css_class(widget.pointer, Self.cssClass)
      }
    }
  }

  func dismantle(_ storage: Void, node: ModifierNode<some View, Self>) {
    for widget in node.widgets { gtk_widget_remove_css_class(widget.pointer, Self.cssClass) }
  }
}

/// The display-wide stylesheet behind `.focusEffectDisabled()`.
@MainActor
enum FocusRingStyle {
  private static var provider: UnsafeMutablePointer<GtkCssProvider>?

  static func install() {
    guard provider == nil, let display = gdk_display_get_default() else { return }
    let provider = gtk_css_provider_new()!
    cgtk_css_provider_load(
      provider,
      """
      .gtkbridge-no-focus-ring:focus-visible, .gtkbridge-no-focus-ring :focus-visible,
      .gtkbridge-no-focus-ring:focus-within, .gtkbridge-no-focus-ring :focus-within {
        outline: none;
      }
      """)
    gtk_style_context_add_provider_for_display(
      display, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    self.provider = provider
  }
}
