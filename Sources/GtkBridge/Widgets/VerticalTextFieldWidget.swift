import CGtk

/// A handle on the widget of `TextField(_:text:axis: .vertical)`: a word-wrapped `GtkTextView`
/// in a `GtkScrolledWindow`, framed to look like an entry, that grows with its text from its
/// lower line limit to its upper one and then scrolls.
///
/// Keys follow a Mac's multi-line text field: Return submits (it runs the field's `onReturn`) and types
/// nothing; Alt-Return (Option-Return) and Ctrl-Return type a new line; Tab and Shift-Tab
/// move focus. The text, undo and focus are those of ``TextEditorWidget``.
///
/// ```swift
/// let field = VerticalTextFieldWidget()
/// field.lineLimits = LineLimits(lower: 2, upper: 5)
/// field.placeholderText = "Notes"
/// ```
@MainActor
public final class VerticalTextFieldWidget: TextEditorWidget {
  /// Runs when the user presses Return (with no Alt or Ctrl): the field's submit.
  var onReturn: VoidHandler?

  /// How many lines the field shows at least and at most; see ``LineLimits``.
  public var lineLimits = LineLimits() {
    didSet { if lineLimits != oldValue { applyLineLimits() } }
  }

  private let placeholder: UnsafeMutablePointer<GtkWidget>
  private var keys: EventController?
  private var keyConnection: SignalConnection?
  private var placeholderShown: SignalConnection?
  private var realized: SignalConnection?
  private var heightChanged: SignalConnection?

  /// The CSS class of the text view inside: what finds a vertical field's text in a widget
  /// tree (the launch rule's first text field).
  static let textViewClass = "gtkbridge-vertical-text-field"

  /// The GType of the frame, the widget itself (`entry` in CSS): what `.textFieldStyle`
  /// styles, as it styles entries.
  static var frameType: GType { textFieldFrameType }

  /// The space above and below the lines, in pixels: an entry's one line is about as tall.
  static let verticalMargin: Int32 = 6

  public init() {
    placeholder = gtk_label_new(nil)
    super.init(frame: gtk_widget_new_frame())
    let view = textViewWidget
    gtk_widget_add_css_class(view, Self.textViewClass)
    VerticalTextFieldStyle.install()
    // NB: Tab leaves the field, as in an entry (GtkTextView then emits "move-focus").
    gtk_text_view_set_accepts_tab(textView, 0)
    // NB: around the scrolled window, not in the text view (whose margins scroll with the
    // text): a field at its upper limit shows whole lines, not the top of the next one.
    if let overlay {
      gtk_widget_set_margin_top(UnsafeMutablePointer(overlay), Self.verticalMargin)
      gtk_widget_set_margin_bottom(UnsafeMutablePointer(overlay), Self.verticalMargin)
    }
    gtk_scrolled_window_set_propagate_natural_height(scrolledWindow, 1)
    gtk_scrolled_window_set_policy(scrolledWindow, GTK_POLICY_NEVER, GTK_POLICY_NEVER)
    let adjustment = gtk_scrolled_window_get_vadjustment(scrolledWindow)
    heightChanged = Signals.connect(UnsafeMutableRawPointer(adjustment!), "changed") {
      [weak self] in self?.applyHeight()
    }
    gtk_widget_set_valign(pointer, GTK_ALIGN_CENTER)
    gtk_widget_add_css_class(placeholder, "dim-label")
    gtk_label_set_xalign(OpaquePointer(placeholder), 0)
    gtk_widget_set_can_target(placeholder, 0)
    cgtk_accessible_set_boolean_state(placeholder, GTK_ACCESSIBLE_STATE_HIDDEN, 1)
    gtk_widget_set_visible(placeholder, 0)
    // NB: over the text view, not in it: a text view's own overlay child adds its height to
    // the view's (an empty field was three lines tall).
    gtk_widget_set_valign(placeholder, GTK_ALIGN_START)
    gtk_widget_set_halign(placeholder, GTK_ALIGN_START)
    gtk_overlay_add_overlay(overlay, placeholder)
    placeholderShown = connectChanged { [weak self] in self?.showPlaceholderIfEmpty() }
    watchKeys()
    // NB: the line height depends on the font, which CSS (a theme, `.font`) may change.
    realized = Signals.connect(UnsafeMutableRawPointer(view), "realize") {
      [weak self] in self?.applyLineLimits()
    }
    applyLineLimits()
  }

  /// Text shown while the field is empty: the title or prompt.
  public var placeholderText: String? {
    get {
      gtk_label_get_label(OpaquePointer(placeholder)).map { String(cString: $0) }
    }
    set {
      gtk_label_set_label(OpaquePointer(placeholder), newValue ?? "")
      // NB: assistive technologies read it from the text view, as from an entry's text.
      cgtk_accessible_set_placeholder(textViewWidget, newValue)
      showPlaceholderIfEmpty()
    }
  }

