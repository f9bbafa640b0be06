import GtkBridge

/// The live state of the window: the `@FocusState` value and every field's text, updated as
/// you type, then the latest lines of the trace.
struct Inspector: View {
  @Bindable var model: DemoModel
  let focus: FocusState<Field?>.Binding
  let log: EventLog

  var body: some View {
    Card("Inspector", caption: "State as the views see it, live", fillsHeight: true) {
      VStack(spacing: 3) {
        InspectorRow("@FocusState", focus.wrappedValue.map { ".\($0)" } ?? "nil")
          .bold()
        InspectorRow("username", quoted(model.username))
        InspectorRow(
          "password",
          quoted(String(repeating: "•", count: model.password.count))
            + " (\(model.password.count) characters)")
        InspectorRow("legacy.text", quoted(model.legacyText))
        InspectorRow("legacy.isFirstResponder", "\(model.isLegacyFirstResponder)")
        InspectorRow("rows order", "\(model.rows.map(\.id))")
        ForEach(model.rows) { row in
          InspectorRow("row(\(row.id)).text", quoted(row.text))
        }
        InspectorRow("locked", quoted(model.locked))
      }
      VStack(spacing: 2) {
        FieldLabel("Recent events (--trace prints them all)")
        ForEach(log.recent.indices, id: \.self) { index in
          Text(log.recent[index])
            .font(.custom("DejaVu Sans Mono", size: 8.5))
        }
      }
      .padding(.top, 6)
    }
  }

  private func quoted(_ text: String) -> String { "\"\(text)\"" }
}

/// A name and its value, in two columns.
struct InspectorRow: View {
  let name: String
  let value: String

  init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }

  var body: some View {
    HStack(alignment: .top, spacing: 8) {
      Text(name)
        .font(.custom("DejaVu Sans Mono", size: 9))
        .frame(minWidth: 150)
        .opacity(0.7)
      Text(value)
        .font(.custom("DejaVu Sans Mono", size: 9))
    }
  }
}
