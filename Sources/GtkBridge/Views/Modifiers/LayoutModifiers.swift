import CGtk

/// An edge of a view: SwiftUI's `Edge`.
public enum Edge: Sendable {
  case top, leading, bottom, trailing

  /// A set of edges, for `.padding`: SwiftUI's `Edge.Set`.
  public struct Set: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let top = Set(rawValue: 1)
    public static let leading = Set(rawValue: 2)
    public static let bottom = Set(rawValue: 4)
    public static let trailing = Set(rawValue: 8)
    public static let horizontal: Set = [.leading, .trailing]
    public static let vertical: Set = [.top, .bottom]
    public static let all: Set = [.horizontal, .vertical]
  }
}

extension View {
  /// Adds space around the view (GTK widget margins): SwiftUI's `padding`.
  ///
  /// ```swift
  /// VStack { … }.padding(24)
  /// Text("Title").padding(.bottom, 8)
  /// ```
  public func padding(_ edges: Edge.Set = .all, _ length: Int = 16) -> some View {
    modifier(PaddingModifier(edges: edges, length: length))
  }

  /// Adds `length` pixels on every edge.
  public func padding(_ length: Int) -> some View {
    padding(.all, length)
  }

  /// Makes the view (and everything inside it) insensitive: it shows as disabled and cannot
  /// take focus. Wraps `gtk_widget_set_sensitive`.
  ///
  /// ```swift
  /// TextField("Locked", text: $locked).disabled(true)
  /// ```
  public func disabled(_ isDisabled: Bool) -> some View {
    modifier(DisabledModifier(isDisabled: isDisabled))
  }
}

@usableFromInline
struct PaddingModifier: WidgetModifier {
  static var isRecyclable: Bool { true }
  static var readsState: Bool { false }

  let edges: Edge.Set
  let length: Int

  /// The edges this modifier set last time, to reset those it no longer includes.
  @MainActor
  final class Storage {
    var edges: Edge.Set = []
  }

  func makeStorage(node: ModifierNode<some View, Self>) -> Storage { Storage() }

  func update(_ storage: Storage, node: ModifierNode<some View, Self>) {
    // NB: only this modifier's edges, so `.padding(.bottom, 8).padding(.horizontal, 12)`
    // keeps both. GTK margins do not nest: on one edge, the outermost padding wins.
    for widget in node.widgets {
      let pointer = widget.pointer
      let setters: [(Edge.Set, (UnsafeMutablePointer<GtkWidget>?, gint) -> Void)] = [
        (.top, gtk_widget_set_margin_top), (.bottom, gtk_widget_set_margin_bottom),
        (.leading, gtk_widget_set_margin_start), (.trailing, gtk_widget_set_margin_end),
      ]
      for (edge, set) in setters {
        if edges.contains(edge) {
          set(pointer, gint(length))
        } else if storage.edges.contains(edge) {
          set(pointer, 0)
        }
      }
    }
    storage.edges = edges
  }
}

@usableFromInline
struct DisabledModifier: WidgetModifier {
  static var isRecyclable: Bool { true }
  static var readsState: Bool { false }

  let isDisabled: Bool

  @MainActor
  final class Storage {
    var isDisabled: Bool
    init(_ isDisabled: Bool) { self.isDisabled = isDisabled }
  }

  func makeStorage(node: ModifierNode<some View, Self>) -> Storage {
    EnvironmentDependents.declare(.value(\EnvironmentValues.isEnabled))
    return Storage(isDisabled)
  }

  func modifyEnvironment(_ environment: inout EnvironmentValues) {
    if isDisabled { environment.isEnabled = false }
  }

  func update(_ storage: Storage, node: ModifierNode<some View, Self>) {
    // NB: the widgets below applied the environment when they were made; only a change
    // walks them again.
    guard storage.isDisabled != isDisabled else { return }
    storage.isDisabled = isDisabled
    node.inheritedAttributesChanged()
    // NB: views below that read `@Environment(\.isEnabled)` (a custom control dimming its
    // label) re-run as for any environment modifier: one whose parent skipped its `body`
    // (same inputs) would otherwise keep showing the old value.
    EnvironmentDependents.changed(.value(\EnvironmentValues.isEnabled), below: node)
  }
}

