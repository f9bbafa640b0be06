import XCTest

@testable import GtkBridge

/// `ObservableObject` without Combine, `@Environment`, and `Binding` off the main actor,
/// observed through real widgets.
final class ObservableObjectTests: GtkTestCase, @unchecked Sendable {
  final class Player: ObservableObject {
    @Published var name = "Taylor"
    var plain = 0
    nonisolated(unsafe) static var made = 0
    init() { Player.made += 1 }
  }

  @MainActor final class Probe {
    var runs: [String: Int] = [:]
    var entries: [String: Entry] = [:]
    var labels: [String: LabelWidget] = [:]
    var buttons: [ButtonWidget] = []
    func ran(_ name: String) { runs[name, default: 0] += 1 }
  }

  struct Holder: View {
    @ObservedObject var player: Player
    let probe: Probe
    var body: some View {
      probe.ran("holder")
      return TextField("Name", text: $player.name).configure {
        probe.entries["holder"] = $0 as? Entry
      }
    }
  }

  struct Bystander: View {
    let probe: Probe
    var body: some View {
      probe.ran("bystander")
      return Text("static")
    }
  }

  func testPublishedWritesReEvaluateOnlyTheViewsHoldingTheObject() {
    MainActor.assumeIsolated {
      let player = Player()
      let probe = Probe()
      show(
        host {
          VStack {
            Holder(player: player, probe: probe); Bystander(probe: probe)
          }
        })
      XCTAssertEqual(probe.entries["holder"]?.text, "Taylor")
      let holderRuns = probe.runs["holder"]
      let bystanderRuns = probe.runs["bystander"]

      player.name = "Ada"
      player.name = "Grace"
      MainLoop.drain()
      XCTAssertEqual(probe.entries["holder"]?.text, "Grace")
      XCTAssertEqual(probe.runs["holder"], holderRuns! + 1, "two writes, one pass")
      XCTAssertEqual(probe.runs["bystander"], bystanderRuns, "a view without the object ran")

      // Typing writes through `$player.name`.
      probe.entries["holder"]!.simulateTyping("!")
      MainLoop.drain()
      XCTAssertEqual(player.name, "Grace!")
    }
  }

  struct PlainHolder: View {
    @ObservedObject var player: Player
    let probe: Probe
    var body: some View {
      Text("\(player.plain)").configure { probe.labels["plain"] = $0 as? LabelWidget }
    }
  }

  func testObjectWillChangeSendInvalidatesTheHolder() {
    MainActor.assumeIsolated {
      let player = Player()
      let probe = Probe()
      show(host { PlainHolder(player: player, probe: probe) })
      XCTAssertEqual(probe.labels["plain"]?.text, "0")
      player.plain = 5
      MainLoop.drain()
      XCTAssertEqual(probe.labels["plain"]?.text, "0", "no send, no update (as in SwiftUI)")
      player.objectWillChange.send()
      MainLoop.drain()
      XCTAssertEqual(probe.labels["plain"]?.text, "5")
    }
  }

  struct Owner: View {
    @StateObject var player = Player()
    let probe: Probe
    var body: some View {
      probe.ran("owner")
      return VStack {
        Text(player.name).configure { probe.labels["owner"] = $0 as? LabelWidget }
        Button("Rename") { player.name = "Renamed" }
      }
    }
  }

  func testStateObjectIsMadeOnceAndSurvivesParentUpdates() {
    MainActor.assumeIsolated {
      Player.made = 0
      let probe = Probe()
      let parent = FieldModel()
      show(
        host {
          _ = parent.revision
          return Owner(probe: probe)
        })
      XCTAssertEqual(Player.made, 1)
      for _ in 0..<3 {
        parent.revision += 1
        MainLoop.drain()
      }
      // NB: each new `Owner` value evaluates its autoclosure only if its storage is new.
      XCTAssertEqual(Player.made, 1, "the object was made again on a parent update")
      XCTAssertEqual(probe.labels["owner"]?.text, "Taylor")
    }
  }

  final class Settings: ObservableObject {
    @Published var score = 0
  }

