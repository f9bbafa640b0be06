import CGtk

/// `UITextField`'s names on ``Entry``, so configuration closures written for UIKit (the
/// seed's `LegacyTextField { $0.textColor = .red; $0.tintColor = .blue }`) work unchanged.
///
/// | `UITextField` | GTK |
/// |---|---|
/// | `tintColor` | CSS `caret-color` (``Widget/caretColor``) |
/// | `textColor` | CSS `color` (``Widget/textColor``) |
/// | `font` | CSS `font-*` (``Widget/font``); `UIFont.systemFont(ofSize:)` is `Font` |
/// | `backgroundColor` | CSS `background-color` (``Widget/backgroundColor``) |
/// | `placeholder` | `gtk_text_set_placeholder_text` |
/// | `textAlignment` | `gtk_entry_set_alignment` (0, 0.5, 1) |
/// | `isSecureTextEntry` | `gtk_entry_set_visibility(!…)` |
/// | `isEnabled` | `gtk_widget_set_sensitive` |
/// | `keyboardType` | input purpose (see ``UIKeyboardType``) |
/// | `autocapitalizationType` | input hints (see ``UITextAutocapitalizationType``) |
/// | `autocorrectionType` | input hints (see ``UITextAutocorrectionType``) |
/// | `returnKeyType` | accepted and kept; GTK has no Return label |
/// | `clearButtonMode` | an `edit-clear-symbolic` icon that empties the entry |
/// | `borderStyle` | `.none`: `gtk_entry_set_has_frame(FALSE)`; others: the frame |
/// | `becomeFirstResponder()` / `resignFirstResponder()` | a focus request through the focus rules |
extension Entry {
  /// UIKit's `tintColor` for text fields: the caret colour.
  public var tintColor: Color? {
    get { caretColor }
    set { caretColor = newValue }
  }

  /// UIKit's `placeholder`. Wraps `gtk_text_set_placeholder_text`.
  public var placeholder: String? {
    get { placeholderText }
    set { placeholderText = newValue }
  }

  /// UIKit's `NSTextAlignment`, for ``textAlignment``.
  public enum TextAlignment: Hashable, Sendable {
    case left, center, right, justified, natural

    var xAlign: Float {
      switch self {
      case .left, .justified, .natural: 0
      case .center: 0.5
      case .right: 1
      }
    }
  }

  /// Where the text sits horizontally. Wraps `gtk_entry_set_alignment`.
  public var textAlignment: TextAlignment {
    get { uikit.textAlignment }
    set {
      uikit.textAlignment = newValue
      if gtk_entry_get_alignment(entry) != newValue.xAlign {
        gtk_entry_set_alignment(entry, newValue.xAlign)
      }
    }
  }

  /// UIKit's `isSecureTextEntry`: the text shows as bullets.
  public var isSecureTextEntry: Bool {
    get { !isTextVisible }
    set { if isTextVisible == newValue { isTextVisible = !newValue } }
  }

  /// UIKit's `isEnabled`. Wraps `gtk_widget_set_sensitive`.
  public var isEnabled: Bool {
    get { isSensitive }
    set { if isSensitive != newValue { isSensitive = newValue } }
  }

  /// UIKit's `keyboardType`, as GTK's input purpose.
  public var keyboardType: UIKeyboardType {
    get { uikit.keyboardType }
    set {
      uikit.keyboardType = newValue
      inputPurpose = newValue.purpose
    }
  }

  /// UIKit's `autocapitalizationType`, as GTK's input hints.
  public var autocapitalizationType: UITextAutocapitalizationType {
    get { uikit.autocapitalizationType }
    set {
      uikit.autocapitalizationType = newValue
      inputHints = inputHints.subtracting(.capitalization).union(newValue.hints)
    }
  }

  /// UIKit's `autocorrectionType`, as GTK's spell-checking hints.
  public var autocorrectionType: UITextAutocorrectionType {
    get { uikit.autocorrectionType }
    set {
      uikit.autocorrectionType = newValue
      inputHints = inputHints.subtracting(.spelling).union(newValue.hints)
    }
  }

  /// UIKit's `returnKeyType`: kept, without effect (GTK has no Return key label).
  public var returnKeyType: UIReturnKeyType {
    get { uikit.returnKeyType }
    set { uikit.returnKeyType = newValue }
  }

  /// When UIKit shows a clear button: UIKit's `UITextField.ViewMode`.
  public enum ViewMode: Hashable, Sendable {
    case never, whileEditing, unlessEditing, always
  }

