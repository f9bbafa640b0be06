import CGtk

/// When this process's GTK has joined the AT-SPI registry, so that a screen reader can read
/// the object a focus event names.
///
/// GTK puts its accessible objects on the accessibility bus only once the registry has
/// answered its `Embed` call, which it makes from an idle after the first window is realized.
/// A focus event sent before that (the launch focus of the first window, given as it is
/// presented) names an object a screen reader cannot read; GTK does not send it again, and
/// Orca said nothing at launch (GTK 4.8 and 4.18, C programs too; measured with
/// `scripts/atspi-events` and `scripts/orca-speech`). GtkBridge watches the registry on a
/// D-Bus connection of its own (`cgtk_atspi_when_registered`: the AT-SPI protocol only, no
/// GTK internals, no timer) and then has each window launched before focus its focus widget
/// again, once.
///
/// Relies on GTK sending a focus event when focus moves (documented) and on GTK not sending
/// the launch focus again by itself (undocumented; if a GTK release does, a screen reader
/// hears the field twice at launch). The way out: `GTKBRIDGE_ATSPI_REANNOUNCE=off`. Listed in
/// the Private GTK behaviour article.
@MainActor
enum AccessibilityRegistration {
  enum State {
    /// No watch started yet.
    case unknown
    /// A watch runs; the actions wait for it.
    case waiting
    /// GTK's objects are readable (or there is no screen reader to tell): nothing waits.
    case registered
  }

  static var state: State = isOff ? .registered : .unknown
  private static var waiting: [@MainActor () -> Void] = []

  /// Whether no watch is made: GTK's accessibility is not AT-SPI (`GTK_A11Y=test` or `none`,
  /// as in tests), or `GTKBRIDGE_ATSPI_REANNOUNCE=off`.
  private static var isOff: Bool {
    let a11y = ProcessEnvironment.value("GTK_A11Y")
    return (a11y != nil && a11y != "atspi")
      || ProcessEnvironment.value("GTKBRIDGE_ATSPI_REANNOUNCE") == "off"
  }

  /// Runs `action` once GTK's accessible objects are readable on the AT-SPI bus, if they may
  /// not be yet; otherwise (already readable, or no AT-SPI) never.
  static func whenRegistered(_ action: @escaping @MainActor () -> Void) {
    switch state {
    case .registered: return
    case .waiting: waiting.append(action)
    case .unknown:
      state = .waiting
      waiting.append(action)
      cgtk_atspi_when_registered(
        { _ in
          MainActor.assumeIsolated { AccessibilityRegistration.didRegister() }
        }, nil)
    }
  }

  /// GTK's objects are readable now: what waited runs, once.
  static func didRegister() {
    state = .registered
    let actions = waiting
    waiting = []
    for action in actions { action() }
  }
}
