import GtkBridge

struct AddExpenseView: View {
  @EnvironmentObject var store: ExpenseStore
  @Environment(\.presentationMode) private var presentationMode
  @State private var name = ""
  @State private var amount = 0.0

  var body: some View {
    NavigationStack {
      Form {
        TextField("Name", text: $name)
        TextField("Amount", value: $amount, format: .number)
      }
      .navigationTitle("New Expense")
      .toolbar {
        ToolbarItem(placement: .cancellationAction) {
          Button("Cancel") { presentationMode.wrappedValue.dismiss() }
        }
        ToolbarItem(placement: .confirmationAction) {
          Button("Save") {
            withAnimation { store.add(name, amount: amount) }
            presentationMode.wrappedValue.dismiss()
          }
          .disabled(name.isEmpty)
        }
      }
    }
  }
}
