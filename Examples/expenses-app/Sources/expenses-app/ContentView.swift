import GtkBridge

struct ContentView: View {
  @EnvironmentObject var store: ExpenseStore
  @Environment(Budget.self) private var budget
  @State private var showingAdd = false
  @State private var showingTotal = true

  var body: some View {
    NavigationStack {
      VStack(spacing: 0) {
        header
        List {
          ForEach(store.expenses) { expense in
            HStack {
              Text(expense.name)
              Spacer()
              Text(expense.amount, format: .number)
            }
          }
          .onDelete { offsets in store.delete(at: offsets) }
          // Rows dragged to a new place with the mouse, as on a Mac.
          .onMove { offsets, destination in
            store.expenses.move(fromOffsets: offsets, toOffset: destination)
          }
        }
      }
      .navigationTitle("Expenses")
      .toolbar {
        ToolbarItem(placement: .primaryAction) {
          Button("Add", systemImage: "plus") { showingAdd = true }
        }
        ToolbarItem(placement: .navigation) { EditButton() }
      }
      .sheet(isPresented: $showingAdd) {
        AddExpenseView().environmentObject(store)
      }
    }
  }

  private var header: some View {
    VStack {
      Toggle("Show total", isOn: $showingTotal.animation())
      if showingTotal {
        Text("Total \(Int(store.total)) of \(Int(budget.limit))")
          .font(.system(.title2, design: .rounded, weight: .bold))
          .foregroundColor(Color("BudgetGreen"))
          .transition(.opacity)
      }
    }
    .padding()
    .background(
      LinearGradient(
        colors: [Color(.systemGray6), .clear], startPoint: .top, endPoint: .bottom))
  }
}
