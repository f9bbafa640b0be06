import CGtk
import Combine
import Dispatch
import Foundation
import GtkBridgeTesting
import XCTest

@testable import GtkBridge

/// The `Combine` module: publishers, subjects, operators, `@Published`, `Timer.publish`, and
/// `.onReceive` on real widgets.
final class CombineTests: GtkTestCase, @unchecked Sendable {
  /// A model file as apps write it: only `import Combine` (see the imports above).
  final class Expenses: ObservableObject {
    @Published var items: [String] = []
    @Published var draft = ""
    @Published var total = 0.0
  }

  /// Counts subscriptions, to see when `.onReceive` subscribes again.
  final class CountingPublisher: Publisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = Never
    let subject = PassthroughSubject<Int, Never>()
    var subscriptions = 0

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
      subscriptions += 1
      subject.receive(subscriber: subscriber)
    }
  }

  func testSubjectsAndOperatorsDeliverWhatCombineDelivers() {
    var received: [Int] = []
    let subject = PassthroughSubject<Int, Never>()
    var cancellables = Set<AnyCancellable>()
    subject.map { $0 * 10 }.filter { $0 != 20 }.removeDuplicates()
      .sink { received.append($0) }.store(in: &cancellables)
    subject.send(1)
    subject.send(2)
    subject.send(3)
    subject.send(3)
    subject.send(1)
    XCTAssertEqual(received, [10, 30, 10])

    cancellables.removeAll()
    subject.send(4)
    XCTAssertEqual(received, [10, 30, 10], "a freed AnyCancellable cancels")

    let current = CurrentValueSubject<String, Never>("a")
    var strings: [String] = []
    let kept = current.sink { strings.append($0) }
    current.value = "b"
    current.send("c")
    XCTAssertEqual(strings, ["a", "b", "c"])
    XCTAssertEqual(current.value, "c")
    kept.cancel()

    var completions: [Subscribers.Completion<Never>] = []
    var just: [String] = []
    _ = Just("once").sink(receiveCompletion: { completions.append($0) }) { just.append($0) }
    XCTAssertEqual(just, ["once"])
    XCTAssertEqual(completions, [.finished])

    var compacted: [Int] = []
    _ = ["1", "x", "3"].publisher.compactMap(Int.init).sink { compacted.append($0) }
    XCTAssertEqual(compacted, [1, 3])
  }

  func testCombineLatestPairsTheLatestValueOfEachOnceBothSent() {
    let amount = PassthroughSubject<Double, Never>()
    let tip = CurrentValueSubject<Int, Never>(10)
    var totals: [Double] = []
    let cancellable = amount.combineLatest(tip) { $0 + $0 * Double($1) / 100 }
      .sink { totals.append($0) }
    tip.send(20)
    XCTAssertEqual(totals, [], "nothing until both have sent")
    amount.send(50)
    tip.send(10)
    amount.send(100)
    XCTAssertEqual(totals, [60, 55, 110])
    cancellable.cancel()
    amount.send(1)
    XCTAssertEqual(totals.count, 3)
  }

  func testPublishedAnnouncesTheChangeThenSendsTheNewValueBeforeStoringIt() {
    let model = Expenses()
    var events: [String] = []
    var cancellables = Set<AnyCancellable>()
    model.objectWillChange.sink { events.append("willChange \(model.draft)") }
      .store(in: &cancellables)
    model.$draft.sink { events.append("draft \($0), stored \(model.draft)") }
      .store(in: &cancellables)
    model.draft = "Taxi"
    XCTAssertEqual(
      events, ["draft , stored ", "willChange ", "draft Taxi, stored "],
      "the publisher sends its current value first; a write sends before it is stored")
    XCTAssertEqual(model.draft, "Taxi")

    // assign(to:on:) and assign(to: &$property), which announces the change too.
    final class Label {
      var text = ""
    }
    let label = Label()
    model.$draft.map { $0.uppercased() }.assign(to: \.text, on: label).store(in: &cancellables)
    XCTAssertEqual(label.text, "TAXI")
    model.$items.map { Double($0.count) * 2.5 }.assign(to: &model.$total)
    events.removeAll()
    model.items = ["Taxi", "Lunch"]
    XCTAssertEqual(model.total, 5)
    XCTAssertEqual(events.filter { $0.hasPrefix("willChange") }.count, 2, "items, then total")
  }

  func testModelFileWithImportCombineDrivesAView() throws {
    try MainActor.assumeIsolated {
      struct ExpenseList: View {
        @ObservedObject var expenses: Expenses
        var body: some View {
          VStack {
            Text("\(expenses.items.count) expenses")
            TextField("New expense", text: $expenses.draft)
          }
        }
      }
      let expenses = Expenses()
      let window = show { ExpenseList(expenses: expenses) }
      XCTAssertNoThrow(try window.find(label: "0 expenses"))
      expenses.items.append("Coffee")
      MainLoop.drain()
      XCTAssertNoThrow(try window.find(label: "1 expenses"))
      try window.find(title: "New expense").type("Bus")
      MainLoop.drain()
      XCTAssertEqual(expenses.draft, "Bus")
    }
  }

  func testAnObjectWithItsOwnWillChangeSubjectUpdatesTheViewsThatHoldIt() throws {
    try MainActor.assumeIsolated {
      final class Counter: ObservableObject {
        let objectWillChange = PassthroughSubject<Void, Never>()
        var count = 0 {
          willSet { objectWillChange.send() }
        }
      }
      struct CounterView: View {
        @ObservedObject var counter: Counter
        var body: some View { Text("count \(counter.count)") }
      }
      let counter = Counter()
      let window = show { CounterView(counter: counter) }
      XCTAssertNoThrow(try window.find(label: "count 0"))
      counter.count = 2
      MainLoop.drain()
      XCTAssertNoThrow(try window.find(label: "count 2"))
    }
  }

  /// A job whose state another thread writes.
  final class Job: ObservableObject, @unchecked Sendable {
    @Published var state = "idle"
  }

  // A `@Published` write from another thread is always shown (issue 36, case 5): `Published`
  // tells its subscribers before it stores, and views updating on the main actor in between
  // read the old value. Here a subscriber of `$state` that takes its time (it runs on the
  // writing thread, before the value is stored) leaves the main actor that time to update;
  // each window must still end up showing what was written.
  func testAPublishedWriteFromAnotherThreadIsAlwaysShown() throws {
    try MainActor.assumeIsolated {
      struct JobView: View {
        @ObservedObject var job: Job
        var body: some View { Text(job.state) }
      }
      let jobs = (0..<8).map { _ in Job() }
      var slowSubscribers = Set<AnyCancellable>()
      for job in jobs {
        job.$state.filter { $0 != "idle" }.sink { _ in usleep(20_000) }.store(in: &slowSubscribers)
      }
      let windows = jobs.map { job in show { JobView(job: job) } }
      for round in 1...5 {
        for job in jobs { job.state = "idle" }
        MainLoop.drain()
        let written = "written \(round)"
        for job in jobs {
          DispatchQueue.global().async { job.state = written }
        }
        let shown = MainLoop.run(timeout: 10) {
          windows.allSatisfy { (try? $0.find(Text.self).text) == written }
            && jobs.allSatisfy { $0.state == written }
        }
        let texts = windows.map { (try? $0.find(Text.self).text) ?? "?" }
        XCTAssertTrue(shown, "round \(round): every window shows the write: \(texts)")
      }
      withExtendedLifetime(slowSubscribers) {}
    }
  }

  func testTimerPublishFiresWhileGtksMainLoopRuns() throws {
    try MainActor.assumeIsolated {
      struct Ticker: View {
        @State private var ticks = 0
        let timer = Timer.publish(every: 0.02, on: .main, in: .common).autoconnect()
        var body: some View {
          Text("ticks \(ticks)").onReceive(timer) { _ in ticks += 1 }
        }
      }
      let window = show { Ticker() }
      let label = try window.find(Text.self)
      // NB: at least three: a loaded machine may run several ticks between two looks.
      let fired = MainLoop.run(timeout: 10) {
        (label.text?.split(separator: " ").last.flatMap { Int($0) } ?? 0) >= 3
      }
      XCTAssertTrue(fired, "the timer fired three times; the label shows \(label.text ?? "")")
    }
  }

  func testOnReceiveRunsOnTheMainActorKeepsItsSubscriptionAndCancelsWhenTheViewLeaves() throws {
    try MainActor.assumeIsolated {
      let publisher = CountingPublisher()
      let model = FieldModel(text: "Inbox")
      let received = FieldModel()
      let window = show {
        VStack {
          Text(model.text)
          if model.enabled {
            Text("listening").onReceive(publisher) { value in
              MainActor.assertIsolated()
              received.text += "\(value) "
            }
          }
        }
      }
      XCTAssertEqual(publisher.subscriptions, 1)
      publisher.subject.send(1)
      MainLoop.drain()
      XCTAssertEqual(received.text, "1 ")

      let sent = expectation(description: "sent from another thread")
      let subject = publisher.subject
      DispatchQueue.global().async {
        subject.send(2)
        sent.fulfill()
      }
      wait(for: [sent], timeout: 5)
      XCTAssertTrue(MainLoop.run(timeout: 5) { received.text == "1 2 " })

      model.text = "Archive"  // the parent runs again with the same publisher
      MainLoop.drain()
      XCTAssertEqual(publisher.subscriptions, 1, "the same publisher keeps its subscription")

      model.enabled = false  // the view leaves
      MainLoop.drain()
      XCTAssertThrowsError(try window.find(label: "listening"))
      publisher.subject.send(3)
      MainLoop.drain()
      XCTAssertEqual(received.text, "1 2 ", "cancelled when the view left")
    }
  }

  func testOnReceiveOfJustTheTextLimitsItsLength() throws {
    try MainActor.assumeIsolated {
      // StackOverflow's length limit (compat sample 85): a new `Just` each run is a new
      // publisher, so `.onReceive` subscribes again and the action sees each edit.
      struct Limited: View {
        @State var text = ""
        var body: some View {
          TextField("Code", text: $text)
            .onReceive(Just(text)) { _ in
              if text.count > 4 { text = String(text.prefix(4)) }
            }
        }
      }
      let window = show { Limited() }
      let field = try window.find(title: "Code")
      field.type("ABCDEFG")
      MainLoop.drain()
      XCTAssertEqual(field.text, "ABCD")
    }
  }

  func testDebounceSendsTheLastValueOfABurstOnTheMainQueue() {
    MainActor.assumeIsolated {
      let subject = PassthroughSubject<String, Never>()
      var received: [String] = []
      let cancellable = subject.debounce(for: .milliseconds(20), scheduler: DispatchQueue.main)
        .sink { received.append($0) }
      subject.send("c")
      subject.send("ca")
      subject.send("cab")
      XCTAssertTrue(MainLoop.run(timeout: 5) { !received.isEmpty })
      XCTAssertEqual(received, ["cab"])
      subject.send("cabs")
      XCTAssertTrue(MainLoop.run(timeout: 5) { received.count == 2 })
      XCTAssertEqual(received, ["cab", "cabs"])
      cancellable.cancel()

      var onRunLoop: [Int] = []
      let viaRunLoop = Just(7).receive(on: RunLoop.main).sink { onRunLoop.append($0) }
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { onRunLoop == [7] },
        "RunLoop.main work reaches the main thread while GTK's loop runs")
      viaRunLoop.cancel()
    }
  }
}
