import CGtk

/// The `GtkShortcutsWindow` Ctrl+? opens: every keyboard shortcut of a window with the title
/// of the button it runs, as GNOME apps list theirs.
///
/// Built from GtkBuilder XML: GTK 4.8 can fill a shortcuts window no other way (its
/// `add_section`/`add_group` API arrived in 4.14).
@MainActor
final class ShortcutsOverview {
  /// The `GtkShortcutsWindow *`.
  let window: UnsafeMutablePointer<GtkWindow>

  init?(for shortcuts: WindowShortcuts) {
    let parent = shortcuts.root.assumingMemoryBound(to: GtkWindow.self)
    let title = gtk_window_get_title(parent).map { String(cString: $0) } ?? ""
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
    let xml = Self.interface(groups: groups)
    let builder = gtk_builder_new()
    defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
    var error: UnsafeMutablePointer<GError>?
    guard gtk_builder_add_from_string(builder, xml, -1, &error) != 0,
      let object = gtk_builder_get_object(builder, "overview")
    else {
      Log.warning(
        "GtkBridge: the shortcuts window could not be built: "
          + (error.map { String(cString: $0.pointee.message) } ?? "unknown error"))
      g_clear_error(&error)
      return nil
    }
    window = UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkWindow.self)
    // NB: the builder's reference goes with it; the toplevel list holds the window.
    g_object_ref(object)
    gtk_window_set_transient_for(window, parent)
    gtk_window_set_destroy_with_parent(window, 1)
  }

  isolated deinit {
    g_object_unref(window)
  }

  func present() {
    gtk_window_present(window)
  }

  func close() {
    gtk_window_destroy(window)
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
