import CGtk

/// The attributes a widget inherits from the views around it (`.disabled`, `.hidden()`, and
/// for controls the ``ControlStyle`` of `.buttonStyle`, `.controlSize` and the like), as one
/// node last applied them to its own widget.
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
  var controlStyle = ControlStyle()

  init() {}

  init(_ environment: EnvironmentValues) {
    disabled = !environment.isEnabled
    hidden = environment.isHidden
    if ControlStyle.inUse { controlStyle = environment.controlStyle }
  }

  /// Brings `widget` from `self` (what was applied) to `wanted`. A control's node says which
  /// of its widgets take the control style (`controls`); a container's node applies none.
  mutating func apply(
    _ wanted: InheritedAttributes, to widget: Widget, controls: ControlStyle.Reach? = nil
  ) {
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
    if let controls {
      wanted.controlStyle.apply(to: widget, from: controlStyle, reach: controls)
    }
    self = wanted
  }
}

extension ViewNode {
  /// Tells every node below this one that inherited attributes changed above them, counting
  /// the content of a window presented from below (a sheet) and of a popover, which inherit
  /// them too.
  func inheritedAttributesChanged() {
    for node in subtree where node !== self { node.applyInheritedAttributes() }
    let fromHere = { (presenter: ViewNode?) in
      presenter.map { $0 === self || $0.isDescendant(of: self) } ?? false
    }
    // NB: a popover's content is a child of its presenter's node but none of its
    // `childNodes` (the content of a popover presented from inside is found here too).
    for popover in PopoverPresenter.shown where fromHere(popover.presenter) {
      for node in popover.content?.subtree ?? [] { node.applyInheritedAttributes() }
    }
    for window in PresentationQueue.shown where fromHere(window.presenter) {
      window.graph.root?.inheritedAttributesChanged()
    }
  }
}
