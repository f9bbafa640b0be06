/// A button that turns edit mode on and off: SwiftUI's `EditButton`, titled "Edit" and
/// "Done", writing `\.editMode` (see ``EditMode``).
///
/// ```swift
/// List { ForEach(items) { Text($0.name) }.onDelete(perform: delete) }
///   .toolbar { EditButton() }
/// ```
public struct EditButton: View {
  @Environment(\.editMode) private var editMode

  public init() {}

  public var body: some View {
    let isEditing = editMode?.wrappedValue.isEditing ?? false
    Button(isEditing ? "Done" : "Edit") {
      editMode?.wrappedValue = isEditing ? .inactive : .active
    }
  }
}
