// swift-format-ignore-file
import GtkBridge

struct ContentView: View {
    @StateObject private var model = TipModel()
    @FocusState private var amountIsFocused: Bool

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    TextField("Amount", value: $model.checkAmount, format: .currency(code: Locale.current.currency?.identifier ?? "USD"))
                        .keyboardType(.decimalPad)
                        .focused($amountIsFocused)
                        .focusHighlight($amountIsFocused)

                    Picker("Number of people", selection: $model.numberOfPeople) {
                        ForEach(2..<100) {
                            Text("\($0) people")
                        }
                    }
                }

                Section("How much tip do you want to leave?") {
                    Picker("Tip percentage", selection: $model.tipPercentage) {
                        ForEach(TipModel.tipPercentages, id: \.self) {
                            Text($0, format: .percent)
                        }
                    }
                    .pickerStyle(.segmented)
                }

                Section("Total amount") {
                    Text(model.grandTotal, format: .currency(code: Locale.current.currency?.identifier ?? "USD"))
                        .modifier(TotalStyle(isZeroTip: model.tipPercentage == 0))
                }

                Section("Amount per person") {
                    Text(model.totalPerPerson, format: .currency(code: Locale.current.currency?.identifier ?? "USD"))
                }
            }
            .navigationTitle("WeSplit")
            .toolbar {
                if amountIsFocused {
                    Button("Done") {
                        amountIsFocused = false
                    }
                }
            }
            .onAppear { amountIsFocused = true }
        }
    }
}

#Preview {
    ContentView()
}
