import CGtk

/// Progress of a task: SwiftUI's `ProgressView`.
///
/// Without a value it is indeterminate, a spinning `GtkSpinner`; with one it is a
/// `GtkProgressBar` filled to `value / total` (clamped to 0…1). A title shows in a label
/// above. Both sit in a vertical `GtkBox`, so a view that gains or loses its value keeps
/// its place.
///
/// ```swift
/// ProgressView()                                   // loading…
/// ProgressView(value: downloaded, total: size)     // a bar
/// ProgressView("Uploading", value: 0.4)
/// ```
///
/// Under a ``ProgressViewStyle`` of the app's own, the progress view is that style's
/// `makeBody(configuration:)`.
public struct ProgressView: WidgetRepresentable, PrimitiveView {
  let title: String
  let fraction: Double?

  public var body: Never { fatalError("ProgressView is backed by a GTK widget, not by body") }

  /// What a custom style is given.
  var configuration: ProgressViewStyleConfiguration {
    ProgressViewStyleConfiguration(
      fractionCompleted: fraction,
      label: title.isEmpty
        ? nil
        : ProgressViewStyleConfiguration.Label(
          title: title, content: AnyView(Text(verbatim: title))))
  }

  /// The GTK spinner or bar, or, under a custom style, the style's body.
  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    guard parent?.environment.customProgressViewStyle != nil else {
      return RepresentableNode(graph: graph, parent: parent, representable: self)
    }
    return StyledControlNode(
      graph: graph, parent: parent, control: self,
      render: { progress, environment in
        guard let style = environment.customProgressViewStyle else { return AnyView(progress) }
        return style.makeBody(progress.configuration)
      },
      withoutStyle: { $0.customProgressViewStyle = nil })
  }

  /// An indeterminate progress view: a spinner.
  public init() {
    title = ""
    fraction = nil
  }

  /// An indeterminate progress view with a title above the spinner.
  public init(_ title: String) {
    self.title = title
    fraction = nil
  }

  /// A bar filled to `value / total`; a `nil` value shows a spinner.
  public init(value: Double?, total: Double = 1) {
    self.init("", value: value, total: total)
  }

  /// A titled bar filled to `value / total`; a `nil` value shows a spinner.
  public init(_ title: String, value: Double?, total: Double = 1) {
    self.title = title
    if let value, total > 0, value.isFinite, total.isFinite {
      fraction = min(max(value / total, 0), 1)
    } else {
      fraction = value == nil ? nil : 0
    }
  }

  /// The box's children: an optional title label and the spinner or bar.
  @MainActor
  public final class Coordinator {
    var label: LabelWidget?
    var spinner: Widget?
    var bar: Widget?
  }

  public func makeCoordinator() -> Coordinator { Coordinator() }

  public func makeWidget(context: Context) -> Widget {
    let box = Widget(retaining: gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!)
    updateWidget(box, context: context)
    return box
  }

  public func updateWidget(_ box: Widget, context: Context) {
    let coordinator = context.coordinator
    let gtkBox = box.pointer(as: GtkBox.self)
    if title.isEmpty {
      if let label = coordinator.label {
        gtk_box_remove(gtkBox, label.pointer)
        coordinator.label = nil
      }
    } else if let label = coordinator.label {
      if label.text != title { label.text = title }
    } else {
      let label = LabelWidget(title)
      label.xAlign = 0
      gtk_box_prepend(gtkBox, label.pointer)
      coordinator.label = label
      context.applyControlStyle(toMadeLater: label)
    }
    if let fraction {
      if let spinner = coordinator.spinner {
        gtk_box_remove(gtkBox, spinner.pointer)
        coordinator.spinner = nil
      }
      let bar: Widget
      if let existing = coordinator.bar {
        bar = existing
      } else {
        bar = Widget(retaining: gtk_progress_bar_new()!)
        gtk_box_append(gtkBox, bar.pointer)
        coordinator.bar = bar
        context.applyControlStyle(toMadeLater: bar)
      }
      if gtk_progress_bar_get_fraction(bar.opaquePointer) != fraction {
        gtk_progress_bar_set_fraction(bar.opaquePointer, fraction)
      }
    } else {
      if let bar = coordinator.bar {
        gtk_box_remove(gtkBox, bar.pointer)
        coordinator.bar = nil
      }
      if coordinator.spinner == nil {
        let spinner = Widget(retaining: gtk_spinner_new()!)
        gtk_spinner_start(spinner.opaquePointer)
        gtk_widget_set_halign(spinner.pointer, GTK_ALIGN_CENTER)
        gtk_box_append(gtkBox, spinner.pointer)
        coordinator.spinner = spinner
        context.applyControlStyle(toMadeLater: spinner)
      }
    }
  }
}

extension ProgressView: InputComparable {
  func hasSameInputs(as other: ProgressView) -> Bool {
    title == other.title && fraction == other.fraction
  }
}
