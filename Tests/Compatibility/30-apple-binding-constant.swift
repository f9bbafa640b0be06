// swift-format-ignore-file
// Sources: https://developer.apple.com/documentation/swiftui/binding (PlayButton, PlayerView)
// and https://developer.apple.com/tutorials/swiftui/working-with-ui-controls (a preview of a
// view that takes a binding, given `.constant`). The global `previewButton` is this suite's:
// it checks that `Binding.constant` works outside the main actor, as in SwiftUI.
import GtkBridge

struct PlayButton: View {
    @Binding var isPlaying: Bool

    var body: some View {
        Button(isPlaying ? "Pause" : "Play") {
            isPlaying.toggle()
        }
    }
}

struct PlayerView: View {
    var episode: String
    @State private var isPlaying: Bool = false

    var body: some View {
        VStack {
            Text(episode)
            PlayButton(isPlaying: $isPlaying)
        }
    }
}

struct PlayButton_Previews: PreviewProvider {
    static var previews: some View {
        PlayButton(isPlaying: .constant(true))
    }
}

let previewBinding: Binding<Bool> = .constant(false)
