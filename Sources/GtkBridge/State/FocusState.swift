/// Which of a view's fields holds keyboard focus: SwiftUI's `@FocusState`.
///
/// Holds a `Bool`, or an optional `Hashable` naming the focused field. Reading it tells the
/// truth about GTK's focus; assigning it moves focus, and `nil` / `false` dismisses it.
///
/// ```swift
/// enum Field: Hashable { case username, password }
///
/// struct SignIn: View {
///   @State var username = ""
///   @State var password = ""
///   @FocusState var focusedField: Field?
///
///   var body: some View {
///     VStack {
///       TextField("Username", text: $username)
///         .focused($focusedField, equals: .username)
///       SecureField("Password", text: $password)
///         .focused($focusedField, equals: .password)
///       Button("Done") { focusedField = nil }
///     }
///     .defaultFocus($focusedField, .username)
///   }
/// }
/// ```
@MainActor
@propertyWrapper
public struct FocusState<Value: Hashable>: StatefulProperty {
  let link: StorageLink<StateBox<Value>>

  /// A focus state that starts as `false`.
  public init() where Value == Bool {
    link = StorageLink(StateBox(false))
  }

  /// A focus state that starts as `nil`.
  public init<Field: Hashable>() where Value == Field? {
    link = StorageLink(StateBox(nil))
  }

  public var wrappedValue: Value {
    get { link.box.value }
    nonmutating set { link.box.value = newValue }
  }

  /// The binding `.focused` takes: `$focusedField`.
  public var projectedValue: Binding { Binding(box: link.box) }

  var storageLink: AnyStorageLink { link }

  /// A binding to a focus state, for `.focused` and `.defaultFocus`; it converts to a
  /// `Binding<Bool>` for views that take one (see ``GtkBridge/Binding/init(_:equals:)``).
  @MainActor
  @propertyWrapper
  public struct Binding {
    let box: StateBox<Value>

    public var wrappedValue: Value {
      get { box.value }
      nonmutating set { box.value = newValue }
    }

    public var projectedValue: Binding { self }
  }
}

extension FocusState.Binding {
  var id: BindingID { .storage(ObjectIdentifier(box)) }
}

@MainActor
extension Binding where Value == Bool {
  /// `true` while the focus state equals `value`. Setting `true` moves focus there; setting
  /// `false` clears the state if it still equals `value`. Lets any view that takes a
  /// `Binding<Bool>`, such as ``LegacyTextField``, join a `@FocusState`.
  ///
  /// ```swift
  /// LegacyTextField(text: $notes, isFirstResponder: Binding($focusedField, equals: .notes))
  /// ```
  public init<Field: Hashable>(_ focus: FocusState<Field?>.Binding, equals value: Field) {
    let box = focus.box
    self.init(
      get: { box.value == value },
      set: { isFocused in
        if isFocused {
          box.value = value
        } else if box.value == value {
          box.value = nil
        }
      },
      id: nil)
    focusClaim = FocusClaim(source: FocusSource(focus), value: value)
  }

  /// The `Bool` focus state itself, as a `Binding<Bool>`.
  public init(_ focus: FocusState<Bool>.Binding) {
    let box = focus.box
    self.init(get: { box.value }, set: { box.value = $0 }, id: .storage(ObjectIdentifier(box)))
  }
}

/// A `@FocusState` property, as the view graph sees it: watched from the moment its view
/// exists, so a value no view can take reads back the truth (`nil`/`false`) even when no
/// `.focused` view was ever bound to it.
@MainActor
protocol FocusStateWatchable {
  func watch(in graph: ViewGraph)
}

extension FocusState: FocusStateWatchable {
  func watch(in graph: ViewGraph) {
    if let box = link.box as? StateBox<Bool> {
      graph.focusGroup(for: FocusSource(GtkBridge.Binding(FocusState<Bool>.Binding(box: box))))
        .requestReconcile()
    } else if let optional = Value.self as? any OptionalFocusValue.Type {
      optional.watch(box: link.box, in: graph)
    }
  }
}

/// Opens `FocusState<Field?>` for ``FocusStateWatchable``.
@MainActor
protocol OptionalFocusValue {
  static func watch(box: AnyObject, in graph: ViewGraph)
}

extension Optional: OptionalFocusValue where Wrapped: Hashable {
  static func watch(box: AnyObject, in graph: ViewGraph) {
    guard let box = box as? StateBox<Wrapped?> else { return }
    graph.focusGroup(for: FocusSource(FocusState<Wrapped?>.Binding(box: box))).requestReconcile()
  }
}
