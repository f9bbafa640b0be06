import GtkBridge

/// A handle on a `GtkColorButton`: a swatch that opens GTK's colour chooser.
final class ColorButton: Widget {
  init() {
    super.init(retaining: gtk_color_button_new())
  }

  /// Wraps `gtk_color_chooser_get_rgba` / `gtk_color_chooser_set_rgba` (GtkColorButton is a
  /// GtkColorChooser; both are opaque in C).
  var color: Color {
    get {
      var rgba = GdkRGBA()
      gtk_color_chooser_get_rgba(opaquePointer, &rgba)
      return Color(
        red: Double(rgba.red), green: Double(rgba.green), blue: Double(rgba.blue),
        alpha: Double(rgba.alpha))
    }
    set {
      var rgba = GdkRGBA(
        red: Float(newValue.red), green: Float(newValue.green), blue: Float(newValue.blue),
        alpha: Float(newValue.alpha))
      gtk_color_chooser_set_rgba(opaquePointer, &rgba)
    }
  }
}

/// A colour button bound to a `Color`: SwiftUI's `ColorPicker`.
struct ColorPicker: WidgetRepresentable {
  let title: String
  @Binding var selection: Color

  @MainActor final class Coordinator {
    var selection: Binding<Color>
    var rgbaChanged: SignalConnection?
    init(selection: Binding<Color>) { self.selection = selection }
  }

  func makeCoordinator() -> Coordinator { Coordinator(selection: $selection) }

  func makeWidget(context: Context) -> ColorButton {
    let button = ColorButton()
    let coordinator = context.coordinator
    // A property change, not a signal of its own: "notify::rgba".
    coordinator.rgbaChanged = button.connect(notify: "rgba") { [weak button, weak coordinator] in
      guard let button, let coordinator else { return }
      coordinator.selection.setFromWidget(button.color)
    }
    return button
  }

  func updateWidget(_ button: ColorButton, context: Context) {
    context.coordinator.selection = $selection
    gtk_color_button_set_title(button.opaquePointer, title)
    // GdkRGBA holds floats: compare what the button would hold, not the Doubles.
    if button.color != selection.roundedToFloat {
      context.coordinator.rgbaChanged?.blocked { button.color = selection }
    }
  }

  static func dismantleWidget(_ button: ColorButton, coordinator: Coordinator) {
    coordinator.rgbaChanged = nil
  }
}

extension Color {
  /// The colour as a `GdkRGBA` (single precision) holds it.
  var roundedToFloat: Color {
    Color(
      red: Double(Float(red)), green: Double(Float(green)), blue: Double(Float(blue)),
      alpha: Double(Float(alpha)))
  }
}
