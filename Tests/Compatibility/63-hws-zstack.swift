// swift-format-ignore-file
// Source: https://www.hackingwithswift.com/quick-start/swiftui/how-to-layer-views-on-top-of-each-other-using-zstack
// Hacking with Swift: a ZStack layering text over an image.
// Written as published there; only `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

struct ContentView: View {
    var body: some View {
        ZStack {
            Image("niagara-falls")
            Text("Hacking with Swift")
                .font(.largeTitle)
                .background(.black)
                .foregroundStyle(.white)
        }
    }
}
