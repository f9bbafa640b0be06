import GtkBridge

/// The seed's iOS 13/14 half, side by side: `LegacyTextField` with two plain `@State`-style
/// bindings, `isFirstResponder` shown live and flipped by a button, and the seed's bonus
/// styling (red text, blue caret) from its configuration closure.
struct LegacySection: View {
  @Bindable var model: DemoModel

  var body: some View {
    Card("The seed's LegacyTextField", caption: "text + isFirstResponder bindings, styled") {
      LegacyTextField(
        text: $model.legacyText.traced("legacy"),
        isFirstResponder: $model.isLegacyFirstResponder.traced("legacy.isFirstResponder")
      ) {
        $0.placeholderText = "Red text, blue caret"
        $0.textColor = .red
        $0.tintColor = .blue  // the seed's words: the caret colour
      }
      .accessibilityLabel("Legacy text field")
      Text("isFirstResponder: \(model.isLegacyFirstResponder)")
        .font(.custom("DejaVu Sans Mono", size: 10))
      HStack(spacing: 8) {
        Button(model.isLegacyFirstResponder ? "Resign first responder" : "Become first responder") {
          model.toggleLegacyFirstResponder()
        }
        Spacer()
      }
    }
  }
}
