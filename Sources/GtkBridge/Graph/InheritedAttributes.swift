import CGtk

/// The attributes a widget inherits from the views around it (`.disabled`, `.hidden()`), as
/// one node last applied them to its own widget.
///
/// They flow down as environment values, so nested modifiers combine (any enclosing
/// `.disabled(true)` wins) instead of the last writer winning. Each node that owns a widget
/// applies them once when it is made and again only when a modifier above it changes them.
/// A node applies only what it must: it never re-enables a widget it did not disable, so
/// sensitivity set by the app's own configuration code is left alone.
@MainActor
struct InheritedAttributes: Equatable {
  var disabled = false
  var hidden = false

  init() {}

  init(_ environment: EnvironmentValues) {
    disabled = !environment.isEnabled
    hidden = environment.isHidden
  }

  /// Brings `widget` from `self` (what was applied) to `wanted`.
  mutating func apply(_ wanted: InheritedAttributes, to widget: Widget) {
    if wanted.disabled != disabled {
      widget.isSensitive = !wanted.disabled
    }
    if wanted.hidden != hidden {
      // NB: SwiftUI's hidden view keeps its place in the layout: not drawn, no input, no focus.
      if wanted.hidden, widget.containsFocus { widget.resignFocus() }
      widget.opacity = wanted.hidden ? 0 : 1
      widget.canTarget = !wanted.hidden
      widget.canFocus = !wanted.hidden
    }
    self = wanted
  }
}

extension ViewNode {
  /// Tells every node below this one that inherited attributes changed above them.
  func inheritedAttributesChanged() {
    for node in subtree where node !== self { node.applyInheritedAttributes() }
  }
}
