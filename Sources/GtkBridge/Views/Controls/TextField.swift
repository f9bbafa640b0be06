/// An editable line of text in a `GtkEntry`, with a placeholder: SwiftUI's `TextField`.
///
/// Text sync follows ``LegacyTextField``'s rules; focus comes from `.focused`, and Return runs
/// the enclosing `.onSubmit` actions.
///
/// ```swift
/// TextField("Username", text: $username)
///   .focused($focusedField, equals: .username)
///   .onSubmit { focusedField = .password }
/// ```
public struct TextField: WidgetRepresentable {
  let title: String
  @Binding var text: String

  /// - Parameters:
  ///   - title: the placeholder shown while the field is empty.
  ///   - text: the field's text.
  public init(_ title: String, text: Binding<String>) {
    self.title = title
    self._text = text
  }

  public func makeCoordinator() -> EditableFieldCoordinator { EditableFieldCoordinator() }

  public func makeWidget(context: Context) -> Entry {
    let entry = Entry()
    context.coordinator.attach(to: entry, text: $text) { [weak context] in
      context?.environment.submit()
    }
    return entry
  }

  public func updateWidget(_ entry: Entry, context: Context) {
    // NB: an empty title is no placeholder: GTK would make a placeholder label for "".
    if (entry.placeholderText ?? "") != title { entry.placeholderText = title }
    context.coordinator.update(text: $text)
  }

  public static func dismantleWidget(_ entry: Entry, coordinator: EditableFieldCoordinator) {
    coordinator.detach()
  }
}

/// A password field in a `GtkPasswordEntry`: SwiftUI's `SecureField`.
///
/// ```swift
/// SecureField("Password", text: $password)
///   .focused($focusedField, equals: .password)
/// ```
public struct SecureField: WidgetRepresentable {
  let title: String
  @Binding var text: String

  public init(_ title: String, text: Binding<String>) {
    self.title = title
    self._text = text
  }

  public func makeCoordinator() -> EditableFieldCoordinator { EditableFieldCoordinator() }

  public func makeWidget(context: Context) -> PasswordEntry {
    let entry = PasswordEntry()
    context.coordinator.attach(to: entry, text: $text) { [weak context] in
      context?.environment.submit()
    }
    return entry
  }

  public func updateWidget(_ entry: PasswordEntry, context: Context) {
    if (entry.placeholderText ?? "") != title { entry.placeholderText = title }
    context.coordinator.update(text: $text)
  }

  public static func dismantleWidget(
    _ entry: PasswordEntry, coordinator: EditableFieldCoordinator
  ) {
    coordinator.detach()
  }
}

/// Keeps a text field's text in sync with its binding and runs `.onSubmit` on Return.
@MainActor
public final class EditableFieldCoordinator {
  private var text: TextBindingSync?
  private var activate: SignalConnection?

  init() {
    LiveObjects.increment(LiveObjects.coordinators)
  }

  isolated deinit {
    LiveObjects.decrement(LiveObjects.coordinators)
  }

  func attach(
    to widget: EditableWidget, text binding: Binding<String>,
    onSubmit: @escaping @MainActor () -> Void
  ) {
    text = TextBindingSync(widget: widget, binding: binding)
    activate = widget.connectActivate {
      UpdateScheduler.shared.performOutsideUpdate(onSubmit)
    }
  }

  func update(text binding: Binding<String>) {
    text?.binding = binding
    text?.apply(binding.wrappedValue)
  }

  func detach() {
    text?.detach()
    activate = nil
  }
}
