import CGtk

/// An editable line of text in a `GtkEntry`, with a placeholder: SwiftUI's `TextField`.
///
/// Text sync follows ``LegacyTextField``'s rules; focus comes from `.focused`, and Return runs
/// the enclosing `.onSubmit` actions.
///
/// ```swift
/// TextField("Username", text: $username)
///   .focused($focusedField, equals: .username)
///   .onSubmit { focusedField = .password }
/// TextField("Age", value: $age, format: .number)
/// ```
///
/// GTK entries have no separate label: the title (or the label view's text) is the
/// placeholder unless a `prompt` is given, which then is.
///
/// With `axis: .vertical` the field holds several lines (a ``VerticalTextFieldWidget``): it
/// grows with its text within its `.lineLimit`, then scrolls. Return runs `.onSubmit` and
/// types nothing; Option-Return (Alt) or Ctrl-Return types a new line; Tab moves focus on.
///
/// ```swift
/// TextField("Message", text: $message, axis: .vertical)
///   .lineLimit(1...5)
///   .onSubmit(send)
/// ```
///
/// `Label` is the type of the label view, as in SwiftUI (`TextField<Text>` for a titled field);
/// it is what a custom ``TextFieldStyle`` is handed as `TextField<_Label>`.
public struct TextField<Label: View>: WidgetRepresentable, PrimitiveView {
  let title: String
  /// The title or label text, which a ``Form`` row shows as the row's label.
  var label = ""
  let source: TextSource
  /// The identity of `source`'s string binding (`nil` for a formatted value).
  ///
  /// NB: kept beside `source`, so that comparing two fields reads it in place: reaching it
  /// through the enum copied the source and its binding (about 650 instructions a comparison,
  /// measured against a computed id).
  private(set) var sourceID: BindingID?
  var callbacks = EditingCallbacks()
  /// `.vertical`: several lines in a text view; `.horizontal`: one line in an entry.
  var axis = Axis.horizontal

  /// A field labelled by a view; its text (when it is a ``Text``) is the placeholder unless
  /// a `prompt` is given.
  public init(
    text: Binding<String>, prompt: Text? = nil, @ViewBuilder label: () -> Label
  ) {
    let labelText = (label() as? Text)?.content ?? ""
    title = prompt?.content ?? labelText
    self.label = labelText
    source = .text(text)
    sourceID = text.sourceID
  }

  /// A field along `axis` labelled by a view; see ``init(text:prompt:label:)``.
  public init(
    text: Binding<String>, prompt: Text? = nil, axis: Axis, @ViewBuilder label: () -> Label
  ) {
    self.init(text: text, prompt: prompt, label: label)
    self.axis = axis
  }

  /// The same field with another label type: the field a custom ``TextFieldStyle`` is handed.
  init<Other>(restyling other: TextField<Other>) {
    title = other.title
    label = other.label
    source = other.source
    sourceID = other.sourceID
    callbacks = other.callbacks
    axis = other.axis
  }

  public var body: Never { fatalError("TextField is backed by a GTK widget, not by body") }

  /// The GTK field, or, under a custom ``TextFieldStyle``, the style's body around it.
  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    // NB: the flag first, so that apps without a custom style never look the environment up
    // for each field they make.
    guard CustomTextFieldStyle.inUse, parent?.environment.customTextFieldStyle != nil else {
      return RepresentableNode(graph: graph, parent: parent, representable: self)
    }
    return StyledControlNode(
      graph: graph, parent: parent, control: self,
      render: { field, environment in
        guard let style = environment.customTextFieldStyle else { return AnyView(field) }
        return style.body(TextField<_TextFieldStyleLabel>(restyling: field))
      },
      withoutStyle: { $0.customTextFieldStyle = nil })
  }

  public func makeCoordinator() -> EditableFieldCoordinator { EditableFieldCoordinator() }

  /// An ``Entry``, or a ``VerticalTextFieldWidget`` for the `.vertical` axis.
  public func makeWidget(context: Context) -> Widget {
    let coordinator = context.coordinator
    let text = source.binding(coordinator)
    guard axis == .vertical else {
      let entry = coordinator.attach(
        to: Entry().centeredVertically().takingOfferedWidth(), text: text, context: context)
      if case .formatted = source { coordinator.commitDraftWhenFocusLeaves() }
      return entry
    }
    let field = VerticalTextFieldWidget()
    gtk_widget_set_hexpand(field.pointer, 1)
    return coordinator.attach(to: field, text: text, context: context)
  }

  public func updateWidget(_ widget: Widget, context: Context) {
    let coordinator = context.coordinator
    coordinator.callbacks = callbacks
    if let entry = widget as? EditableWidget {
      coordinator.update(entry, title: title, text: source.binding(coordinator))
    } else if let field = widget as? VerticalTextFieldWidget {
      coordinator.update(field, title: title, text: source.binding(coordinator))
    }
    coordinator.setAccessibleName(label, placeholder: title, of: widget)
    coordinator.setFormTitle(formLabel(label, context.environment), of: widget)
  }

  public static func dismantleWidget(_ widget: Widget, coordinator: EditableFieldCoordinator) {
    coordinator.detach()
  }
}

