import Observation

/// Whether the user is editing a list: SwiftUI's `EditMode`, read and written through
/// `@Environment(\.editMode)` and toggled by ``EditButton``.
///
/// GtkBridge keeps one edit mode for the app (SwiftUI keeps one per navigation hierarchy);
/// a view may give its own with `.environment(\.editMode, $mode)`. Lists show no delete or
/// move handles in edit mode: Delete on a row deletes in every mode (see `onDelete`).
///
/// ```swift
/// @Environment(\.editMode) private var editMode
/// if editMode?.wrappedValue.isEditing == true { Text("Editing") }
/// ```
public enum EditMode: Hashable, Sendable {
  case inactive, transient, active

  /// Whether this is an editing mode (`.active` or `.transient`).
  public var isEditing: Bool { self != .inactive }
}

/// The app's edit mode, observable so that the views that read it follow it.
@MainActor
@Observable
final class AppEditMode {
  static let shared = AppEditMode()
  var mode = EditMode.inactive

  /// A binding to it.
  static var binding: Binding<EditMode> {
    Binding(get: { shared.mode }, set: { shared.mode = $0 })
  }
}

private struct EditModeKey: EnvironmentKey {
  static var defaultValue: Binding<EditMode>? { nil }
}

extension EnvironmentValues {
  /// The edit mode of the views here: SwiftUI's `editMode`, the app's unless a view above
  /// gave its own.
  public var editMode: Binding<EditMode>? {
    get { self[EditModeKey.self] ?? AppEditMode.binding }
    set { self[EditModeKey.self] = newValue }
  }
}
