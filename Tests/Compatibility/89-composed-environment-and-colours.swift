// swift-format-ignore-file
// Source: composed for this suite from https://developer.apple.com/documentation/swiftui/editbutton,
// https://developer.apple.com/documentation/swiftui/environmentvalues/presentationmode,
// https://developer.apple.com/documentation/swiftui/environmentvalues/locale,
// https://developer.apple.com/documentation/swiftui/asyncimage,
// https://developer.apple.com/documentation/swiftui/pickerstyle/navigationlink,
// https://developer.apple.com/documentation/swiftui/view/accessibilityaddtraits(_:) and
// https://developer.apple.com/documentation/swiftui/color/init(_:bundle:) with UIKit's
// semantic colours (issue 34 items 4 and 6; not copied from one page).
// Only `import SwiftUI` would need changing to `import GtkBridge`.
import GtkBridge

struct Fruit: Identifiable {
    let id = UUID()
    var name: String
}

struct FruitList: View {
    @Environment(\.editMode) private var editMode
    @Environment(\.locale) private var locale
    @Environment(\.colorScheme) private var colorScheme
    @State private var fruits = [Fruit(name: "Apple"), Fruit(name: "Pear")]
    @State private var flavor = "Sweet"
    @State private var showingDetail = false

    var body: some View {
        NavigationStack {
            List {
                Section {
                    ForEach(fruits) { fruit in
                        Text(fruit.name)
                    }
                    .onDelete { fruits.remove(atOffsets: $0) }
                } header: {
                    Text("Fruits")
                        .accessibilityAddTraits(.isHeader)
                }
                Picker("Flavor", selection: $flavor) {
                    Text("Sweet").tag("Sweet")
                    Text("Sour").tag("Sour")
                }
                .pickerStyle(.navigationLink)
                Text(editMode?.wrappedValue.isEditing == true ? "Editing" : "Browsing")
                Text(locale.identifier)
                    .foregroundColor(colorScheme == .dark ? Color(.secondaryLabel) : Color(uiColor: .label))
                AsyncImage(url: URL(string: "https://example.com/apple.png")) { image in
                    image.resizable().scaledToFit()
                } placeholder: {
                    ProgressView()
                }
                .frame(width: 60, height: 60)
                AsyncImage(url: URL(string: "https://example.com/pear.png")) { phase in
                    if let image = phase.image {
                        image.resizable().aspectRatio(contentMode: .fill)
                    } else if phase.error != nil {
                        Color(.systemRed)
                    } else {
                        Color("Placeholder")
                    }
                }
            }
            .scrollBounceBehavior(.basedOnSize)
            .toolbar { EditButton() }
            .sheet(isPresented: $showingDetail) { FruitDetail() }
            .background(Color(.systemGroupedBackground))
        }
    }
}

struct FruitDetail: View {
    @Environment(\.presentationMode) var presentationMode

    var body: some View {
        VStack {
            Image("AppleLogo")
            Button("Close") {
                presentationMode.wrappedValue.dismiss()
            }
            .foregroundColor(Color(.systemBlue))
        }
    }
}
