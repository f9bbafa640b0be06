/// What GtkBridgeTesting's inspection API reads: the views of a window that own a widget,
/// with their Swift types, in declaration order. SPI: `@_spi(Testing) import GtkBridge`.
public struct RepresentedView {
  /// The view's type, such as `TextField.self`.
  public let viewType: Any.Type
  /// The widget it made.
  public let widget: Widget
}

extension HostingWindow {
  /// Every ``WidgetRepresentable`` in the window (built-in controls and yours), depth first
  /// in declaration order, with the widget each one made.
  @_spi(Testing)
  public var representedViews: [RepresentedView] {
    graph.root?.subtree.compactMap { ($0 as? any InspectableNode)?.representedView } ?? []
  }
}

/// A node that owns a representable's widget.
@MainActor
protocol InspectableNode {
  var representedView: RepresentedView? { get }
}

extension RepresentableNode: InspectableNode {
  var representedView: RepresentedView? {
    // NB: nil only between init and makeWidget.
    guard let widget = widget as Widget? else { return nil }
    // NB: a field of any label type is a `TextField<Text>` to the inspection API, as
    // `find(TextField.self)` names it: a custom style's field is a `TextField<_Label>`.
    return RepresentedView(
      viewType: R.self is any AnyTextField.Type ? TextField<Text>.self : R.self, widget: widget)
  }
}

extension ButtonNode: InspectableNode {
  var representedView: RepresentedView? {
    RepresentedView(viewType: Button<Label>.self, widget: button)
  }
}
