/// Storage that can be made again as its property declared it: a `@State` from its initial
/// value, an `@Environment` reader, a `@StateObject` from its autoclosure.
@MainActor
protocol FreshStorage: AnyObject {
  func freshStorage() -> AnyObject
}

extension StateBox: FreshStorage {
  func freshStorage() -> AnyObject { StateBox(initial) }
}

extension EnvironmentReader: FreshStorage {
  func freshStorage() -> AnyObject { EnvironmentReader() }
}

extension StateObjectStorage: FreshStorage {
  func freshStorage() -> AnyObject { StateObjectStorage(make: make) }
}

/// One view value placed in two places, or placed again after it left.
///
/// A view's state properties hold their storage through links (classes), so copies of one
/// view value share them: `let row = Counter()` used twice, or a view kept in a property and
/// shown again after an `if` removed it. SwiftUI gives each place its own state, starting from
/// the declared initial value; so does GtkBridge. A node that gets a value whose links another
/// node still uses works on a copy of the value with links of its own; a value whose links
/// belong to a node that left gets new storage in place.
@MainActor
enum StateStorageSharing {
  /// `view`, or a copy of it whose links are new when `links` (its state properties' links)
  /// are used by another live node than `node`. Every link of the result belongs to `node`.
  static func owned<V>(_ view: V, links: [AnyStorageLink], by node: ViewNode) -> (
    V, [AnyStorageLink]
  ) {
    var shared = false
    for link in links {
      let owner = link.owner
      if owner === node { continue }
      if let owner, !owner.isDismantled {
        shared = true
      } else if link.wasOwned {
        // NB: nothing reads the storage of a node that left: start again from the initial value.
        link.renew()
        link.owner = nil
      }
    }
    guard shared else {
      for link in links { link.owner = node }
      return (view, links)
    }
    let fresh = links.map { $0.owner == nil || $0.owner === node ? $0 : $0.freshCopy() }
    guard let copy = replacing(links, with: fresh, in: view) else {
      warnOnce(V.self)
      for link in links { link.owner = node }
      return (view, links)
    }
    for link in fresh { link.owner = node }
    return (copy, fresh)
  }

  /// `view` with each link of `old` replaced by the link at the same place in `new`, found in
  /// the value's bytes (a state property is a struct around one reference, stored inline).
  /// `nil` when a link is not stored inline.
  private static func replacing<V>(
    _ old: [AnyStorageLink], with new: [AnyStorageLink], in view: V
  ) -> V? {
    var copy = view
    let replacedAll = withUnsafeMutableBytes(of: &copy) { raw -> Bool in
      guard let base = raw.baseAddress else { return old.isEmpty }
      let stride = MemoryLayout<UInt>.stride
      for (oldLink, newLink) in zip(old, new) where oldLink !== newLink {
        let oldBits = UInt(bitPattern: Unmanaged.passUnretained(oldLink as AnyObject).toOpaque())
        var found = false
        var offset = 0
        while offset + stride <= raw.count {
          if base.load(fromByteOffset: offset, as: UInt.self) == oldBits {
            // NB: the copy held one reference to the old link; it holds the new one instead.
            let newBits = UInt(bitPattern: Unmanaged.passRetained(newLink as AnyObject).toOpaque())
            base.storeBytes(of: newBits, toByteOffset: offset, as: UInt.self)
            Unmanaged.passUnretained(oldLink as AnyObject).release()
            found = true
          }
          offset += stride
        }
        if !found { return false }
      }
      return true
    }
    return replacedAll ? copy : nil
  }

  private static var warned: Set<ObjectIdentifier> = []

  private static func warnOnce(_ type: Any.Type) {
    guard warned.insert(ObjectIdentifier(type)).inserted else { return }
    Log.warning(
      "GtkBridge: one \(type) value is shown in two places and its state could not be "
        + "separated; both places share it")
  }
}