extension TextField where Label == Text {
  /// - Parameters:
  ///   - title: the placeholder shown while the field is empty.
  ///   - text: the field's text.
  public init(_ title: String, text: Binding<String>) {
    self.title = title
    label = title
    source = .text(text)
    sourceID = text.sourceID
  }

  /// A field that grows along `axis`: `.vertical` holds several lines, within the
  /// `.lineLimit` around it; `.horizontal` is the one-line field.
  public init(_ title: String, text: Binding<String>, axis: Axis) {
    self.init(title, text: text)
    self.axis = axis
  }

  /// A field along `axis` whose placeholder is `prompt` (or `title` without one).
  public init(_ title: String, text: Binding<String>, prompt: Text?, axis: Axis) {
    self.init(title, text: text, prompt: prompt)
    self.axis = axis
  }

  /// A field whose placeholder is `prompt` (or `title` without one).
  public init(_ title: String, text: Binding<String>, prompt: Text?) {
    self.title = prompt?.content ?? title
    label = title
    source = .text(text)
    sourceID = text.sourceID
  }

  /// The pre-iOS 15 form: `onEditingChanged` runs with `true` when the field takes focus
  /// and `false` when it loses it; `onCommit` runs on Return (after `.onSubmit`).
  public init(
    _ title: String, text: Binding<String>,
    onEditingChanged: @escaping @MainActor (Bool) -> Void = { _ in },
    onCommit: @escaping @MainActor () -> Void = {}
  ) {
    self.init(title, text: text)
    callbacks = EditingCallbacks(onEditingChanged: onEditingChanged, onCommit: onCommit)
  }

  /// A field for a value, shown and parsed with `format`, such as `.number`.
  ///
  /// The value is written whenever what the user typed parses; while it does not, the field
  /// keeps the typed text and the value keeps its last good value. When editing ends (Return,
  /// Tab, focus leaving the field) the field shows the value formatted: `1234.5` becomes
  /// `1,234.5`, and text that does not parse gives way to the last good value. A new value
  /// from the app replaces the text.
  ///
  /// ```swift
  /// TextField("Score", value: $score, format: .number)
  /// ```
  public init<Format: ParseableFormatStyle>(
    _ title: String, value: Binding<Format.FormatInput>, format: Format, prompt: Text? = nil
  ) where Format.FormatOutput == String, Format.FormatInput: Equatable {
    self.title = prompt?.content ?? title
    label = title
    source = .formatted(FormattedText(value: value, format: format))
  }

