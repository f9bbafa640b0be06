/// A node's view of its own type, read out of `any View` without `as?`.
///
/// `view as? V` in a node's `update(to:)` is a dynamic cast plus the metadata of `V?` (an
/// optional of a generic type, looked up on every call): about 1,500 instructions per node
/// per update, paid by every node a re-run `body` reaches. A node is made for one exact view
/// type, so comparing metatypes decides, and the value is copied out of the existential.
///
/// ```swift
/// guard ViewCast.isExactly(view, V.self) else { return false }
/// let view = ViewCast.value(of: view, as: V.self)
/// ```
enum ViewCast {
  /// Whether `view`'s type is exactly `V` (otherwise the node is replaced, as after `as?`).
  static func isExactly<V>(_ view: any View, _: V.Type) -> Bool {
    ObjectIdentifier(type(of: view)) == ObjectIdentifier(V.self)
  }

  /// `view` as a `V`; only after `isExactly` answered true.
  static func value<V>(of view: any View, as _: V.Type) -> V {
    func copy<T: View>(_ value: T) -> V {
      precondition(T.self == V.self, "ViewCast: a \(T.self) read as a \(V.self)")
      return withUnsafePointer(to: value) { UnsafeRawPointer($0).load(as: V.self) }
    }
    return copy(view)
  }
}