  private func showPlaceholderIfEmpty() {
    let show = gtk_text_buffer_get_char_count(buffer) == 0 && !(placeholderText ?? "").isEmpty
    if (gtk_widget_get_visible(placeholder) != 0) != show {
      gtk_widget_set_visible(placeholder, show ? 1 : 0)
    }
  }

  /// Return submits; Alt- or Ctrl-Return types a new line. In the capture phase, so ahead of
  /// the text view's own Return (a new line) — but after its input method, which may be
  /// composing and take the Return to commit.
  private func watchKeys() {
    let controller = EventController(gtk_event_controller_key_new())
    gtk_event_controller_set_propagation_phase(controller.pointer, GTK_PHASE_CAPTURE)
    let raw = controller.pointer
    keyConnection = KeyContext.connect(controller, released: false) {
      [weak self] keyval, _, state in
      guard let self else { return false }
      return returnPressed(keyval: keyval, state: state, controller: raw)
    }
    controller.attach(toWidget: textViewWidget)
    keys = controller
  }

  private func returnPressed(keyval: UInt32, state: GdkModifierType, controller: OpaquePointer)
    -> Bool
  {
    let returns = [GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter].map { UInt32($0) }
    guard returns.contains(keyval), gtk_text_view_get_editable(textView) != 0 else {
      return false
    }
    if let event = gtk_event_controller_get_current_event(controller),
      gtk_text_view_im_context_filter_keypress(textView, event) != 0
    {
      return true
    }
    let newLine = GDK_ALT_MASK.rawValue | GDK_CONTROL_MASK.rawValue
    if state.rawValue & newLine != 0 {
      insertNewLine()
    } else {
      onReturn?()
    }
    return true
  }

  /// Types a new line at the cursor, over the selection, as the user's edit (one undo step).
  func insertNewLine() {
    gtk_text_buffer_begin_user_action(buffer)
    gtk_text_buffer_delete_selection(buffer, 1, 1)
    gtk_text_buffer_insert_interactive_at_cursor(buffer, "\n", -1, 1)
    gtk_text_buffer_end_user_action(buffer)
    gtk_text_view_scroll_mark_onscreen(textView, gtk_text_buffer_get_insert(buffer))
  }

  /// The height of one line of the text view's font, in pixels.
  var lineHeight: Int32 {
    let layout = gtk_widget_create_pango_layout(textViewWidget, "Ag")
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    var width: Int32 = 0
    var height: Int32 = 0
    pango_layout_get_pixel_size(layout, &width, &height)
    return max(height, 1)
  }

  /// The heights, in pixels, of the lower and upper line limits (`nil`: no
  /// upper limit), as last measured.
  private var limitHeights: (lower: Int32, upper: Int32?) = (0, nil)

  /// Turns the limits into pixel heights with the font's line height, then sizes the field.
  private func applyLineLimits() {
    let line = lineHeight
    func height(_ lines: Int) -> Int32 {
      Int32(clamping: Int64(lines) * Int64(line))
    }
    limitHeights = (height(lineLimits.lowerBound), lineLimits.upperBound.map(height))
    // NB: the lower limit is the text view's own minimum: the field is at least that tall.
    gtk_widget_set_size_request(textViewWidget, -1, limitHeights.lower)
    applyHeight()
  }

  /// While the text fits under the upper limit the scrolled window does not scroll: its
  /// minimum height is the text's, so the field is as tall as its text also where GTK gives
  /// a widget only its minimum height (a `List` or `Form` row). Past the limit it is that
  /// tall and scrolls, with a scrollbar when the field is tall enough for one.
  ///
  /// NB: a scrolling policy adds the scrollbar's minimum height (46 pixels here) to the
  /// field's minimum, so a short field scrolls without one (`GTK_POLICY_EXTERNAL`).
  private func applyHeight() {
    guard let adjustment = gtk_scrolled_window_get_vadjustment(scrolledWindow) else { return }
    // The text's height; while not scrolling, the page's.
    let text = gtk_adjustment_get_upper(adjustment)
    var wanted = GTK_POLICY_NEVER
    if let upper = limitHeights.upper, text > Double(upper) {
      var scrollbar: Int32 = 0
      if let bar = gtk_scrolled_window_get_vscrollbar(scrolledWindow) {
        gtk_widget_measure(bar, GTK_ORIENTATION_VERTICAL, -1, &scrollbar, nil, nil, nil)
      }
      wanted = upper >= scrollbar ? GTK_POLICY_AUTOMATIC : GTK_POLICY_EXTERNAL
      if contentHeightRange != (upper, upper) {
        gtk_scrolled_window_set_max_content_height(scrolledWindow, -1)
        gtk_scrolled_window_set_min_content_height(scrolledWindow, upper)
        gtk_scrolled_window_set_max_content_height(scrolledWindow, upper)
      }
    }
    var horizontal = GTK_POLICY_NEVER
    var vertical = GTK_POLICY_NEVER
    gtk_scrolled_window_get_policy(scrolledWindow, &horizontal, &vertical)
    if vertical != wanted {
      gtk_scrolled_window_set_policy(scrolledWindow, GTK_POLICY_NEVER, wanted)
    }
    if wanted == GTK_POLICY_NEVER, text > gtk_adjustment_get_page_size(adjustment) {
      resizeSoon()
    }
  }

