import GtkBridge

/// A disabled field in the same focus state: assigning `.locked` asks GTK, which refuses an
/// insensitive widget, and the state reads back where focus really is. The answer is shown.
struct DisabledSection: View {
  @Bindable var model: DemoModel
  let focus: FocusState<Field?>.Binding

  var body: some View {
    Card("Disabled field", caption: ".disabled(true): focus requests are refused") {
      TextField("Locked", text: $model.locked.traced("locked"))
        .disabled(true)
        .focused(focus, equals: .locked)
      HStack(spacing: 8) {
        Button("Focus the disabled field") { model.requestLockedFocus() }
        Spacer()
      }
      Text(model.lockedStatus)
        .foregroundColor(model.lockedRefused ? Color(red: 0.75, green: 0.11, blue: 0.16) : nil)
        .font(model.lockedRefused ? .system(size: 10, weight: .bold) : nil)
    }
  }
}
