import GtkBridge

// The samples ScreenReaderSamples shows, one per argument. (A file of their own: a module of one
// file is compiled as top-level code by swiftc, which an @main type cannot be in: CMake's build.)

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