  /// UIKit's `clearButtonMode`: an `edit-clear-symbolic` icon at the end of the entry that
  /// empties it, shown while the entry has text (and, for `.whileEditing`, focus).
  public var clearButtonMode: ViewMode {
    get { uikit.clearButtonMode }
    set {
      guard uikit.clearButtonMode != newValue else { return }
      uikit.clearButtonMode = newValue
      watchClearButton()
      updateClearButton()
    }
  }

  /// UIKit's `UITextField.BorderStyle`.
  public enum BorderStyle: Hashable, Sendable {
    case none, line, bezel, roundedRect
  }

  /// UIKit's `borderStyle`: `.none` removes GTK's frame (`gtk_entry_set_has_frame`).
  public var borderStyle: BorderStyle {
    get { uikit.borderStyle }
    set {
      uikit.borderStyle = newValue
      let frame: gboolean = newValue == .none ? 0 : 1
      if gtk_entry_get_has_frame(entry) != frame { gtk_entry_set_has_frame(entry, frame) }
    }
  }

  /// UIKit's `becomeFirstResponder()`: asks for focus. In a ``LegacyTextField`` it sets the
  /// `isFirstResponder` binding, so state and GTK follow the focus rules together; elsewhere
  /// it grabs GTK focus (which `.focused` states then follow). Returns whether the request
  /// was made or, for a plain grab, taken.
  @discardableResult
  public func becomeFirstResponder() -> Bool {
    requestFocus(true)
  }

  /// UIKit's `resignFirstResponder()`: gives up focus, the same way.
  @discardableResult
  public func resignFirstResponder() -> Bool {
    requestFocus(false)
  }

  private func requestFocus(_ focused: Bool) -> Bool {
    if let request = uikit.firstResponderRequest {
      // NB: configuration closures run during an update; the binding is written after it.
      UpdateScheduler.shared.performOutsideUpdate { request(focused) }
      return true
    }
    if focused { return grabFocus() }
    resignFocus()
    return true
  }

  private func watchClearButton() {
    guard uikit.clearButtonChanged == nil else { return }
    let update: VoidHandler = { [weak self] in self?.updateClearButton() }
    uikit.clearButtonChanged = connectChanged(update)
    uikit.clearButtonFocus = Signals.connectNotify(
      UnsafeMutableRawPointer(delegate), property: "has-focus", update)
    uikit.clearButtonClicked = Signals.connectIgnoringIntArgument(rawPointer, "icon-release") {
      [weak self] in
      self?.text = ""
    }
  }

  private func updateClearButton() {
    let hasText = !text.isEmpty
    let editing = containsFocus
    let shown =
      switch uikit.clearButtonMode {
      case .never: false
      case .always: hasText
      case .whileEditing: hasText && editing
      case .unlessEditing: hasText && !editing
      }
    let icon = shown ? "edit-clear-symbolic" : nil
    let current = gtk_entry_get_icon_name(entry, GTK_ENTRY_ICON_SECONDARY).map {
      String(cString: $0)
    }
    if current != icon {
      gtk_entry_set_icon_from_icon_name(entry, GTK_ENTRY_ICON_SECONDARY, icon)
    }
  }
}

/// What ``Entry``'s UIKit-named properties keep.
@MainActor
final class UIKitState {
  var textAlignment = Entry.TextAlignment.natural
  var keyboardType = UIKeyboardType.default
  var autocapitalizationType = UITextAutocapitalizationType.sentences
  var autocorrectionType = UITextAutocorrectionType.default
  var returnKeyType = UIReturnKeyType.default
  var clearButtonMode = Entry.ViewMode.never
  var borderStyle = Entry.BorderStyle.roundedRect
  var clearButtonChanged: SignalConnection?
  var clearButtonFocus: SignalConnection?
  var clearButtonClicked: SignalConnection?
  /// Set by ``LegacyTextField``: writes its `isFirstResponder` binding.
  var firstResponderRequest: (@MainActor (Bool) -> Void)?
}

extension Font {
  /// UIKit's `UIFont.systemFont(ofSize:weight:)`.
  public static func systemFont(ofSize size: Double, weight: Weight = .regular) -> Font {
    .system(size: size, weight: weight)
  }

  /// UIKit's `UIFont.boldSystemFont(ofSize:)`.
  public static func boldSystemFont(ofSize size: Double) -> Font {
    .system(size: size, weight: .bold)
  }

  /// UIKit's `UIFont.monospacedSystemFont(ofSize:weight:)`.
  public static func monospacedSystemFont(ofSize size: Double, weight: Weight) -> Font {
    .system(size: size, weight: weight, design: .monospaced)
  }
}
