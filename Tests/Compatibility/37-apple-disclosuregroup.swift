// swift-format-ignore-file
// Source: https://developer.apple.com/documentation/swiftui/disclosuregroup
// Apple: DisclosureGroup, toggles in a group bound to `topExpanded`, with a nested group.
// Written as published there (the page shows the properties and body; the enclosing view is
// added); only `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

struct ToggleStates {
    var oneIsOn: Bool = false
    var twoIsOn: Bool = true
}

struct DisclosureGroupExample: View {
    @State private var toggleStates = ToggleStates()
    @State private var topExpanded: Bool = true

    var body: some View {
        DisclosureGroup("Items", isExpanded: $topExpanded) {
            Toggle("Toggle 1", isOn: $toggleStates.oneIsOn)
            Toggle("Toggle 2", isOn: $toggleStates.twoIsOn)
            DisclosureGroup("Sub-items") {
                Text("Sub-item 1")
            }
        }
    }
}
