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

  /// Horizontal padding and border around a card's content.
  static var chrome: Int { 2 * 16 + 2 }

  var body: some View {
    VStack(spacing: 10) {
      VStack(spacing: 2) {
        Text(title)
          .configure { $0.font = .system(size: 12, weight: .bold) }
        Text(caption)
          .configure { $0.css("opacity: 0.65;") }
      }
      content
      if fillsHeight { Spacer() }
    }
    .configure {
      $0.css(
        """
        background-color: #ffffff;
        border: 1px solid rgba(0, 0, 0, 0.12);
        border-radius: 12px;
        padding: 14px 16px 16px 16px;
        """)
    }
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
      .configure { $0.css("font-size: 9pt; opacity: 0.75;") }
  }
}
