import CGtk

/// An icon and a title side by side: SwiftUI's `Label`, a horizontal `GtkBox` with a
/// `GtkImage` and a `GtkLabel`.
///
/// The icon name goes through the same table as ``Image/init(systemName:)``. (The handle on
/// a bare `GtkLabel`, the widget behind ``Text``, is ``LabelWidget``.)
///
/// ```swift
/// Label("Search", systemImage: "magnifyingglass")
/// Label("Wi-Fi", image: "network-wireless-symbolic")
/// ```
///
/// `.labelStyle(.iconOnly)` and `.titleOnly` hide a part; under a ``LabelStyle`` of the app's
/// own, the label is that style's `makeBody(configuration:)`.
public struct Label: WidgetRepresentable, PrimitiveView {
  let title: String
  let iconName: String
  /// The title and icon views it was given, for a custom style's configuration.
  var titleView: AnyView?
  var iconView: AnyView?

  /// A title with the freedesktop icon for SF Symbol `systemImage`.
  public init(_ title: String, systemImage: String) {
    self.title = title
    iconName = Image.iconName(forSystemName: systemImage)
  }

  /// A title with a theme icon by its freedesktop name, such as "folder-symbolic".
  public init(_ title: String, image: String) {
    self.title = title
    iconName = image
  }

  /// A label made of views: `Label { Text("Mail") } icon: { Image(systemName: "envelope") }`.
  /// The title's text (when it is a ``Text``) and the icon (when it is an ``Image``) are used.
  public init<Title: View, Icon: View>(
    @ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon
  ) {
    let title = title()
    let icon = icon()
    self.title = (title as? Text)?.content ?? ""
    iconName = (icon as? Image)?.iconName ?? "image-missing"
    titleView = AnyView(title)
    iconView = AnyView(icon)
  }

  public var body: Never { fatalError("Label is backed by a GTK widget, not by body") }

  /// What a custom style is given.
  var configuration: LabelStyleConfiguration {
    LabelStyleConfiguration(
      title: LabelStyleConfiguration.Title(content: titleView ?? AnyView(Text(verbatim: title))),
      icon: LabelStyleConfiguration.Icon(content: iconView ?? AnyView(Image(icon: iconName))))
  }

  /// The GTK box, or, under a custom style, the style's body.
  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    guard parent?.environment.customLabelStyle != nil else {
      return RepresentableNode(graph: graph, parent: parent, representable: self)
    }
    return StyledControlNode(
      graph: graph, parent: parent, control: self,
      render: { label, environment in
        guard let style = environment.customLabelStyle else { return AnyView(label) }
        return style.makeBody(label.configuration)
      },
      withoutStyle: { $0.customLabelStyle = nil })
  }

  /// The box's image and label.
  @MainActor
  public final class Coordinator {
    let image = Widget.decorativeImage()
    let label = LabelWidget()
  }

  public func makeCoordinator() -> Coordinator { Coordinator() }

  public func makeWidget(context: Context) -> Widget {
    let box = Widget(retaining: gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!)
    let coordinator = context.coordinator
    coordinator.label.xAlign = 0
    gtk_box_append(box.pointer(as: GtkBox.self), coordinator.image.pointer)
    gtk_box_append(box.pointer(as: GtkBox.self), coordinator.label.pointer)
    updateWidget(box, context: context)
    return box
  }

  public func updateWidget(_ box: Widget, context: Context) {
    let coordinator = context.coordinator
    if coordinator.label.text != title { coordinator.label.text = title }
    let image = coordinator.image.opaquePointer
    if gtk_image_get_icon_name(image).map({ String(cString: $0) }) != iconName {
      gtk_image_set_from_icon_name(image, iconName)
    }
    let display = context.environment.labelDisplay
    coordinator.image.isVisible = display != .titleOnly
    coordinator.label.isVisible = display != .iconOnly
    // NB: an icon-only label is still named by its title, as SwiftUI's is.
    box.setDerivedAccessibleName(display == .iconOnly ? title : nil)
  }
}

extension Label: InputComparable {
  func hasSameInputs(as other: Label) -> Bool {
    title == other.title && iconName == other.iconName
  }

  var readsObservableState: Bool { false }
}
