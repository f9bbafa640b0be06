import GtkBridge
import Observation

/// The fields of the demo window that take part in its `@FocusState`.
enum Field: Hashable, CustomStringConvertible {
  case username, password
  case row(Int)
  case locked

  var description: String {
    switch self {
    case .username: "username"
    case .password: "password"
    case .row(let id): "row(\(id))"
    case .locked: "locked"
    }
  }
}

extension Optional where Wrapped == Field {
  /// `username`, `row(2)`, or `nil`: how the trace and the inspector spell a focus value.
  var traceName: String { map(\.description) ?? "nil" }
}

/// One editable row of the rows section; its identity is `id`, whatever its position.
@MainActor
@Observable
final class RowItem: Identifiable {
  let id: Int
  var text: String

  init(id: Int, text: String) {
    self.id = id
    self.text = text
  }
}

/// What the sign-in form last said, and whether it was good news.
struct Status: Equatable {
  var text: String
  var isError: Bool

  static let idle = Status(
    text: "Return moves on; Return in Password signs in.", isError: false)
}

/// The demo's app state: every field's text, and the actions the buttons (and the headless
/// tour) run. The window's `@FocusState` stays in its view, `DemoView`; the model holds the
/// binding to it that the view hands over, as a button's action would capture it.
@MainActor
@Observable
final class DemoModel {
  var username = ""
  var password = ""
  var status = Status.idle

  var legacyText = ""
  var isLegacyFirstResponder = false

  var rows = [
    RowItem(id: 1, text: "Milk"),
    RowItem(id: 2, text: "Bread"),
    RowItem(id: 3, text: "Coffee"),
    RowItem(id: 4, text: "Apples"),
  ]

  var locked = "read-only@example.org"
  var lockedStatus = "Not requested yet."
  var lockedRefused = false

  // The settings page (a `Form` pushed from the header bar's Settings button).
  var pages: [DemoPage] = []
  var displayName = "Ada Lovelace"
  var email = "ada@example.org"
  var showsHints = true
  var theme = Theme.system
  /// The settings page's focused field, as its `@FocusState` reports it.
  var settingsFocus: SettingsField?

  // The library page: 100,000 books in a lazy stack, and its filter.
  var libraryFilter = ""

  /// The books whose title contains the filter, in any case.
  var shownBooks: [Book] {
    let filter = libraryFilter.lowercased()
    return filter.isEmpty
      ? Library.books : Library.books.filter { $0.title.lowercased().contains(filter) }
  }

  // The "Add…" sheet and the rows' search (`.searchable`, Ctrl+F).
  var isAddingRow = false
  var newRowText = ""
  var rowFilter = ""

  /// The rows the search shows: those whose text contains the search text, in any case.
  var filteredRows: [RowItem] {
    let filter = rowFilter.lowercased()
    return filter.isEmpty ? rows : rows.filter { $0.text.lowercased().contains(filter) }
  }

  /// The window's focus state, handed over by `DemoView`.
  @ObservationIgnored var focus: FocusState<Field?>.Binding?
  /// Set while a focus request to the disabled field waits for GTK's answer.
  @ObservationIgnored private var lockedRequestFrom: Field??
  @ObservationIgnored private var random = SplitMix64(seed: 2024)

  /// The focused field, as the window's `@FocusState` holds it.
  var focusedField: Field? {
    get { focus?.wrappedValue }
    set { focus?.wrappedValue = newValue }
  }

  // MARK: Adding a row

  /// The sheet's Add (or Return in its field): appends the row and closes the sheet.
  func addRow() {
    let text = newRowText.trimmingSpacesAndNewlines
    guard !text.isEmpty else { return }
    let id = (rows.map(\.id).max() ?? 0) + 1
    rows.append(RowItem(id: id, text: text))
    EventLog.shared.record("action: added row \(id) \"\(text)\"")
    newRowText = ""
    isAddingRow = false
  }

  // MARK: Settings

  /// The header bar's Settings button: pushes the settings page.
  func openSettings() {
    EventLog.shared.record("action: open settings")
    pages = [.settings]
  }

  /// The header bar's Library button: pushes the page of 100,000 books.
  func openLibrary() {
    EventLog.shared.record("action: open library")
    pages = [.library]
  }

  // MARK: Sign-in

  /// Return in a sign-in field: on to the next field, or submit from the last.
  func submit() {
    EventLog.shared.record("action: submit in \(focusedField.traceName)")
    if focusedField == .username {
      focusedField = .password
    } else {
      signIn()
    }
  }

  /// Validates the form; a failure moves focus to the first offending field.
  func signIn() {
    let name = username.trimmingSpacesAndNewlines
    if name.count < 3 || name.contains(" ") {
      refuse("Username needs at least 3 characters and no spaces.", focus: .username)
    } else if password.count < 8 {
      refuse("Password needs at least 8 characters.", focus: .password)
    } else {
      status = Status(text: "Signed in as \(name).", isError: false)
      AccessibilityNotification.Announcement(status.text).post()
      EventLog.shared.record("action: signed in as \(name)")
    }
  }

  private func refuse(_ message: String, focus field: Field) {
    status = Status(text: message, isError: true)
    // A screen reader speaks the error as well as the field focus goes to.
    AccessibilityNotification.Announcement(message).post()
    EventLog.shared.record("action: sign-in refused, focus -> \(field)")
    focusedField = field
  }

  /// "Done": drops focus by assigning `nil`, as the seed dismisses the keyboard.
  func dismissFocus() {
    EventLog.shared.record("action: done, focus = nil")
    focusedField = nil
  }

  // MARK: Legacy field

  /// Flips the seed field's `isFirstResponder`.
  func toggleLegacyFirstResponder() {
    isLegacyFirstResponder.toggle()
    EventLog.shared.record("action: isFirstResponder = \(isLegacyFirstResponder)")
  }

  // MARK: Rows

  /// Moves focus to a row by assigning the focus state.
  func focusRow(_ id: Int) {
    EventLog.shared.record("action: focus row \(id)")
    focusedField = .row(id)
  }

  /// Reorders the rows (never to the same order); the rows keep their widgets, so the
  /// focused row keeps focus and cursor.
  func shuffleRows() {
    let before = rows.map(\.id)
    var order = rows
    while order.map(\.id) == before { order.shuffle(using: &random) }
    rows = order
    EventLog.shared.record("action: shuffle -> \(rows.map(\.id))")
  }

  // MARK: Disabled field

  /// Asks for focus on the disabled field; GTK refuses, and the state reads back the truth.
  func requestLockedFocus() {
    EventLog.shared.record("action: focus the disabled field")
    lockedRequestFrom = .some(focusedField)
    lockedStatus = "Requested…"
    lockedRefused = false
    focusedField = .locked
  }

  /// Called with every focus transition; notices the answer to a request for `.locked`.
  func focusChanged(from old: Field?, to new: Field?) {
    EventLog.shared.record("focus: \(old.traceName) -> \(new.traceName)")
    guard let requestedFrom = lockedRequestFrom, old == .locked else { return }
    lockedRequestFrom = nil
    lockedRefused = new != .locked
    lockedStatus =
      lockedRefused
      ? "Refused: the field is disabled. Focus stayed on \(new.traceName)."
      : "Granted."
    if lockedRefused {
      EventLog.shared.record("refused: locked (focus stays \(requestedFrom.traceName))")
    }
  }
}

extension String {
  var trimmingSpacesAndNewlines: String {
    var scalars = Substring(self)
    while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
    while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
    return String(scalars)
  }
}

/// A small seeded generator, so every run of the demo shuffles the same way.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
