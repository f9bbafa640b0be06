import GtkBridge

/// The iOS 15 half of the seed: two fields bound to one `@FocusState`. Return moves to the
/// next field and submits from the last; a failed submit focuses the offending field;
/// "Done" dismisses focus by assigning `nil`.
struct SignInForm: View {
  @Bindable var model: DemoModel
  let focus: FocusState<Field?>.Binding

  var body: some View {
    Card("Sign in", caption: "@FocusState, .onSubmit, .defaultFocus") {
      VStack(spacing: 4) {
        FieldLabel("Username")
        TextField("ada", text: $model.username.traced("username"))
          .focused(focus, equals: .username)
          .focusedValue(\.editedField, EditedField(name: "Username", text: $model.username))
          .accessibilityLabel("Username")
      }
      VStack(spacing: 4) {
        FieldLabel("Password")
        SecureField("At least 8 characters", text: $model.password.traced("password", secure: true))
          .focused(focus, equals: .password)
          .accessibilityLabel("Password")
      }
      .padding(.bottom, 4)
      HStack(spacing: 8) {
        Button("Sign in") { model.signIn() }
          .frame(minWidth: 90)
        Button("Done") { model.dismissFocus() }
          .frame(minWidth: 70)
        Spacer()
      }
      Text(model.status.text)
        .foregroundColor(model.status.isError ? Color(red: 0.75, green: 0.11, blue: 0.16) : nil)
    }
    .onSubmit { model.submit() }
  }
}
