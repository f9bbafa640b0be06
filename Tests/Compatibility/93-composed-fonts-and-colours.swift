// swift-format-ignore-file
// Source: composed for this suite from SwiftUI's documented `Font` and `Color` API
// (https://developer.apple.com/documentation/swiftui/font and
// https://developer.apple.com/documentation/swiftui/color): every `Font.system` overload,
// every font modifier, every text style, weight and design, and every named colour (issue 34
// item 7; not copied from one page).
// Only `import SwiftUI` would need changing to `import GtkBridge`.
import GtkBridge

let allColors: [Color] = [
    .black, .white, .gray, .red, .orange, .yellow, .green, .mint, .teal, .cyan, .blue,
    .indigo, .purple, .pink, .brown, .clear, .primary, .secondary, .accentColor,
]

let allStyles: [Font.TextStyle] = [
    .largeTitle, .title, .title2, .title3, .headline, .subheadline, .body, .callout,
    .footnote, .caption, .caption2,
]

let allWeights: [Font.Weight] = [
    .ultraLight, .thin, .light, .regular, .medium, .semibold, .bold, .heavy, .black,
]

let allDesigns: [Font.Design] = [.default, .serif, .rounded, .monospaced]

struct TypographyView: View {
    var body: some View {
        VStack(alignment: .leading) {
            Text("Style").font(.system(.headline))
            Text("Style and design").font(.system(.body, design: .serif))
            Text("Style, design, weight").font(.system(.title, design: .rounded, weight: .bold))
            Text("Style and weight").font(.system(.callout, weight: .semibold))
            Text("Size").font(.system(size: 14))
            Text("Size and weight").font(.system(size: 14, weight: .light))
            Text("Size, weight, design").font(.system(size: 14, weight: .heavy, design: .monospaced))
            Text("Size and design").font(.system(size: 9, design: .rounded))
            Text("Custom").font(.custom("Cantarell", size: 13))
            Text("Custom relative").font(.custom("Cantarell", size: 13, relativeTo: .body))
            Text("Custom fixed").font(.custom("Cantarell", fixedSize: 13))
            Text("Modifiers").font(.body.weight(.medium).italic().bold().monospacedDigit())
            Text("More").font(.caption.smallCaps().monospaced().leading(.tight))
            Text("Weight").fontWeight(.black).fontDesign(.serif).italic().bold().underline().strikethrough()
            ForEach(0..<allColors.count, id: \.self) { index in
                Text("Colour \(index)").foregroundStyle(allColors[index])
            }
        }
        .font(.system(allStyles[0], design: allDesigns[1], weight: allWeights[2]))
    }
}
