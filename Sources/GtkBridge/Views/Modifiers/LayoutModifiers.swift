import CGtk

/// Edges of a view, for `.padding`.
public struct Edge: OptionSet, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  public static let top = Edge(rawValue: 1)
  public static let leading = Edge(rawValue: 2)
  public static let bottom = Edge(rawValue: 4)
  public static let trailing = Edge(rawValue: 8)
  public static let horizontal: Edge = [.leading, .trailing]
  public static let vertical: Edge = [.top, .bottom]
  public static let all: Edge = [.horizontal, .vertical]
}

extension View {
  /// Adds space around the view (GTK widget margins): SwiftUI's `padding`.
  ///
  /// ```swift
  /// VStack { … }.padding(24)
  /// Text("Title").padding(.bottom, 8)
  /// ```
  public func padding(_ edges: Edge = .all, _ length: Int = 16) -> some View {
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

struct PaddingModifier: WidgetModifier {
  let edges: Edge
  let length: Int

  func update(_ storage: Void, node: ModifierNode<some View, Self>) {
    for widget in node.widgets {
      let pointer = widget.pointer
      func margin(_ edge: Edge) -> gint { edges.contains(edge) ? gint(length) : 0 }
      gtk_widget_set_margin_top(pointer, margin(.top))
      gtk_widget_set_margin_bottom(pointer, margin(.bottom))
      gtk_widget_set_margin_start(pointer, margin(.leading))
      gtk_widget_set_margin_end(pointer, margin(.trailing))
    }
  }
}

struct DisabledModifier: WidgetModifier {
  let isDisabled: Bool

  func update(_ storage: Void, node: ModifierNode<some View, Self>) {
    for widget in node.widgets where widget.isSensitive == isDisabled {
      widget.isSensitive = !isDisabled
    }
  }
}

extension View {
  /// Asks for a fixed size in pixels (GTK's size request): SwiftUI's `frame(width:height:)`.
  ///
  /// ```swift
  /// TextField("Code", text: $code).frame(width: 120)
  /// ```
  public func frame(width: Int? = nil, height: Int? = nil) -> some View {
    modifier(FrameModifier(width: width, height: height, fillsWidth: false, fillsHeight: false))
  }

  /// Lets the view take all the extra space its container has: SwiftUI's
  /// `frame(maxWidth: .infinity)` (GTK's `hexpand` / `vexpand`). Finite maxima are not
  /// supported by GTK boxes and are treated as "no extra space".
  ///
  /// ```swift
  /// HStack { Text("Name"); TextField("Name", text: $name).frame(maxWidth: .infinity) }
  /// ```
  public func frame(maxWidth: Double? = nil, maxHeight: Double? = nil) -> some View {
    modifier(
      FrameModifier(
        width: nil, height: nil, fillsWidth: maxWidth == .infinity,
        fillsHeight: maxHeight == .infinity))
  }
}

struct FrameModifier: WidgetModifier {
  let width: Int?
  let height: Int?
  let fillsWidth: Bool
  let fillsHeight: Bool

  func update(_ storage: Void, node: ModifierNode<some View, Self>) {
    for widget in node.widgets {
      let pointer = widget.pointer
      if width != nil || height != nil {
        gtk_widget_set_size_request(pointer, gint(width ?? -1), gint(height ?? -1))
      }
      if fillsWidth { gtk_widget_set_hexpand(pointer, 1) }
      if fillsHeight { gtk_widget_set_vexpand(pointer, 1) }
    }
  }
}
