// swift-format-ignore-file
// Source: https://developer.apple.com/documentation/swiftui/picker
// Apple: Picker, its flavor examples (tags, ForEach over the options, tags that differ from
// the iterated data, the segmented style). Each snippet is one view here.
// Written as published there; only `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

enum Flavor: String, CaseIterable, Identifiable {
    case chocolate, vanilla, strawberry
    var id: Self { self }
}

enum Topping: String, CaseIterable, Identifiable {
    case nuts, cookies, blueberries
    var id: Self { self }
}

extension Flavor {
    var suggestedTopping: Topping {
        switch self {
        case .chocolate: return .nuts
        case .vanilla: return .cookies
        case .strawberry: return .blueberries
        }
    }
}

struct FlavorList: View {
    @State private var selectedFlavor: Flavor = .chocolate

    var body: some View {
        List {
            Picker("Flavor", selection: $selectedFlavor) {
                Text("Chocolate").tag(Flavor.chocolate)
                Text("Vanilla").tag(Flavor.vanilla)
                Text("Strawberry").tag(Flavor.strawberry)
            }
        }
    }
}

struct IteratedFlavors: View {
    @State private var selectedFlavor: Flavor = .chocolate

    var body: some View {
        Picker("Flavor", selection: $selectedFlavor) {
            ForEach(Flavor.allCases) { flavor in
                Text(flavor.rawValue.capitalized)
            }
        }
    }
}

struct SuggestedTopping: View {
    @State private var suggestedTopping: Topping = .nuts

    var body: some View {
        List {
            Picker("Suggest a topping for:", selection: $suggestedTopping) {
                ForEach(Flavor.allCases) { flavor in
                    Text(flavor.rawValue.capitalized)
                        .tag(flavor.suggestedTopping)
                }
            }
            HStack {
                Text("Suggested Topping")
                Spacer()
                Text(suggestedTopping.rawValue.capitalized)
                    .foregroundStyle(.secondary)
            }
        }
    }
}

struct SegmentedFlavors: View {
    @State private var selectedFlavor: Flavor = .chocolate
    @State private var selectedTopping: Topping = .nuts

    var body: some View {
        VStack {
            Picker("Flavor", selection: $selectedFlavor) {
                ForEach(Flavor.allCases) { flavor in
                    Text(flavor.rawValue.capitalized)
                }
            }
            Picker("Topping", selection: $selectedTopping) {
                ForEach(Topping.allCases) { topping in
                    Text(topping.rawValue.capitalized)
                }
            }
        }
        .pickerStyle(.segmented)
    }
}
