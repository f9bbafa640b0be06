import GtkBridge

/// Small apps heard with the Orca screen reader beside their C peers (`scripts/orca-speech`,
/// `scripts/screen-reader-peers/`): a form, a list, a sheet, an alert and a navigation stack,
/// each as an app writes it in SwiftUI. The sample is the first argument (default `form`).
@main
struct ScreenReaderSamples: App {
  static var applicationID: String { "org.gtkbridge.ScreenReaderSamples" }

  var body: some Scene {
    WindowGroup("Samples", width: 480, height: 360) {
      Sample(kind: CommandLine.arguments.dropFirst().first ?? "form")
    }
  }
}

/// One sample, chosen by name.
struct Sample: View {
  let kind: String

  var body: some View {
    switch kind {
    case "list": ListSample()
    case "sheet": SheetSample()
    case "alert": AlertSample()
    case "navigation": NavigationSample()
    default: FormSample()
    }
  }
}

/// Labelled fields, a secure field, a toggle and a button, in a `Form`.
struct FormSample: View {
  @State private var username = ""
  @State private var password = ""
  @State private var remember = false

  var body: some View {
    Form {
      TextField("Username", text: $username, prompt: Text("ada"))
      SecureField("Password", text: $password, prompt: Text("At least 8 characters"))
      Toggle("Remember me", isOn: $remember)
      Button("Sign in") {}
    }
  }
}

/// A list of three rows under a search field.
struct ListSample: View {
  @State private var search = ""

  var body: some View {
    VStack {
      TextField("Search", text: $search)
      List(["Apples", "Pears", "Plums"], id: \.self) { fruit in
        Text(fruit)
      }
    }
  }
}

/// "Add…" opens a sheet with one field, Escape or Cancel closes it.
struct SheetSample: View {
  @State private var note = ""
  @State private var item = ""
  @State private var isAdding = false

  var body: some View {
    VStack {
      TextField("Note", text: $note)
      Button("Add…") { isAdding = true }
    }
    .sheet(isPresented: $isAdding) {
      Form {
        TextField("Item", text: $item)
      }
      .navigationTitle("New item")
      .toolbar {
        ToolbarItem(placement: .cancellationAction) { Button("Cancel") { isAdding = false } }
        ToolbarItem(placement: .confirmationAction) { Button("Add") { isAdding = false } }
      }
    }
  }
}

/// "Delete…" asks in an alert.
struct AlertSample: View {
  @State private var note = ""
  @State private var isAsking = false

  var body: some View {
    VStack {
      TextField("Note", text: $note)
      Button("Delete…") { isAsking = true }
    }
    .alert("Delete the note?", isPresented: $isAsking) {
      Button("Delete", role: .destructive) { note = "" }
      Button("Cancel", role: .cancel) {}
    } message: {
      Text("This cannot be undone.")
    }
  }
}

/// A link pushes a page with a field; Alt+Left or Back pops it.
struct NavigationSample: View {
  @State private var path: [Int] = []
  @State private var detail = ""

  var body: some View {
    NavigationStack(path: $path) {
      NavigationLink("Details", value: 1)
        .navigationTitle("Home")
        .navigationDestination(for: Int.self) { _ in
          TextField("Detail", text: $detail)
            .navigationTitle("Details")
        }
    }
  }
}
