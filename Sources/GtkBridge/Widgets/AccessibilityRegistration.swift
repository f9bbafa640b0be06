import CGtk

/// When this process's GTK joins the AT-SPI registry, so that a screen reader can read the
/// object a focus event names.
///
/// GTK puts its accessible objects on the accessibility bus only once the registry has
/// answered its `Embed` call, which it makes from an idle after the first window is realized.
/// The focus event sent before that (the launch focus of the first window, given as it is
/// presented) names an object a screen reader cannot read, and GTK does not send it again:
/// Orca said nothing at launch (GTK 4.8 always, GTK 4.18 in 3 of 4 runs; C programs too;
/// measured with `scripts/atspi-events` and `scripts/orca-speech`). So GtkBridge watches the registry
/// on a D-Bus connection of its own from just before the first window is presented
/// (`cgtk_atspi_when_registered`: the AT-SPI protocol only, no GTK internals, no timer), and
/// when GTK joins, each window launched before that and active focuses its focus widget again,
/// once. A window not yet active is left alone: GTK tells of its focus as it becomes active.
///
/// Relies on GTK sending a focus event when focus moves or the window becomes active, and on
/// GTK not sending the launch focus again by itself once it has joined (undocumented; if a GTK
/// release does, a screen reader hears the field twice at launch). The way out:
/// `GTKBRIDGE_ATSPI_REANNOUNCE=off`. Listed in the Private GTK behaviour article.
@MainActor
enum AccessibilityRegistration {
  enum State {
    /// No watch started yet.
    case unknown
    /// A watch runs; the actions wait for GTK to join.
    case waiting
    /// GTK has joined (or there is no screen reader to tell, or no watch): nothing waits.
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

  /// Starts watching the registry, the first time: before the first window is presented.
  static func watch() {
    guard state == .unknown else { return }
    state = .waiting
    let watching = cgtk_atspi_when_registered(
      { _ in
        MainActor.assumeIsolated { AccessibilityRegistration.didRegister() }
      }, nil)
    // No accessibility bus: nothing will ever read the events.
    if watching == 0 { didRegister() }
  }

  /// Runs `action` once GTK joins the registry, if a watch waits for it; otherwise never.
  static func whenRegistered(_ action: @escaping @MainActor () -> Void) {
    guard state == .waiting else { return }
    waiting.append(action)
  }

  /// GTK has joined: what waited runs, once.
  static func didRegister() {
    state = .registered
    let actions = waiting
    waiting = []
    for action in actions { action() }
  }
}
