/// Where a ``ToolbarItem`` goes: SwiftUI's `ToolbarItemPlacement`, mapped to GNOME's window
/// layout.
///
/// | placement | GTK |
/// |---|---|
/// | `.navigation`, `.cancellationAction`, `.topBarLeading` | the header bar's start, after the back button |
/// | `.automatic`, `.primaryAction`, `.secondaryAction`, `.destructiveAction`, `.topBarTrailing` | the header bar's end |
/// | `.confirmationAction` | the header bar's very end, styled `suggested-action`; the window's default widget (Return) |
/// | `.principal` | the header bar's middle, instead of the title |
/// | `.bottomBar`, `.status` | a `GtkActionBar` under the content |
/// | `.keyboard` | a `GtkActionBar` under the content, shown only while a text field has focus; F6 moves focus onto its buttons and back |
public struct ToolbarItemPlacement: Hashable, Sendable {
  enum Slot: Int, Comparable {
    case navigation, cancellation, principal, automatic, primary, confirmation, bottom, keyboard

    static func < (lhs: Slot, rhs: Slot) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  let name: String
  let slot: Slot

  /// The header bar's end, before the primary and confirmation actions.
  public static let automatic = ToolbarItemPlacement(name: "automatic", slot: .automatic)
  /// The most used action: the header bar's end.
  public static let primaryAction = ToolbarItemPlacement(name: "primaryAction", slot: .primary)
  /// Less used actions: the header bar's end, as `.automatic`.
  public static let secondaryAction = ToolbarItemPlacement(
    name: "secondaryAction", slot: .automatic)
  /// Moves between views (a sidebar toggle, a back button of your own): the header bar's start.
  public static let navigation = ToolbarItemPlacement(name: "navigation", slot: .navigation)
  /// Cancels (a sheet's or an editor's "Cancel"): the header bar's start; Escape runs it.
  public static let cancellationAction = ToolbarItemPlacement(
    name: "cancellationAction", slot: .cancellation)
  /// Confirms ("Done", "Save"): the header bar's very end; Return runs it when no field takes
  /// the key, as the window's default widget.
  public static let confirmationAction = ToolbarItemPlacement(
    name: "confirmationAction", slot: .confirmation)
  /// Deletes: the header bar's end.
  public static let destructiveAction = ToolbarItemPlacement(
    name: "destructiveAction", slot: .automatic)
  /// The middle of the header bar, in place of the title.
  public static let principal = ToolbarItemPlacement(name: "principal", slot: .principal)
  /// A status line: the bar under the content, as `.bottomBar`.
  public static let status = ToolbarItemPlacement(name: "status", slot: .bottom)
  /// The bar under the content (a `GtkActionBar`).
  public static let bottomBar = ToolbarItemPlacement(name: "bottomBar", slot: .bottom)
  /// The desktop form of the keyboard accessory: a bar under the content shown only while a
  /// text field or text editor of the window has focus. Its buttons never take focus, so
  /// "Done" and "Next" act on the field the user is in.
  public static let keyboard = ToolbarItemPlacement(name: "keyboard", slot: .keyboard)
  /// iOS's leading edge of the navigation bar: the header bar's start.
  public static let topBarLeading = ToolbarItemPlacement(name: "topBarLeading", slot: .navigation)
  /// iOS's trailing edge of the navigation bar: the header bar's end.
  public static let topBarTrailing = ToolbarItemPlacement(
    name: "topBarTrailing", slot: .automatic)
  /// The older name of ``topBarLeading``.
  public static let navigationBarLeading = topBarLeading
  /// The older name of ``topBarTrailing``.
  public static let navigationBarTrailing = topBarTrailing
}
