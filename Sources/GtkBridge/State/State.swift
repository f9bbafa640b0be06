/// A value owned by a view: SwiftUI's `@State`.
///
/// The value survives re-evaluation of the view's parent; writing it schedules an update of
/// the views that read it, coalesced into one pass per main-loop turn.
///
/// ```swift
/// struct ContentView: View {
///   @State var text = ""
///   @State var isFirstResponder = false
///
///   var body: some View {
///     LegacyTextField(text: $text, isFirstResponder: $isFirstResponder)
///   }
/// }
/// ```
@MainActor
@propertyWrapper
public struct State<Value>: StatefulProperty {
  let link: StorageLink<StateBox<Value>>

  public init(wrappedValue: Value) {
    link = StorageLink(StateBox(wrappedValue))
  }

  public init(initialValue: Value) {
    self.init(wrappedValue: initialValue)
  }

  public var wrappedValue: Value {
    get { link.box.value }
    // NB: no `_modify`, as in SwiftUI: `items.removeAll { $0.id == item.id }` in an action
    // reads the state inside its own change (`item` is an element binding's value), which an
    // in-place change forbids (exclusive access) or would show half done.
    nonmutating set { link.box.value = newValue }
  }

  /// A binding to the value, for child views: `$text`.
  public var projectedValue: Binding<Value> {
    let box = link.box
    // NB: plain unless the state holds an object: its properties' setters are the app's code.
    return Binding(
      get: { box.value }, set: { box.value = $0 }, id: .storage(ObjectIdentifier(box)),
      plain: !box.holdsObject, inPlace: { change in change(&box.value) })
  }

  var storageLink: AnyStorageLink { link }
}

extension State where Value: ExpressibleByNilLiteral {
  /// A state that starts as `nil`.
  public init() {
    self.init(wrappedValue: nil)
  }
}
