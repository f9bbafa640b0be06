import GtkBridge

/// The text field a command acts on: what the focused field publishes with `.focusedValue`.
struct EditedField {
  let name: String
  let text: Binding<String>
}

struct EditedFieldKey: FocusedValueKey {
  typealias Value = EditedField
}

extension FocusedValues {
  var editedField: EditedField? {
    get { self[EditedFieldKey.self] }
    set { self[EditedFieldKey.self] = newValue }
  }
}

/// The demo's commands, in the header bar's primary menu (F10): a "Field" menu acting on
/// the field that has focus, read with `@FocusedValue`, and the standard editing commands.
/// Opening the menu moves no focus, so its commands act on the field it was opened over.
struct DemoCommands: Commands {
  @FocusedValue(\.editedField) var field

  var body: some Commands {
    CommandMenu("Field") {
      Button("Clear \(field?.name ?? "Field")") { field?.text.wrappedValue = "" }
        .keyboardShortcut("k")
        .disabled(field == nil || field?.text.wrappedValue.isEmpty == true)
      Button("Capitalize \(field?.name ?? "Field")") {
        guard let text = field?.text else { return }
        text.wrappedValue = text.wrappedValue.split(
          separator: " ", omittingEmptySubsequences: false
        )
        .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
      }
      .keyboardShortcut("u", modifiers: [.command, .option])
      .disabled(field == nil)
    }
    TextEditingCommands()
  }
}