extension View {
  /// Hides the view but keeps its place in the layout: SwiftUI's `hidden()`. A hidden view
  /// is not drawn, takes no input and cannot take focus, nor can anything inside it: a focus
  /// request for a field in it reads back as the truth (`nil`, or the field that has focus).
  ///
  /// ```swift
  /// TextField("Code", text: $code).hidden()
  /// ```
  public func hidden() -> some View {
    modifier(HiddenModifier())
  }
}

@usableFromInline
struct HiddenModifier: WidgetModifier {
  static var isRecyclable: Bool { true }
  /// No `update`: nothing to track (tracked, every update cost an observation scope).
  static var readsState: Bool { false }

  func modifyEnvironment(_ environment: inout EnvironmentValues) {
    environment.isHidden = true
  }
}

extension View {
  /// Asks for a size in pixels (GTK's size request): SwiftUI's `frame(width:height:alignment:)`.
  /// A label inside aligns its text by `alignment`.
  ///
  /// ```swift
  /// TextField("Code", text: $code).frame(width: 120)
  /// ```
  public func frame(width: Int? = nil, height: Int? = nil, alignment: Alignment = .center)
    -> some View
  {
    modifier(
      FrameModifier(
        width: width, height: height, fillsWidth: false, fillsHeight: false,
        alignment: alignment, fixesWidth: width != nil))
  }

  /// The same in `CGFloat`, as SwiftUI declares it.
  public func frame(width: CGFloat?, height: CGFloat? = nil, alignment: Alignment = .center)
    -> some View
  {
    frame(width: width.map(pixels), height: height.map(pixels), alignment: alignment)
  }

  /// SwiftUI's flexible frame, on GTK's size requests and expansion:
  ///
  /// - `minWidth` / `minHeight`: the size request (the widget never gets less).
  /// - `maxWidth` / `maxHeight` `.infinity`: `hexpand` / `vexpand`, the view takes the extra
  ///   space; a finite maximum cannot cap a GTK widget and means "no extra space".
  /// - `idealWidth` / `idealHeight`: accepted and ignored (GTK's natural size is the
  ///   widget's own).
  /// - `alignment`: where a label inside puts its text (`xalign` / `yalign`).
  ///
  /// ```swift
  /// Text("Email").frame(maxWidth: .infinity, alignment: .leading)
  /// ```
  public func frame(
    minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
    minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
    alignment: Alignment = .center
  ) -> some View {
    modifier(
      FrameModifier(
        width: minWidth.map(pixels), height: minHeight.map(pixels),
        fillsWidth: maxWidth == .infinity, fillsHeight: maxHeight == .infinity,
        alignment: alignment))
  }
}

/// A length in whole pixels, from a `CGFloat` that may be anything.
private func pixels(_ value: CGFloat) -> Int {
  let value = Double(value)
  guard value.isFinite else { return 0 }
  return Int(min(max(value.rounded(), 0), 100_000))
}

@usableFromInline
struct FrameModifier: WidgetModifier {
  static var isRecyclable: Bool { true }
  let width: Int?
  let height: Int?
  let fillsWidth: Bool
  let fillsHeight: Bool
  var alignment: Alignment = .center
  /// `frame(width:)`: exactly that width, so a view that takes the width it is offered (a
  /// text field) takes no more.
  var fixesWidth = false

  /// What this modifier set last time, to undo what it no longer asks for.
  @MainActor
  final class Storage {
    /// Whether a widget's `hexpand` (or `vexpand`) was set, and its value.
    typealias Expand = (isSet: Bool, value: Bool)
    /// The `hexpand` of each widget whose width this modifier fixed, from before (whether it
    /// was set, and its value), given back when the width is no longer fixed.
    var ownExpand: [ObjectIdentifier: Expand] = [:]
    /// Each filled widget's own `hexpand` and `vexpand`, from before it was filled: given
    /// back when it no longer fills (as a widget built without the fill has them).
    var ownFill: [ObjectIdentifier: (width: Expand?, height: Expand?)] = [:]
    /// Each aligned label's own alignment, from before it was aligned: given back when the
    /// alignment is the centre again (a ``Text`` is leading, not centred).
    var ownAlignment: [ObjectIdentifier: (x: Double, y: Float)] = [:]
    var sized = false
  }

  func makeStorage(node: ModifierNode<some View, Self>) -> Storage { Storage() }