  struct ScoreView: View {
    @EnvironmentObject var settings: Settings
    let probe: Probe
    var body: some View {
      VStack {
        Text("Score: \(settings.score)").configure { probe.labels["score"] = $0 as? LabelWidget }
        Button("More") { settings.score += 1 }
          .configure { probe.buttons.append($0 as! ButtonWidget) }
      }
    }
  }

  func testEnvironmentObjectReachesDescendantsInBodyAndInActions() {
    MainActor.assumeIsolated {
      let settings = Settings()
      let probe = Probe()
      show(host { VStack { ScoreView(probe: probe) }.environmentObject(settings) })
      XCTAssertEqual(probe.labels["score"]?.text, "Score: 0")
      probe.buttons.last!.simulateClick()
      MainLoop.drain()
      XCTAssertEqual(settings.score, 1)
      XCTAssertEqual(probe.labels["score"]?.text, "Score: 1")
      settings.score = 7
      MainLoop.drain()
      XCTAssertEqual(probe.labels["score"]?.text, "Score: 7")
    }
  }

  struct GreetingKey: EnvironmentKey {
    static let defaultValue = "Hello"
  }

  struct GreetingView: View {
    @Environment(\.greeting) var greeting
    let name: String
    let probe: Probe
    var body: some View {
      Text(greeting).configure { probe.labels[name] = $0 as? LabelWidget }
    }
  }

  func testCustomEnvironmentKeysDefaultOverrideAndChange() {
    MainActor.assumeIsolated {
      let probe = Probe()
      let model = FieldModel()
      model.text = "Bonjour"
      show(
        host {
          VStack {
            GreetingView(name: "default", probe: probe)
            GreetingView(name: "set", probe: probe).environment(\.greeting, model.text)
          }
        })
      XCTAssertEqual(probe.labels["default"]?.text, "Hello")
      XCTAssertEqual(probe.labels["set"]?.text, "Bonjour")
      model.text = "Hallo"
      MainLoop.drain()
      XCTAssertEqual(probe.labels["set"]?.text, "Hallo")
      XCTAssertEqual(probe.labels["default"]?.text, "Hello")
    }
  }

  struct Focusable: View {
    @FocusState var focused: Bool = true
    let probe: Probe
    var body: some View {
      TextField("x", text: .constant("")).focused($focused)
        .configure { probe.entries["focus"] = $0 as? Entry }
    }
  }

  func testFocusStateWithAnInitialValueAndAConstantBindingMadeOffTheMainActor() {
    let constant = Self.makeConstant()  // nonisolated, as SwiftUI allows
    MainActor.assumeIsolated {
      XCTAssertEqual(constant.wrappedValue, "made off the main actor")
      let probe = Probe()
      show(host { Focusable(probe: probe) })
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(probe.entries["focus"]), "@FocusState var f: Bool = true")
    }
  }

  @Observable final class Library {
    var title = "Dune"
  }

  struct LibraryView: View {
    @Environment(Library.self) var library
    @Environment(Library.self) var optional: Library?
    let probe: Probe
    var body: some View {
      VStack(alignment: .leading, spacing: 4.5) {
        Text(library.title).configure { probe.labels["library"] = $0 as? LabelWidget }
        Text(optional == nil ? "none" : "some").padding(12.5)
      }
    }
  }

  func testObservableObjectsInTheEnvironmentAreFollowedByTheViewsThatReadThem() {
    MainActor.assumeIsolated {
      let library = Library()
      let probe = Probe()
      show(host { LibraryView(probe: probe).environment(library) })
      XCTAssertEqual(probe.labels["library"]?.text, "Dune")
      library.title = "Emma"
      MainLoop.drain()
      XCTAssertEqual(probe.labels["library"]?.text, "Emma")
    }
  }

  nonisolated static func makeConstant() -> Binding<String> {
    .constant("made off the main actor")
  }
}

extension EnvironmentValues {
  var greeting: String {
    get { self[ObservableObjectTests.GreetingKey.self] }
    set { self[ObservableObjectTests.GreetingKey.self] = newValue }
  }
}
