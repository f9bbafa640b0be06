/// A built-in control whose update reads an inherited attribute from the environment to draw
/// its widget: a shape filled or stroked with the tint (``TintShapeStyle``). When inherited
/// attributes change above it (``ViewNode/inheritedAttributesChanged()``), its node asks it
/// whether what it read is now otherwise, and runs its update again only then.
@MainActor
protocol InheritedAttributesReading: WidgetRepresentable {
  /// Whether what the last `updateWidget` read of the inherited attributes differs from what
  /// `context`'s environment holds now.
  func needsUpdate(afterInheritedChange context: Context) -> Bool
}

extension InheritedAttributesReading {
  /// `needsUpdate(afterInheritedChange:)` for a context known only as the representable's
  /// (`RepresentableNode`).
  func needsUpdate(afterInheritedChangeIn anyContext: Any) -> Bool {
    guard let context = anyContext as? Context else { return false }
    return needsUpdate(afterInheritedChange: context)
  }
}
