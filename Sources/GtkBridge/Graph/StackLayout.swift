/// How a stack places its content's widgets: the one thing ``VStack``, ``HStack`` and
/// ``ZStack`` do differently. `StackNode` makes and updates the content's nodes for all
/// three; the layout holds the stack's container widget and places their widgets in it.
@MainActor
protocol StackLayout {
  /// What the stack's view says about the layout (spacing, alignment), compared on update.
  associatedtype Parameters: Equatable

  /// Makes the container, set up for `parameters`.
  init(_ parameters: Parameters)

  /// The stack's one widget.
  var container: Widget { get }

  /// Takes the parameters of an updated stack, setting on the container what it holds itself
  /// (spacing). Returns whether the children must be placed again (an alignment changed).
  mutating func update(_ parameters: Parameters) -> Bool

  /// Makes `widgets` the container's children, placed as the parameters say.
  mutating func place(_ widgets: [Widget])
}
