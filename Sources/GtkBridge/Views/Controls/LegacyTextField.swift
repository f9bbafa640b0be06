/// A `GtkEntry` whose text and focus stay in sync with two bindings: the seed's
/// `LegacyTextField`, on GTK 4, without its bugs.
///
/// ```swift
/// struct ContentView: View {
///   @State var text = ""
///   @State var isFirstResponder = false
///
///   var body: some View {
///     LegacyTextField(text: $text, isFirstResponder: $isFirstResponder) {
///       $0.textColor = .red
///       $0.caretColor = .blue
///     }
///   }
/// }
/// ```
///
/// **Text.** Each user edit writes `text` once, synchronously. State reaches the entry only
/// when it differs from the entry's text, so an echo writes nothing back and leaves cursor
/// and selection alone; a change from the app puts the cursor at the end. When GTK holds
/// other text than the binding asked for, the binding is set to what GTK holds: text over
/// `maxLength` is cut, and NUL characters (which cannot cross into C) are removed.
///
/// **Focus.** `isFirstResponder` is `true` exactly while the entry holds its window's focus,
/// whether or not that window is active. Setting it `true` focuses the entry on the same
/// update pass, even before the window is presented (no delay needed); if GTK refuses (the
/// entry is insensitive) it reads back `false`. Setting `false` resigns focus. Focus moving
/// between two fields is one change of each binding. An entry that turns insensitive or
/// leaves the view tree while focused sets it `false`.
///
/// **Configuration.** The closure runs after the entry is made and on every update. Style
/// set in it (``Widget/textColor``, ``Widget/css(_:)``, …) applies to this entry only and is
/// reloaded only when it changes; rejected CSS goes to ``StyleDiagnostics/handler`` and the
/// previous style stays.
public struct LegacyTextField: WidgetRepresentable {
  @Binding public var text: String
  @Binding public var isFirstResponder: Bool
  public var configuration: @MainActor (Entry) -> Void

  /// - Parameters:
  ///   - text: the entry's text.
  ///   - isFirstResponder: whether the entry holds its window's keyboard focus.
  ///   - configuration: styles and configures the entry; runs on every update.
  public init(
    text: Binding<String>, isFirstResponder: Binding<Bool>,
    configuration: @escaping @MainActor (Entry) -> Void = { _ in }
  ) {
    self._text = text
    self._isFirstResponder = isFirstResponder
    self.configuration = configuration
  }

  public func makeCoordinator() -> Coordinator {
    Coordinator(text: $text, isFirstResponder: $isFirstResponder)
  }

  public func makeWidget(context: Context) -> Entry {
    let entry = Entry()
    context.coordinator.attach(to: entry, context: context)
    return entry
  }

  public func updateWidget(_ entry: Entry, context: Context) {
    // Configuration first: it may change max-length, which decides what text the entry takes.
    entry.beginStyle()
    // `becomeFirstResponder()` in the closure asks through the binding, as focus rules want.
    let isFirstResponder = $isFirstResponder
    entry.uikit.firstResponderRequest = { isFirstResponder.wrappedValue = $0 }
    // NB: what the closure makes GTK do to the text (a lower `maxLength` cuts it) is no edit.
    entry.runConfiguration { configuration(entry) }
    entry.applyStyle()
    context.coordinator.update(
      text: $text, isFirstResponder: $isFirstResponder, node: context.node)
  }

  public static func dismantleWidget(_ entry: Entry, coordinator: Coordinator) {
    coordinator.detach()
  }
}
