/// `\.id` of an `Identifiable` element type, made once per type.
///
/// NB: a key path literal over a generic type (`\Data.Element.id` in `ForEach`'s generic
/// initializers) is instantiated at run time on every evaluation, about 19,000 instructions
/// (`swift_getKeyPath`), and a parent's `body` makes its `ForEach` on every run.
@MainActor
enum IdentityKeyPath {
  private static var made: [ObjectIdentifier: AnyKeyPath] = [:]

  static func of<Element: Identifiable>(_: Element.Type) -> KeyPath<Element, Element.ID> {
    if let keyPath = made[ObjectIdentifier(Element.self)] {
      return unsafeDowncast(keyPath, to: KeyPath<Element, Element.ID>.self)
    }
    let keyPath = \Element.id
    made[ObjectIdentifier(Element.self)] = keyPath
    return keyPath
  }
}
