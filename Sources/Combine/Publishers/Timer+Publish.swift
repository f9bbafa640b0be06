import Foundation

extension Timer {
  /// A publisher of the date every `interval` seconds, once connected: Combine's
  /// `Timer.publish(every:tolerance:on:in:options:)`.
  ///
  /// ```swift
  /// struct Clock: View {
  ///   @State private var now = Date()
  ///   let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
  ///
  ///   var body: some View {
  ///     Text(now.formatted(date: .omitted, time: .standard))
  ///       .onReceive(timer) { now = $0 }
  ///   }
  /// }
  /// ```
  ///
  /// On the main run loop the dates arrive on the main thread, also while GTK's main loop
  /// runs (see ``Timer/TimerPublisher``).
  public static func publish(
    every interval: TimeInterval, tolerance: TimeInterval? = nil, on runLoop: RunLoop,
    in mode: RunLoop.Mode, options: RunLoop.SchedulerOptions? = nil
  ) -> TimerPublisher {
    TimerPublisher(interval: interval, tolerance: tolerance, runLoop: runLoop, mode: mode)
  }

  /// What `Timer.publish` returns: Combine's `Timer.TimerPublisher`.
  ///
  /// NB: on the main run loop it ticks with a dispatch timer on the main queue rather than a
  /// `Timer` on `RunLoop.main`: GtkBridge's main loop drains the main queue, but nothing runs
  /// `RunLoop.main` while GTK's loop runs, so a run-loop timer would never fire in an app.
  /// On another run loop it is a run-loop timer, as in Combine.
  public final class TimerPublisher: ConnectablePublisher, @unchecked Sendable {
    public typealias Output = Date
    public typealias Failure = Never

    public let interval: TimeInterval
    public let tolerance: TimeInterval?
    public let runLoop: RunLoop
    public let mode: RunLoop.Mode
    private let subject = PassthroughSubject<Date, Never>()

    public init(
      interval: TimeInterval, tolerance: TimeInterval? = nil, runLoop: RunLoop,
      mode: RunLoop.Mode, options: RunLoop.SchedulerOptions? = nil
    ) {
      self.interval = interval
      self.tolerance = tolerance
      self.runLoop = runLoop
      self.mode = mode
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Date, S.Failure == Never {
      subject.receive(subscriber: subscriber)
    }

    public func connect() -> any Cancellable {
      let subject = subject
      let start = runLoop.now.advanced(by: .seconds(interval))
      return runLoop.schedule(
        after: start, interval: .seconds(interval), tolerance: .seconds(tolerance ?? 0),
        options: nil
      ) { subject.send(Date()) }
    }
  }
}
