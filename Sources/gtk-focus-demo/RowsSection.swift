import GtkBridge

/// Editable rows from a `ForEach`, identified by id: "focus row N" assigns the focus state,
/// and "Shuffle" reorders the rows while the focused one keeps its focus and cursor.
struct RowsSection: View {
  @Bindable var model: DemoModel
  let focus: FocusState<Field?>.Binding

  var body: some View {
    Card(
      "Rows", caption: "ForEach by id: a shuffle keeps focus and cursor",
      fillsHeight: true
    ) {
      ForEach(model.filteredRows) { row in
        RowEditor(row: row, focus: focus)
      }
      HStack(spacing: 4) {
        Text("Focus row:")
          .frame(minWidth: 74)
        ForEach(1..<5) { id in
          Button("\(id)") { model.focusRow(id) }
            // A screen reader reads "Focus row 1", not "1": the label before them is no name.
            .accessibilityLabel("Focus row \(id)")
            // NB: CSS padding inside the button; `.padding` would be margins outside it.
            .configure { $0.css("padding-left: 7px; padding-right: 7px;") }
        }
        Spacer()
        Button("Add…") { model.isAddingRow = true }
        Button("Shuffle") { model.shuffleRows() }
      }
      .padding(.top, 2)
    }
    .sheet(isPresented: $model.isAddingRow) { AddRowSheet(model: model) }
  }
}

/// The "Add…" sheet: a small form; focus goes to its field when it opens and back to where
/// it was in the window when it closes. Escape or Cancel closes it, Return or Add adds.
struct AddRowSheet: View {
  @Bindable var model: DemoModel
  // NB: qualified: the demo has its own `Environment` (the process environment).
  @GtkBridge.Environment(\.dismiss) private var dismiss

  var body: some View {
    Form {
      TextField("Item", text: $model.newRowText)
        .onSubmit { model.addRow() }
    }
    .navigationTitle("New row")
    .toolbar {
      ToolbarItem(placement: .cancellationAction) {
        Button("Cancel") { dismiss() }
      }
      ToolbarItem(placement: .confirmationAction) {
        Button("Add") { model.addRow() }
          .disabled(model.newRowText.trimmingSpacesAndNewlines.isEmpty)
      }
    }
  }
}

/// One row: its id, and a text field bound to the row's text and to `.row(id)`.
struct RowEditor: View {
  @Bindable var row: RowItem
  let focus: FocusState<Field?>.Binding

  var body: some View {
    HStack(spacing: 10) {
      Text("#\(row.id)")
        .font(.custom("DejaVu Sans Mono", size: 10))
        .frame(minWidth: 24)
        .opacity(0.6)
      TextField("Row \(row.id)", text: $row.text.traced("row(\(row.id))"))
        .focused(focus, equals: .row(row.id))
        .focusedValue(\.editedField, EditedField(name: "Row \(row.id)", text: $row.text))
        .frame(maxWidth: .infinity)
    }
  }
}