  private var resizePending = false

  /// Queues a resize of the field once GTK's allocation is over. NB: a text view whose lines
  /// GTK measured after allocating it (its layout is validated later) asks for more height,
  /// but in a `GtkListBox` row (a `List` or `Form` row) the resize it queued was lost: the
  /// row kept the height of the field's first line (measured: two lines shown in one).
  private func resizeSoon() {
    guard !resizePending else { return }
    resizePending = true
    let box = Unmanaged.passRetained(WeakField(self)).toOpaque()
    g_idle_add_full(
      G_PRIORITY_HIGH_IDLE,
      { data in
        guard let data else { return 0 }
        let box = Unmanaged<WeakField>.fromOpaque(data).takeUnretainedValue()
        assumeMainActor {
          guard let field = box.field else { return }
          field.resizePending = false
          gtk_widget_queue_resize(field.pointer)
        }
        return 0
      }, box,
      { data in
        guard let data else { return }
        Unmanaged<WeakField>.fromOpaque(data).release()
      })
  }

  /// The pixel heights the scrolled window's content may take while it scrolls, as GTK holds
  /// them: lower and upper (`-1`: none).
  var contentHeightRange: (Int32, Int32) {
    (
      gtk_scrolled_window_get_min_content_height(scrolledWindow),
      gtk_scrolled_window_get_max_content_height(scrolledWindow)
    )
  }

  /// Whether the field scrolls: its text is taller than its upper line limit.
  var scrolls: Bool {
    var horizontal = GTK_POLICY_NEVER
    var vertical = GTK_POLICY_NEVER
    gtk_scrolled_window_get_policy(scrolledWindow, &horizontal, &vertical)
    return vertical != GTK_POLICY_NEVER
  }
}

/// The field an idle callback resizes, if it still exists.
private final class WeakField {
  weak var field: VerticalTextFieldWidget?
  init(_ field: VerticalTextFieldWidget) { self.field = field }
}

/// A `GtkBox` whose CSS name is `entry`, so the theme draws it as an entry: border, background,
/// the focus ring while the text view inside has focus, the dimmed look when disabled.
///
/// NB: registered from Swift (class and instance are `GtkBox`'s, only the CSS name differs).
private let textFieldFrameType: GType = g_type_register_static_simple(
  gtk_box_get_type(), "GtkBridgeTextFieldFrame", guint(MemoryLayout<GtkBoxClass>.size),
  { klass, _ in
    gtk_widget_class_set_css_name(klass?.assumingMemoryBound(to: GtkWidgetClass.self), "entry")
  }, guint(MemoryLayout<GtkBox>.size), nil, GTypeFlags(rawValue: 0))

@MainActor
private func gtk_widget_new_frame() -> UnsafeMutablePointer<GtkWidget> {
  let frame = g_object_new_with_properties(textFieldFrameType, 0, nil, nil)!
  return UnsafeMutableRawPointer(frame).assumingMemoryBound(to: GtkWidget.self)
}

/// The text view inside a vertical text field draws no background of its own: the frame's
/// (the theme's entry) shows through, as behind an entry's text.
@MainActor
private enum VerticalTextFieldStyle {
  static var installed = false

  static func install() {
    guard !installed, let display = gdk_display_get_default() else { return }
    installed = true
    let provider = gtk_css_provider_new()!
    cgtk_css_provider_load(
      provider,
      """
      textview.gtkbridge-vertical-text-field, textview.gtkbridge-vertical-text-field > text {
        background: none;
      }
      """)
    // NB: above the theme (GTK 4.8 loads it at SETTINGS priority; see `ListCSS`), below
    // an application's stylesheet.
    gtk_style_context_add_provider_for_display(
      display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_SETTINGS) + 1)
    g_object_unref(provider)
  }
}
