import CGtk

/// A choice of one value among several: SwiftUI's `Picker`.
///
/// The choices are the content's views: each ``Text`` (or ``Label``) is one, standing for its
/// `.tag(_:)` value, or for its element's id inside a `ForEach`. The title is a label before
/// the control; the control follows ``View/pickerStyle(_:)``: a `GtkDropDown` unless told
/// (see ``PickerStyle``). Choosing writes the binding; a value the app writes is shown, and a
/// value no choice is tagged with shows no choice selected.
///
/// ```swift
/// enum Flavor: Hashable { case chocolate, vanilla }
/// @State var flavor = Flavor.chocolate
///
/// Picker("Flavor", selection: $flavor) {
///   Text("Chocolate").tag(Flavor.chocolate)
///   Text("Vanilla").tag(Flavor.vanilla)
/// }
/// ```
public struct Picker<SelectionValue: Hashable>: WidgetRepresentable {
  let title: String
  @Binding var selection: SelectionValue
  let options: [PickerOption]

  /// - Parameters:
  ///   - title: the label before the control.
  ///   - selection: the chosen value.
  ///   - content: the choices.
  public init<Content: View>(
    _ title: String, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content
  ) {
    self.title = title
    self._selection = selection
    options = PickerOption.options(in: content())
  }

  /// A picker labelled by a view (its text, when it is a ``Text``, is the title).
  public init<Content: View, Label: View>(
    selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content,
    @ViewBuilder label: () -> Label
  ) {
    self.init(label().plainText, selection: selection, content: content)
  }

  /// The older spelling: `Picker(selection: $x, label: Text("Size")) { … }`.
  public init<Content: View, Label: View>(
    selection: Binding<SelectionValue>, label: Label, @ViewBuilder content: () -> Content
  ) {
    self.init(label.plainText, selection: selection, content: content)
  }

  /// The title label, the control, and their signal connections.
  @MainActor
  public final class Coordinator {
    var selection: Binding<SelectionValue>
    let label = LabelWidget()
    var control: Widget?
    var kind: PickerKind?
    var titles: [String] = []
    var tags: [AnyHashable?] = []
    /// The title last set as the control's accessible label.
    var labelledTitle: String?
    /// The drop-down's "notify::selected", or each button's "toggled".
    var connections: [ConnectionHolder] = []

    init(selection: Binding<SelectionValue>) { self.selection = selection }

    /// The user chose the option at `index`: its value is written, then the control shows
    /// what the binding holds (a choice standing for no value, or a setter that refuses it,
    /// puts the control back).
    func chose(_ index: Int) {
      let tag = tags.indices.contains(index) ? tags[index] : nil
      let value = tag?.base as? SelectionValue
      MainLoop.performOutsideUpdate { [weak self] in
        guard let self else { return }
        if let value { self.selection.setIfChanged(value) }
        self.showCurrent()
      }
    }

    /// Shows the binding's value: the choice tagged with it, or none.
    func showCurrent() {
      guard let control, let kind else { return }
      let current = AnyHashable(selection.wrappedValue)
      let index = tags.firstIndex { $0 == current }
      blocked {
        switch kind {
        case .menu:
          (control as? DropDownWidget)?.selected = index
        case .segmented, .radio:
          var button = gtk_widget_get_first_child(control.pointer)
          var position = 0
          while let current = button {
            Self.setActive(current, position == index, segmented: kind == .segmented)
            position += 1
            button = gtk_widget_get_next_sibling(current)
          }
        }
      }
    }

    private static func setActive(
      _ button: UnsafeMutablePointer<GtkWidget>, _ active: Bool, segmented: Bool
    ) {
      let raw = UnsafeMutableRawPointer(button)
      if segmented {
        let toggle = raw.assumingMemoryBound(to: GtkToggleButton.self)
        if (gtk_toggle_button_get_active(toggle) != 0) != active {
          gtk_toggle_button_set_active(toggle, active ? 1 : 0)
        }
      } else {
        let check = raw.assumingMemoryBound(to: GtkCheckButton.self)
        if (gtk_check_button_get_active(check) != 0) != active {
          gtk_check_button_set_active(check, active ? 1 : 0)
        }
      }
    }

    func blocked(_ body: () -> Void) {
      var remaining = connections[...]
      func run() {
        guard let first = remaining.popFirst() else { return body() }
        first.connection?.blocked { run() } ?? run()
      }
      run()
    }
  }

  public func makeCoordinator() -> Coordinator { Coordinator(selection: $selection) }

