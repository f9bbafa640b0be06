/// A widget's claim on a value of a shared focus state, carried by a `Binding<Bool>` made
/// with `Binding($focus, equals: value)`. Joining makes the widget a participant of the
/// state's group, so the group's rules (declaration order, unclaimed values) see it.
@MainActor
struct FocusClaim {
  /// Identifies (state, value): a claim that changes must be left and joined again.
  let key: AnyHashable
  let join: @MainActor (ViewGraph, Widget, ViewNode?) -> FocusMembership

  init<Value: Hashable>(source: FocusSource<Value>, value: Value) {
    let key = AnyHashable([source.id.map { AnyHashable($0) }, AnyHashable(value)])
    self.key = key
    join = { graph, widget, node in
      let group = graph.focusGroup(for: source)
      let participant = FocusParticipant(value: value, widget: widget, group: group, node: node)
      group.add(participant)
      return FocusMembership(key: key, widget: widget) {
        group.remove(participant)
        graph.releaseFocusGroup(group, for: source)
      }
    }
  }
}

/// A joined ``FocusClaim``; `leave()` undoes it.
@MainActor
final class FocusMembership {
  let key: AnyHashable
  private weak var widget: Widget?
  private var leaveAction: (@MainActor () -> Void)?

  init(key: AnyHashable, widget: Widget, leave: @escaping @MainActor () -> Void) {
    self.key = key
    self.widget = widget
    leaveAction = leave
  }

  func leave() {
    leaveAction?()
    leaveAction = nil
  }

  /// Keeps `membership` in step with `claim`: joins, leaves or switches as needed.
  static func sync(
    _ membership: inout FocusMembership?, with claim: FocusClaim?, graph: ViewGraph?,
    widget: Widget?, node: ViewNode?
  ) {
    guard membership?.key != claim?.key || membership?.widget !== widget else { return }
    membership?.leave()
    membership = nil
    if let claim, let graph, let widget {
      membership = claim.join(graph, widget, node)
    }
  }
}
