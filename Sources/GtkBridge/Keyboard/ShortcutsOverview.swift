import CGtk

/// The `GtkShortcutsWindow` Ctrl+? opens: every keyboard shortcut of a window with the title
/// of the button it runs, as GNOME apps list theirs. This type says what the list holds, as
/// GtkBuilder XML (``ShortcutsWindow`` builds it).
@MainActor
final class ShortcutsOverview {
  private let shortcutsWindow: ShortcutsWindow

  /// The `GtkShortcutsWindow *`.
  var window: UnsafeMutablePointer<GtkWindow> { shortcutsWindow.pointer }

  init?(for shortcuts: WindowShortcuts) {
    let parent = shortcuts.root.assumingMemoryBound(to: GtkWindow.self)
    let title = ShortcutsWindow.title(of: parent)
    var seen: Set<String> = []
    var rows: [(title: String, accelerator: String)] = []
    // NB: one row per combination, the one that would run (the last registered).
    for registration in shortcuts.all.reversed() {
      guard let accelerator = registration.shortcut.accelerator, !seen.contains(accelerator),
        let widget = registration.widget
      else { continue }
      seen.insert(accelerator)
      rows.append((WindowShortcuts.title(of: widget), accelerator))
    }
    rows.reverse()
    var groups: [(title: String, rows: [(title: String, accelerator: String)])] = []
    if let commands = shortcuts.commands {
      // The app's commands, after the window's: a combination the window's own buttons take
      // is theirs (listed once, under the window).
      var commandRows: [(title: String, accelerator: String)] = []
      for command in commands.accelerators where seen.insert(command.accelerator).inserted {
        commandRows.append(command)
      }
      if !rows.isEmpty { groups.append((title.isEmpty ? "Shortcuts" : title, rows)) }
      groups.append((commands.appName, commandRows))
    } else {
      rows.append(("Keyboard Shortcuts", WindowShortcuts.overviewAccelerator))
      groups.append((title.isEmpty ? "Shortcuts" : title, rows))
    }
    do {
      shortcutsWindow = try ShortcutsWindow(
        building: "overview", from: Self.interface(groups: groups), over: parent)
    } catch {
      Log.warning("GtkBridge: the shortcuts window could not be built: \(error.message)")
      return nil
    }
  }

  func present() {
    shortcutsWindow.present()
  }

  func close() {
    shortcutsWindow.close()
  }

  static func interface(
    groups: [(title: String, rows: [(title: String, accelerator: String)])]
  ) -> String {
    var xml = """
      <interface>
        <object class="GtkShortcutsWindow" id="overview">
          <property name="modal">1</property>
          <child>
            <object class="GtkShortcutsSection">
              <property name="section-name">shortcuts</property>

      """
    for (group, rows) in groups {
      xml += """
                <child>
                  <object class="GtkShortcutsGroup">
                    <property name="title">\(escape(group))</property>

        """
      xml += self.rows(rows)
      xml += """
                  </object>
                </child>

        """
    }
    xml += """
            </object>
          </child>
        </object>
      </interface>
      """
    return xml
  }

  private static func rows(_ rows: [(title: String, accelerator: String)]) -> String {
    var xml = ""
    for row in rows {
      xml += """
                    <child>
                      <object class="GtkShortcutsShortcut">
                        <property name="title">\(escape(row.title))</property>
                        <property name="accelerator">\(escape(row.accelerator))</property>
                      </object>
                    </child>

        """
    }
    return xml
  }

  private static func escape(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&apos;"
      default: escaped.append(character)
      }
    }
    return escaped
  }
}
