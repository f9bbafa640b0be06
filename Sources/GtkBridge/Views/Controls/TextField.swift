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
    context.coordinator.attach(to: Entry(), text: $text, context: context)
  }

  public func updateWidget(_ entry: Entry, context: Context) {
    context.coordinator.update(entry, title: title, text: $text)
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
    context.coordinator.attach(to: PasswordEntry(), text: $text, context: context)
  }

  public func updateWidget(_ entry: PasswordEntry, context: Context) {
    context.coordinator.update(entry, title: title, text: $text)
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
  /// The placeholder last set, so an update compares without asking GTK.
  private var title: String?

  init() {
    LiveObjects.increment(LiveObjects.coordinators)
  }

  isolated deinit {
    LiveObjects.decrement(LiveObjects.coordinators)
  }

  /// Connects `widget`'s text to `binding` and its Return to the enclosing `.onSubmit`.
  func attach<Field: EditableWidget, R: WidgetRepresentable>(
    to widget: Field, text binding: Binding<String>, context: WidgetRepresentableContext<R>
  ) -> Field {
    text = TextBindingSync(widget: widget, binding: binding)
    activate = widget.connectActivate { [weak context] in
      guard let context else { return }
      UpdateScheduler.shared.performOutsideUpdate { context.environment.submit() }
    }
    return widget
  }

  /// Shows `title` as the placeholder and `binding`'s text.
  func update(_ widget: EditableWidget, title: String, text binding: Binding<String>) {
    // NB: an empty title is no placeholder: GTK would make a placeholder label for "".
    if self.title != title {
      self.title = title
      if (widget.placeholderText ?? "") != title { widget.placeholderText = title }
    }
    update(text: binding)
  }

  /// Shows `binding`'s text.
  func update(text binding: Binding<String>) {
    text?.binding = binding
    text?.apply(binding.wrappedValue)
  }

  /// Whether the field shows `text` (as of GtkBridge's last set or GTK's last "changed").
  func isShowing(_ text: String) -> Bool {
    self.text?.isShowing(text) == true
  }

  func detach() {
    text?.detach()
    activate = nil
  }
}

extension TextField: InputComparable {
  func hasSameInputs(as other: TextField) -> Bool {
    title == other.title && $text.hasSameSource(as: other.$text)
  }

  func showsCurrentValues(coordinator: Any) -> Bool {
    (coordinator as? EditableFieldCoordinator)?.isShowing(text) == true
  }
}

extension SecureField: InputComparable {
  func hasSameInputs(as other: SecureField) -> Bool {
    title == other.title && $text.hasSameSource(as: other.$text)
  }

  func showsCurrentValues(coordinator: Any) -> Bool {
    (coordinator as? EditableFieldCoordinator)?.isShowing(text) == true
  }
}
