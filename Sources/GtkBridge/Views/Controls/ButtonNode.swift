import CGtk

/// The node of a ``Button``: a `GtkButton`, titled or holding its label view's widgets.
@MainActor
final class ButtonNode<Label: View>: ViewNode, RoleButtonNode {
  let button: ButtonWidget
  private var label: ViewNode?
  /// Holds the label's widgets when it has more than one (a `GtkButton` has one child).
  private var labelBox: Box?
  private var action: @MainActor () -> Void
  private var role: ButtonRole?
  private var clicked: SignalConnection?
  private var inherited = InheritedAttributes()
  /// The last value, for drawing a custom ``ButtonStyle`` again when the button's pressed
  /// state changes.
  private var view: Button<Label>
  /// Follows GTK's active state while a custom style draws the button.
  private var stateFlagsChanged: SignalConnection?
  /// The pressed state the custom style last drew.
  private var drawnPressed = false
  /// Whether a custom ``ButtonStyle`` draws this button: decided when it is made, as for
  /// toggles, so that an update of a plain button does not look the environment up.
  private let isCustomStyled: Bool

  init(graph: ViewGraph, parent: ViewNode?, button view: Button<Label>) {
    button = ButtonWidget(label: view.title ?? "")
    action = view.action
    self.view = view
    isCustomStyled = parent?.environment.customButtonStyle != nil
    super.init(graph: graph, parent: parent)
    clicked = button.connectClicked { [weak self] in
      guard let self else { return }
      let action = self.action
      // NB: an alert's buttons dismiss it after their action, as in SwiftUI.
      let environment = environment
      UpdateScheduler.shared.performOutsideUpdate {
        action()
        if environment.buttonsDismiss { environment.dismiss() }
      }
    }
    apply(view)
    applyInheritedAttributes()
  }

  var buttonRole: ButtonRole? { role }

  override func applyInheritedAttributes() {
    // NB: the button alone: the widgets inside are its label's views', which apply their own.
    inherited.apply(InheritedAttributes(environment), to: button, controls: .itself)
  }

  override var childNodes: [ViewNode] { label.map { [$0] } ?? [] }
  override var widgets: [Widget] { [button] }

  override func update(to view: any View) -> Bool {
    guard let view = view as? Button<Label> else { return false }
    isDirty = false
    apply(view)
    return true
  }

  private func apply(_ view: Button<Label>) {
    self.view = view
    action = view.action
    if view.role != role {
      if let old = role?.styleClass { button.removeCSSClass(old) }
      if let new = view.role?.styleClass { button.addCSSClass(new) }
      role = view.role
    }
    // NB: the style is read again on each update, as its values (a colour) may change.
    if isCustomStyled, let style = environment.customButtonStyle {
      applyCustomStyle(style, view)
      return
    }
    if stateFlagsChanged != nil {
      stateFlagsChanged = nil
      button.removeCSSClass(CustomButtonStyle.styleClass)
    }
    if let title = view.title {
      if let label {
        label.dismantle()
        self.label = nil
      }
      if button.label != title { button.label = title }
      nameFromContent()
    } else if let content = view.label {
      if let label {
        if let new = replacement(for: label, with: content) {
          self.label = new
          syncLabel()
        }
      } else {
        label = graph.makeNode(for: content, parent: self)
        syncLabel()
      }
      nameFromContent()
    }
  }

  /// Shows the style's body for this button, as its child: the `GtkButton` stays (focus,
  /// keys, the accessible role) without GTK's frame, and is drawn again when it is pressed
  /// or let go.
  private func applyCustomStyle(_ style: CustomButtonStyle, _ view: Button<Label>) {
    if stateFlagsChanged == nil {
      GtkBridgeStyleClasses.install()
      button.addCSSClass(CustomButtonStyle.styleClass)
      stateFlagsChanged = button.connectStateFlagsChanged { [weak self] in
        guard let self, self.button.isPressed != self.drawnPressed else { return }
        self.apply(self.view)
      }
    }
    drawnPressed = button.isPressed
    let content: AnyView =
      if let title = view.title { AnyView(Text(verbatim: title)) } else { AnyView(view.label!) }
    let body = style.makeBody(
      ButtonStyleConfiguration(
        role: view.role, label: ButtonStyleConfiguration.Label(content: content),
        isPressed: drawnPressed))
    if let label = self.label {
      if let new = replacement(for: label, with: body) {
        self.label = new
        syncLabel()
      }
    } else {
      if !button.label.isEmpty { button.label = "" }
      label = graph.makeNode(for: body, parent: self)
      syncLabel()
    }
    nameFromContent()
  }

  /// A button is named by the texts it shows (`Label("Share", systemImage: …)` reads
  /// "Share"), or, showing only images, by them (`Image(systemName: "plus")` reads "Add"), as
  /// in SwiftUI. GTK 4.8 names a button by its `label` property only, so one made of views had
  /// no name but its type's; `.accessibilityLabel` wins over this name.
  private func nameFromContent() {
    let texts = button.gtkDescendants(ofType: gtk_label_get_type()).compactMap {
      gtk_label_get_text(OpaquePointer($0)).map { String(cString: $0) }
    }.filter { !$0.isEmpty }
    let names =
      !texts.isEmpty
      ? texts
      : button.gtkDescendants(ofType: gtk_image_get_type()).compactMap {
        cgtk_accessible_get_derived_label($0).map { String(cString: $0) }
      }
    button.setDerivedAccessibleName(names.isEmpty ? nil : names.joined(separator: " "))
  }

  override func widgetsChanged() {
    if label != nil { syncLabel() }
  }

  private func syncLabel() {
    guard let widgets = label?.widgets else { return }
    if widgets.count == 1 {
      labelBox = nil
      button.child = widgets[0]
    } else {
      let box = labelBox ?? Box(orientation: GTK_ORIENTATION_HORIZONTAL, spacing: 6)
      labelBox = box
      box.setChildren(widgets)
      button.child = box
    }
  }

  override func dismantle() {
    label?.dismantle()
    clicked = nil
    stateFlagsChanged = nil
    super.dismantle()
  }
}

/// A button node of any label type, for finding an alert's `.cancel` and default buttons.
@MainActor
protocol RoleButtonNode: AnyObject {
  var button: ButtonWidget { get }
  var buttonRole: ButtonRole? { get }
}