  /// A field for a value, shown and parsed with a Foundation `Formatter`; edited and
  /// committed as the `format:` field is.
  public init<Value>(_ title: String, value: Binding<Value>, formatter: Formatter) {
    self.title = title
    label = title
    source = .formatted(FormattedText(value: value, formatter: formatter))
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
  /// The title or label text, which a ``Form`` row shows as the row's label.
  var label: String
  @Binding var text: String
  var callbacks = EditingCallbacks()

  public init(_ title: String, text: Binding<String>) {
    self.title = title
    label = title
    self._text = text
  }

  /// A field whose placeholder is `prompt` (or `title` without one).
  public init(_ title: String, text: Binding<String>, prompt: Text?) {
    self.init(prompt?.content ?? title, text: text)
    label = title
  }

  /// A field labelled by a view; see ``TextField/init(text:prompt:label:)``.
  public init<Label: View>(
    text: Binding<String>, prompt: Text? = nil, @ViewBuilder label: () -> Label
  ) {
    let labelText = (label() as? Text)?.content ?? ""
    self.init(prompt?.content ?? labelText, text: text)
    self.label = labelText
  }

  /// The pre-iOS 15 form: `onCommit` runs on Return (after `.onSubmit`).
  public init(_ title: String, text: Binding<String>, onCommit: @escaping @MainActor () -> Void) {
    self.init(title, text: text)
    callbacks = EditingCallbacks(onCommit: onCommit)
  }

  public func makeCoordinator() -> EditableFieldCoordinator { EditableFieldCoordinator() }

  public func makeWidget(context: Context) -> PasswordEntry {
    let entry = context.coordinator.attach(
      to: PasswordEntry().centeredVertically().takingOfferedWidth(), text: $text,
      context: context)
    return entry
  }

  public func updateWidget(_ entry: PasswordEntry, context: Context) {
    context.coordinator.callbacks = callbacks
    context.coordinator.update(entry, title: title, text: $text)
    context.coordinator.setAccessibleName(label, placeholder: title, of: entry)
    context.coordinator.setFormTitle(formLabel(label, context.environment), of: entry)
  }

  public static func dismantleWidget(
    _ entry: PasswordEntry, coordinator: EditableFieldCoordinator
  ) {
    coordinator.detach()
  }
}

/// The `onEditingChanged` and `onCommit` closures of the pre-iOS 15 initialisers.
struct EditingCallbacks {
  var onEditingChanged: (@MainActor (Bool) -> Void)?
  var onCommit: (@MainActor () -> Void)?
}

/// Keeps a text field's text in sync with its binding and runs `.onSubmit` on Return.
@MainActor
public final class EditableFieldCoordinator {
  private var text: TextBindingSync?
  private var activate: SignalConnection?
  private var focusChange: SignalConnection?
  /// A formatted field's focus, watched to commit its draft when editing ends.
  private var focusLeave: SignalConnection?
  /// What `onEditingChanged` last reported.
  private var reportedFocus = false
  /// What the user typed into a field bound to a formatted value; see ``FormattedText``.
  let draft = FormattedTextDraft()
  var callbacks = EditingCallbacks() {
    didSet { if callbacks.onEditingChanged != nil { watchFocus() } }
  }
  private weak var widget: Widget?
  /// The placeholder last set, so an update compares without asking GTK.
  private var title: String?
  /// The form label last recorded, likewise (`FormRowLabel` keeps it on the widget).
  private var formTitle: String?

  /// The accessible name and placeholder last given, likewise.
  private var accessibleName: (name: String, placeholder: String)?

  /// Names the field for assistive technologies by its title, `name` (as SwiftUI labels a
  /// field), with `placeholder` (its prompt) read after it, if either changed.
  func setAccessibleName(_ name: String, placeholder: String, of widget: Widget) {
    guard accessibleName?.name != name || accessibleName?.placeholder != placeholder,
      let field = widget as? AccessiblyNamedTextField
    else { return }
    accessibleName = (name, placeholder)
    field.setAccessibleName(name, placeholder: placeholder)
  }

  /// Records `title` as the field's form label (see `FormRowLabel`), if it changed.
  func setFormTitle(_ title: String, of widget: Widget) {
    guard formTitle != title else { return }
    formTitle = title
    FormRowLabel.setTitle(title, of: widget)
  }

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
    self.widget = widget
    text = TextBindingSync(widget: widget, binding: binding)
    activate = widget.connectActivate(submitAction(context))
    return widget
  }

  /// The same for a vertical field, whose Return is its own key handling's.
  func attach<R: WidgetRepresentable>(
    to field: VerticalTextFieldWidget, text binding: Binding<String>,
    context: WidgetRepresentableContext<R>
  ) -> VerticalTextFieldWidget {
    widget = field
    text = TextBindingSync(widget: field, binding: binding)
    field.onReturn = submitAction(context)
    return field
  }

  /// What Return does: the draft committed, then `.onSubmit` (up to the nearest
  /// `.submitScope()`) and `onCommit`, outside any update pass.
  private func submitAction<R: WidgetRepresentable>(_ context: WidgetRepresentableContext<R>)
    -> VoidHandler
  {
    { [weak context, weak self] in
      guard let context else { return }
      let onCommit = self?.callbacks.onCommit
      self?.commitDraft()
      UpdateScheduler.shared.performOutsideUpdate {
        context.environment.submit()
        onCommit?()
      }
    }
  }