  func update(_ storage: Storage, node: ModifierNode<some View, Self>) {
    let sized = width != nil || height != nil
    let aligned = alignment != .center
    let widgets = node.widgets
    // NB: what this modifier no longer asks for is given back as the widget had it, so a
    // view updated from `.frame(maxWidth: .infinity)` to none is the view built without it
    // (a lazy row recycled for another element: `LazyForEachNode.park`).
    if !storage.ownFill.isEmpty || !storage.ownAlignment.isEmpty {
      // NB: a widget the view no longer shows (it swapped its widget) keeps what it has.
      let shown = { (id: ObjectIdentifier) in widgets.contains { ObjectIdentifier($0) == id } }
      storage.ownFill = storage.ownFill.filter { shown($0.key) }
      storage.ownAlignment = storage.ownAlignment.filter { shown($0.key) }
    }
    for widget in widgets {
      let pointer = widget.pointer
      let id = ObjectIdentifier(widget)
      if sized || storage.sized {
        gtk_widget_set_size_request(pointer, gint(width ?? -1), gint(height ?? -1))
      }
      unfill(widget, storage)
      fixWidth(of: widget, storage)
      if fillsWidth || fillsHeight {
        var own = storage.ownFill[id] ?? (nil, nil)
        if fillsWidth {
          if own.width == nil {
            own.width = (
              gtk_widget_get_hexpand_set(pointer) != 0, gtk_widget_get_hexpand(pointer) != 0
            )
          }
          gtk_widget_set_hexpand(pointer, 1)
        }
        if fillsHeight {
          if own.height == nil {
            own.height = (
              gtk_widget_get_vexpand_set(pointer) != 0, gtk_widget_get_vexpand(pointer) != 0
            )
          }
          gtk_widget_set_vexpand(pointer, 1)
        }
        storage.ownFill[id] = own
      }
      if let label = widget as? LabelWidget {
        if aligned {
          if storage.ownAlignment[id] == nil {
            storage.ownAlignment[id] = (label.xAlign, gtk_label_get_yalign(label.opaquePointer))
          }
          label.xAlign = Double(alignment.horizontal.fraction)
          gtk_label_set_yalign(label.opaquePointer, alignment.vertical.fraction)
        } else if let own = storage.ownAlignment.removeValue(forKey: id) {
          label.xAlign = own.x
          gtk_label_set_yalign(label.opaquePointer, own.y)
        }
      }
    }
    if !fixesWidth { storage.ownExpand = [:] }
    storage.sized = sized
  }

  /// Gives `widget` its own `hexpand` or `vexpand` back where this modifier filled it and
  /// no longer does.
  @MainActor
  private func unfill(_ widget: Widget, _ storage: Storage) {
    let id = ObjectIdentifier(widget)
    guard var own = storage.ownFill[id] else { return }
    let pointer = widget.pointer
    if !fillsWidth, let width = own.width {
      gtk_widget_set_hexpand(pointer, width.value ? 1 : 0)
      if !width.isSet { gtk_widget_set_hexpand_set(pointer, 0) }
      own.width = nil
    }
    if !fillsHeight, let height = own.height {
      gtk_widget_set_vexpand(pointer, height.value ? 1 : 0)
      if !height.isSet { gtk_widget_set_vexpand_set(pointer, 0) }
      own.height = nil
    }
    storage.ownFill[id] = own.width == nil && own.height == nil ? nil : own
  }

  /// Keeps a fixed-width widget from expanding, or gives it its own `hexpand` back.
  @MainActor
  private func fixWidth(of widget: Widget, _ storage: Storage) {
    let pointer = widget.pointer
    let id = ObjectIdentifier(widget)
    if fixesWidth {
      if storage.ownExpand[id] == nil {
        storage.ownExpand[id] = (
          gtk_widget_get_hexpand_set(pointer) != 0, gtk_widget_get_hexpand(pointer) != 0
        )
      }
      if gtk_widget_get_hexpand(pointer) != 0 { gtk_widget_set_hexpand(pointer, 0) }
    } else if let own = storage.ownExpand[id] {
      gtk_widget_set_hexpand(pointer, own.value ? 1 : 0)
      if !own.isSet { gtk_widget_set_hexpand_set(pointer, 0) }
    }
  }
}
