import GtkBridge

/// What to try in the window, for a person at the keyboard.
struct TipsCard: View {
  static let tips = [
    "Tab and Shift+Tab move focus; the inspector follows.",
    "Return in Username goes to Password; Return there signs in.",
    "A name under 3 characters or a password under 8 is refused, "
      + "and focus moves to the field at fault.",
    "Done assigns nil: no field keeps focus.",
    "Type in a row, move the cursor, then Shuffle: the row keeps both.",
    "Run with --trace to print every binding write and focus change.",
  ]

  var body: some View {
    Card("Try it", caption: "With the keyboard or the buttons", fillsHeight: true) {
      VStack(spacing: 6) {
        ForEach(TipsCard.tips, id: \.self) { tip in
          Text("•  " + tip)
        }
      }
    }
  }
}

// Open it alone: GTKBRIDGE_PREVIEW="Tips card" gtk-focus-demo
#Preview("Tips card", traits: .sizeThatFitsLayout) {
  TipsCard().padding()
}
