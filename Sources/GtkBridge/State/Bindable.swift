import Observation

/// Bindings into an `@Observable` model: SwiftUI's `@Bindable`.
///
/// ```swift
/// @Observable final class Form {
///   var name = ""
///   var focus: Field?
/// }
///
/// struct FormView: View {
///   @Bindable var form: Form
///   var body: some View {
///     TextField("Name", text: $form.name)
///       .focused($form.focus, equals: .name)
///   }
/// }
/// ```
@MainActor
@propertyWrapper
@dynamicMemberLookup
public struct Bindable<Model: AnyObject & Observable> {
  public let wrappedValue: Model

  public init(wrappedValue: Model) {
    self.wrappedValue = wrappedValue
  }

  public init(_ model: Model) {
    self.wrappedValue = model
  }

  public var projectedValue: Bindable<Model> { self }

  /// A binding to one property of the model: `$form.name`.
  public subscript<Value>(dynamicMember keyPath: ReferenceWritableKeyPath<Model, Value>)
    -> Binding<Value>
  {
    let model = wrappedValue
    return Binding(
      get: { model[keyPath: keyPath] },
      set: { model[keyPath: keyPath] = $0 },
      id: .property(ObjectIdentifier(model), keyPath))
  }
}
