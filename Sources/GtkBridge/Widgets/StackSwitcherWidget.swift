import CGtk

/// A handle on a `GtkStackSwitcher`: a row of buttons, one per page of a stack, titled by
/// the pages' titles, that shows the page clicked. ``TabView``'s tabs.
@MainActor
final class StackSwitcherWidget: Widget {
  /// A switcher for `stack`'s pages. Wraps `gtk_stack_switcher_new` and
  /// `gtk_stack_switcher_set_stack`.
  init(stack: StackWidget) {
    super.init(retaining: gtk_stack_switcher_new()!)
    gtk_stack_switcher_set_stack(opaquePointer, stack.opaquePointer)
  }
}
