/// The layout of ``ZStack``: a `GtkOverlay` whose main child is the first widget and whose
/// overlays are the rest, each measured, so the stack is as large as its largest child.
@MainActor
struct OverlayStackLayout: StackLayout {
  private let overlay = OverlayWidget()
  private var alignment: Alignment

  init(_ alignment: Alignment) {
    self.alignment = alignment
  }

  var container: Widget { overlay }

  mutating func update(_ new: Alignment) -> Bool {
    defer { alignment = new }
    return new != alignment
  }

  mutating func place(_ widgets: [Widget]) {
    // NB: a widget that moves from an overlay to the front must leave the overlays first.
    if overlay.child !== widgets.first { overlay.setOverlays([]) }
    overlay.child = widgets.first
    let overlays = Array(widgets.dropFirst())
    // The centre fills, so a shape covers the stack.
    let horizontal = alignment.horizontal.gtkFill
    let vertical = alignment.vertical.gtkFill
    for widget in overlays {
      if widget.halign != horizontal { widget.halign = horizontal }
      if widget.valign != vertical { widget.valign = vertical }
    }
    overlay.setOverlays(overlays, measured: true)
  }
}
