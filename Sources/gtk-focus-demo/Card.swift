import GtkBridge

/// One section of the window: a white rounded card with a bold title and a one-line
/// explanation, in GNOME's default (Adwaita) look. Styled with scoped CSS only.
struct Card<Content: View>: View {
  let title: String
  let caption: String
  let fillsHeight: Bool
  let content: Content

  /// - Parameter fillsHeight: whether the card stretches to the bottom of its column.
  init(
    _ title: String, caption: String, fillsHeight: Bool = false,
    @ViewBuilder content: () -> Content
  ) {
    self.title = title
    self.caption = caption
    self.fillsHeight = fillsHeight
    self.content = content()
  }

  var body: some View {
    VStack(spacing: 10) {
      VStack(spacing: 2) {
        Text(title)
          .font(.system(size: 12, weight: .bold))
        Text(caption)
          .opacity(0.65)
      }
      content
      if fillsHeight { Spacer() }
    }
    // NB: CSS padding (inside the border) has no SwiftUI modifier: `.padding` is GTK margins.
    .configure { $0.css("padding: 14px 16px 16px 16px;") }
    .background(Color.white)
    .border(Color.black.opacity(0.12))
    .cornerRadius(12)
  }
}

/// A small dimmed label above a field.
struct FieldLabel: View {
  let text: String

  init(_ text: String) {
    self.text = text
  }

  var body: some View {
    Text(text)
      .font(.caption)
      .opacity(0.75)
  }
}
