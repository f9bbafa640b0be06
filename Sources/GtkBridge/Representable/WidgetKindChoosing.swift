/// A built-in control whose widget's kind depends on its inputs: an ``Image`` of a texture is
/// a `GtkPicture`, of an icon a `GtkImage`. A new value that needs the other kind replaces the
/// node, widget and all (as a new view would be), instead of updating a widget that cannot
/// show it: a state change from an icon to a picture, or a recycled lazy row
/// (``RecyclableRepresentable``) taken for another element.
@MainActor
protocol WidgetKindChoosing: WidgetRepresentable {
  /// Whether `widget`, made for another value of this control, can show this one.
  func fits(_ widget: WidgetType) -> Bool
}

extension WidgetKindChoosing {
  /// `fits(_:)` for a widget known only as the representable's (`RepresentableNode`).
  func fits(any widget: Any) -> Bool {
    guard let widget = widget as? WidgetType else { return false }
    return fits(widget)
  }
}

extension Image: WidgetKindChoosing {
  func fits(_ widget: Widget) -> Bool { (widget is PictureWidget) == (texture != nil) }
}

extension Image: RecyclableRepresentable {}
