import CGtk

/// The layout of ``VStack`` and ``HStack``: a `GtkBox` holding the children in a column or
/// a row, spaced, and aligned across it.
@MainActor
struct BoxStackLayout: StackLayout {
  struct Parameters: Equatable {
    var orientation: GtkOrientation
    var spacing: Int
    /// Where children sit across the box; `nil` leaves them GTK's fill.
    var alignment: GtkAlign?
  }

  private let box: Box
  private var parameters: Parameters
  /// Whether children were aligned when last placed: a stack whose alignment goes back to
  /// `nil` gives them GTK's fill again.
  private var aligned = false

  init(_ parameters: Parameters) {
    box = Box(orientation: parameters.orientation, spacing: parameters.spacing)
    self.parameters = parameters
  }

  var container: Widget { box }

  mutating func update(_ new: Parameters) -> Bool {
    // NB: the spacing last set is kept here; reading it back is a GTK call per update.
    if new.spacing != parameters.spacing { box.spacing = new.spacing }
    let realign = new.alignment != parameters.alignment
    parameters = new
    return realign
  }

  mutating func place(_ widgets: [Widget]) {
    box.setChildren(widgets)
    for case let spacer as SpacerWidget in widgets { spacer.expand(along: parameters.orientation) }
    guard parameters.alignment != nil || aligned else { return }
    aligned = parameters.alignment != nil
    let alignment = parameters.alignment ?? GTK_ALIGN_FILL
    for widget in widgets {
      if parameters.orientation == GTK_ORIENTATION_VERTICAL {
        if widget.halign != alignment { widget.halign = alignment }
      } else if widget.valign != alignment {
        widget.valign = alignment
      }
    }
  }
}