  public func makeWidget(context: Context) -> Widget {
    let box = Widget(retaining: gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!)
    let label = context.coordinator.label
    label.xAlign = 0
    gtk_widget_set_hexpand(label.pointer, 1)
    LabelWidget.wrapAsText(label.pointer)
    gtk_box_append(box.pointer(as: GtkBox.self), label.pointer)
    return box
  }

  public func updateWidget(_ box: Widget, context: Context) {
    let coordinator = context.coordinator
    coordinator.selection = $selection
    if coordinator.label.text != title { coordinator.label.text = title }
    let labelHidden = title.isEmpty || context.environment[LabelsHiddenKey.self]
    gtk_widget_set_visible(coordinator.label.pointer, labelHidden ? 0 : 1)
    let kind = context.environment[PickerKindKey.self]
    let titles = options.map(\.title)
    coordinator.tags = options.map(\.tag)
    if coordinator.kind != kind || coordinator.titles != titles {
      rebuild(in: box, kind: kind, titles: titles, coordinator: coordinator)
      if let control = coordinator.control { context.applyControlStyle(toMadeLater: control) }
    }
    if let control = coordinator.control, coordinator.labelledTitle != title {
      coordinator.labelledTitle = title
      cgtk_accessible_set_label(control.pointer, title.isEmpty ? nil : title)
      (control as? DropDownWidget)?.setButtonAccessibleName(title.isEmpty ? nil : title)
    }
    coordinator.showCurrent()
  }

  private func rebuild(
    in box: Widget, kind: PickerKind, titles: [String], coordinator: Coordinator
  ) {
    coordinator.connections = []
    if let old = coordinator.control {
      gtk_box_remove(box.pointer(as: GtkBox.self), old.pointer)
    }
    coordinator.kind = kind
    coordinator.titles = titles
    let control: Widget
    switch kind {
    case .menu:
      let dropDown = DropDownWidget(titles: titles)
      control = dropDown
      coordinator.connections = [
        ConnectionHolder(
          dropDown.connect(notify: "selected") { [weak coordinator, weak dropDown] in
            guard let coordinator, let selected = dropDown?.selected else { return }
            coordinator.chose(selected)
          })
      ]
    case .segmented, .radio:
      let orientation = kind == .segmented ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL
      control = Widget(retaining: gtk_box_new(orientation, kind == .segmented ? 0 : 6)!)
      if kind == .segmented { control.addCSSClass("linked") }
      var first: UnsafeMutablePointer<GtkWidget>?
      for (index, title) in titles.enumerated() {
        let button: UnsafeMutablePointer<GtkWidget> =
          kind == .segmented
          ? gtk_toggle_button_new_with_label(title)! : gtk_check_button_new_with_label(title)!
        if let first {
          if kind == .segmented {
            gtk_toggle_button_set_group(
              UnsafeMutableRawPointer(button).assumingMemoryBound(to: GtkToggleButton.self),
              UnsafeMutableRawPointer(first).assumingMemoryBound(to: GtkToggleButton.self))
          } else {
            gtk_check_button_set_group(
              UnsafeMutableRawPointer(button).assumingMemoryBound(to: GtkCheckButton.self),
              UnsafeMutableRawPointer(first).assumingMemoryBound(to: GtkCheckButton.self))
          }
        } else {
          first = button
        }
        gtk_box_append(control.pointer(as: GtkBox.self), button)
        coordinator.connections.append(
          ConnectionHolder(
            SignalConnection.connect(button, "toggled") { [weak coordinator] in
              let active =
                kind == .segmented
                ? gtk_toggle_button_get_active(
                  UnsafeMutableRawPointer(button).assumingMemoryBound(to: GtkToggleButton.self))
                : gtk_check_button_get_active(
                  UnsafeMutableRawPointer(button).assumingMemoryBound(to: GtkCheckButton.self))
              if active != 0 { coordinator?.chose(index) }
            }))
      }
    }
    coordinator.control = control
    gtk_box_append(box.pointer(as: GtkBox.self), control.pointer)
    coordinator.labelledTitle = nil
  }

  public static func dismantleWidget(_ box: Widget, coordinator: Coordinator) {
    coordinator.connections = []
  }
}

/// Holds a non-copyable ``SignalConnection`` in a class, so a coordinator can keep a list of
/// them.
@MainActor
final class ConnectionHolder {
  var connection: SignalConnection?

  init(_ connection: consuming SignalConnection) {
    self.connection = consume connection
  }
}