  /// Return in a field bound to a formatted value shows the value formatted, as SwiftUI
  /// reformats on commit: `0012` becomes `12`; text that does not parse gives way to the last
  /// value that did.
  private func commitDraft() {
    guard draft.text != nil, let text else { return }
    draft.text = nil
    text.apply(text.binding.wrappedValue)
  }

  /// Commits a formatted field's draft when focus leaves it (Tab, a click elsewhere), as
  /// SwiftUI ends editing then: the field shows the value formatted (`1234.5` becomes
  /// `1,234.5`), not what was typed.
  func commitDraftWhenFocusLeaves() {
    guard focusLeave == nil, let widget = widget as? EditableWidget else { return }
    let delegate = widget.delegate
    focusLeave = Signals.connectNotify(UnsafeMutableRawPointer(delegate), property: "has-focus") {
      // NB: decided after the pass and by the window's focus widget: a field moved between
      // parents during an update loses focus and gets it back, and a window that is no longer
      // active keeps its focus widget (switching windows does not end editing, as on a Mac).
      UpdateScheduler.shared.performOutsideUpdate { [weak self] in
        guard let self, gtk_widget_has_focus(delegate) == 0 else { return }
        if let root = gtk_widget_get_root(delegate), gtk_root_get_focus(root) == delegate {
          return
        }
        commitDraft()
      }
    }
  }

  /// Runs `onEditingChanged` when the field's inner text gains or loses focus.
  private func watchFocus() {
    guard focusChange == nil, let widget = widget as? EditableWidget else { return }
    let delegate = widget.delegate
    reportedFocus = gtk_widget_has_focus(delegate) != 0
    focusChange = Signals.connectNotify(UnsafeMutableRawPointer(delegate), property: "has-focus") {
      // NB: read after the pass: a field moved between parents during an update (the
      // window's content put in a box) loses focus and gets it back, and edits on.
      UpdateScheduler.shared.performOutsideUpdate { [weak self] in
        guard let self, let action = callbacks.onEditingChanged else { return }
        let focused = gtk_widget_has_focus(delegate) != 0
        guard focused != reportedFocus else { return }
        reportedFocus = focused
        action(focused)
      }
    }
  }

  /// Shows `title` as the placeholder and `binding`'s text.
  func update(_ widget: some PlaceholderTextWidget, title: String, text binding: Binding<String>) {
    // NB: an empty title is no placeholder: GTK would make a placeholder label for "".
    if self.title != title {
      self.title = title
      if (widget.placeholderText ?? "") != title { widget.placeholderText = title }
    }
    update(text: binding)
  }

  /// Shows `binding`'s text.
  func update(text binding: Binding<String>) {
    text?.rebind(binding)
    text?.apply(binding.wrappedValue)
  }

  /// Shows `text`, the new value of the binding the last update handed over (see
  /// `InputComparable.applyCurrentValue(coordinator:)`).
  func show(_ text: String) {
    self.text?.apply(text)
  }

  /// Whether the field shows `text` (as of GtkBridge's last set or GTK's last "changed").
  func isShowing(_ text: String) -> Bool {
    self.text?.isShowing(text) == true
  }

  func detach() {
    text?.detach()
    activate = nil
    focusChange = nil
    focusLeave = nil
    (widget as? VerticalTextFieldWidget)?.onReturn = nil
  }
}

/// A text widget with a placeholder: an entry's, or a vertical text field's label.
@MainActor
protocol PlaceholderTextWidget: AnyObject {
  var placeholderText: String? { get set }
}

extension EditableWidget: PlaceholderTextWidget {}
extension VerticalTextFieldWidget: PlaceholderTextWidget {}

extension EditingCallbacks {
  /// No closures: nothing an update would need to hand over.
  var isEmpty: Bool { onEditingChanged == nil && onCommit == nil }
}

// NB: closures cannot be compared, so a field with `onEditingChanged`/`onCommit` always
// updates (its closures may capture new values); a formatted field always updates too.
extension TextField: InputComparable {
  func hasSameInputs(as other: Self) -> Bool {
    withPointer(to: self) { mine in
      withPointer(to: other) { Self.hasSameInputs(at: mine, $0) }
    }
  }

