import GtkBridge

/// A page the window pushes: its values are `Hashable`, for `NavigationStack(path:)`.
enum DemoPage: Hashable {
  case settings
  /// 100,000 rows in a lazy stack (`LibraryPage`).
  case library
}

/// The look the settings page offers (stored only: the demo follows the system).
enum Theme: Hashable {
  case system, light, dark
}

/// The settings page's text fields, in order.
enum SettingsField: Hashable {
  case displayName, email

  var next: SettingsField? { self == .displayName ? .email : nil }
  var previous: SettingsField? { self == .email ? .displayName : nil }
}

/// The settings page: GNOME-style boxed rows (`Form`, `Section`, `LabeledContent`), a
/// keyboard bar (Previous, Next, Done) shown only while one of its fields has focus, and a
/// help line under the profile that reads the focused field's `@FocusedValue`.
struct SettingsPage: View {
  @Bindable var model: DemoModel
  @FocusState private var focus: SettingsField?
  @FocusedValue(\.settingHelp) private var help

  var body: some View {
    Form {
      Section {
        TextField("Display name", text: $model.displayName)
          .focused($focus, equals: .displayName)
          .focusedValue(\.settingHelp, "Display name: how other people see you.")
        TextField("Email", text: $model.email)
          .focused($focus, equals: .email)
          .focusedValue(\.settingHelp, "Email: where sign-in links are sent.")
      } header: {
        Text("Profile")
      } footer: {
        Text(help ?? "Select a field to see what it is for.")
      }
      Section("Editing") {
        Toggle("Show hints", isOn: $model.showsHints)
        Picker("Theme", selection: $model.theme) {
          Text("System").tag(Theme.system)
          Text("Light").tag(Theme.light)
          Text("Dark").tag(Theme.dark)
        }
        LabeledContent("Version", value: "Round 2")
      }
    }
    .navigationTitle("Settings")
    .defaultFocus($focus, .displayName)
    .toolbar {
      ToolbarItemGroup(placement: .keyboard) {
        Button("Previous") { focus = focus?.previous }
          .disabled(focus?.previous == nil)
        Button("Next") { focus = focus?.next }
          .disabled(focus?.next == nil)
        Button("Done") { focus = nil }
      }
    }
    .onChange(of: focus) { _, new in model.settingsFocus = new }
  }
}

/// The focused settings field's help line: what `SettingsPage` publishes and reads.
struct SettingHelpKey: FocusedValueKey {
  typealias Value = String
}

extension FocusedValues {
  var settingHelp: String? {
    get { self[SettingHelpKey.self] }
    set { self[SettingHelpKey.self] = newValue }
  }
}
