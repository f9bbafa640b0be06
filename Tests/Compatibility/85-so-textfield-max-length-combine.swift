// swift-format-ignore-file
// Source: https://stackoverflow.com/questions/56476007/swiftui-textfield-max-length
// StackOverflow: "SwiftUI TextField max length", the answer that limits the text with
// `.onReceive(Just(text))` and Combine. Reconstructed from the page; only `import SwiftUI` is
// changed to `import GtkBridge`.
import GtkBridge
import Combine

struct ContentView: View {
    @State var text = ""
    let textLimit = 10 //Your limit

    var body: some View {
        TextField("Text", text: $text)
            .onReceive(Just(text)) { _ in limitText(textLimit) }
    }

    //Function to keep text length in limits
    func limitText(_ upper: Int) {
        if text.count > upper {
            text = String(text.prefix(upper))
        }
    }
}