  // NB: compared where the parent holds the two fields: through `pointee.hasSameInputs(as:)`
  // each field and each binding was copied first (about 1,500 instructions an update).
  static func hasSameInputs(at a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
    let a = UnsafeMutablePointer(mutating: a.assumingMemoryBound(to: Self.self))
    let b = UnsafeMutablePointer(mutating: b.assumingMemoryBound(to: Self.self))
    guard a.pointee.title == b.pointee.title, a.pointee.label == b.pointee.label,
      a.pointee.axis == b.pointee.axis, a.pointee.callbacks.isEmpty, b.pointee.callbacks.isEmpty
    else { return false }
    // NB: the ids compared where they lie (nothing is written through these pointers).
    return withPointer(to: &a.pointee.sourceID) { idA in
      withPointer(to: &b.pointee.sourceID) { BindingID.areSame(at: idA, $0) }
    }
  }

  var hasStableReads: Bool {
    guard case .text(let binding) = source else { return false }
    return binding.readsAreStable
  }

  func showsCurrentValues(coordinator: Any) -> Bool {
    withPointer(to: self) { Self.showsCurrentValues(at: $0, coordinator: coordinator) }
  }

  // NB: read in place: through `pointee.showsCurrentValues(coordinator:)` the field was
  // copied and destroyed first (about 370 instructions a keystroke, measured on W2).
  static func showsCurrentValues(at control: UnsafeRawPointer, coordinator: Any) -> Bool {
    let field = control.assumingMemoryBound(to: Self.self)
    guard case .text(let binding) = field.pointee.source else { return false }
    return (coordinator as? EditableFieldCoordinator)?.isShowing(binding.wrappedValue) == true
  }

  func applyCurrentValue(coordinator: Any) -> Bool {
    guard case .text(let binding) = source,
      let coordinator = coordinator as? EditableFieldCoordinator
    else { return false }
    coordinator.show(binding.wrappedValue)
    return true
  }

  var elementSource: ElementSource? {
    guard case .text(let binding) = source, binding.readsAreStable else { return nil }
    return binding.elementSource
  }
}

extension SecureField: InputComparable {
  func hasSameInputs(as other: SecureField) -> Bool {
    title == other.title && label == other.label && callbacks.isEmpty && other.callbacks.isEmpty
      && $text.hasSameSource(as: other.$text)
  }

  var hasStableReads: Bool { $text.readsAreStable }

  func showsCurrentValues(coordinator: Any) -> Bool {
    (coordinator as? EditableFieldCoordinator)?.isShowing(text) == true
  }

  func applyCurrentValue(coordinator: Any) -> Bool {
    guard let coordinator = coordinator as? EditableFieldCoordinator else { return false }
    coordinator.show(text)
    return true
  }

  var elementSource: ElementSource? { $text.readsAreStable ? $text.elementSource : nil }
}

/// The label a field's ``Form`` row shows: none under `.labelsHidden()`.
///
/// NB: the environment is an autoclosure, walked up the tree only for a field with a label
/// (about 2,500 instructions a row update).
@MainActor
private func formLabel(_ label: String, _ environment: @autoclosure () -> EnvironmentValues)
  -> String
{
  label.isEmpty || environment()[LabelsHiddenKey.self] ? "" : label
}

extension EditableWidget {
  /// Keeps a one-line field at its natural height, centred in whatever height it is given,
  /// as SwiftUI places a `TextField`: alone in a window (or a split view's column) GTK
  /// stretched the entry's frame to the window's height, and in an `HStack` beside a taller
  /// view to the row's.
  func centeredVertically() -> Self {
    gtk_widget_set_valign(pointer, GTK_ALIGN_CENTER)
    return self
  }

  /// Lets a field take the width it is offered, as SwiftUI's text fields do: in an `HStack`
  /// beside a button the field takes what the button leaves, where GTK kept the entry at its
  /// natural 150 pixels. (`.frame(width:)` still fixes its width.)
  func takingOfferedWidth() -> Self {
    gtk_widget_set_hexpand(pointer, 1)
    return self
  }
}

/// A ``TextField`` of any label type (an inspection reports each as `TextField<Text>`).
protocol AnyTextField {}
extension TextField: AnyTextField {}
