import CGtk

/// A handle on a `GtkDropDown` over a list of titles: the control of a menu-style ``Picker``.
///
/// It can show no choice, as a Mac pop-up button does for a value no item stands for. GTK 4.8
/// does that with `gtk_drop_down_set_selected(GTK_INVALID_LIST_POSITION)`; later GTKs (4.18
/// measured; see `GTKVersion.dropDownCanShowNoItem`) keep their selection on an item there,
/// so the list then gets a blank last row, selected while no choice is shown and removed as
/// soon as a choice is.
@MainActor
final class DropDownWidget: Widget {
  /// The drop-down's model; the drop-down holds its reference.
  private let strings: OpaquePointer
  /// The choices' titles, without the blank row.
  let titles: [String]
  /// Whether the list ends in the blank row that stands for no choice.
  private var hasBlankRow = false

  /// Wraps `gtk_drop_down_new` over a `GtkStringList` of `titles`.
  init(titles: [String]) {
    strings = gtk_string_list_new(nil)!
    for title in titles { gtk_string_list_append(strings, title) }
    self.titles = titles
    // NB: the drop-down takes the list's reference.
    super.init(retaining: UnsafeMutableRawPointer(gtk_drop_down_new(strings, nil)!))
  }

  /// Names the button inside the drop-down, which is what takes focus, `title` (the
  /// picker's). GTK 4.10 and later read such a button by its drop-down's name; GTK 4.8 read it
  /// by its type name ("GtkToggleButton").
  func setButtonAccessibleName(_ title: String?) {
    let button = gtkDescendants(ofType: gtk_toggle_button_get_type()).first
    button.map { Widget(retaining: $0) }?.setDerivedAccessibleName(title)
  }

  /// The row shown as chosen, `nil` for none (the blank row included). Setting it to `nil`
  /// shows no choice. Wraps `gtk_drop_down_get_selected` / `gtk_drop_down_set_selected`.
  var selected: Int? {
    get {
      let position = gtk_drop_down_get_selected(opaquePointer)
      guard position != guint(GTK_INVALID_LIST_POSITION), Int(position) < titles.count else {
        return nil
      }
      return Int(position)
    }
    set {
      if let newValue {
        if gtk_drop_down_get_selected(opaquePointer) != guint(newValue) {
          gtk_drop_down_set_selected(opaquePointer, guint(newValue))
        }
        if hasBlankRow {
          hasBlankRow = false
          gtk_string_list_remove(strings, guint(titles.count))
        }
      } else if selected != nil {
        showNoChoice()
      }
    }
  }

  private func showNoChoice() {
    let none = guint(GTK_INVALID_LIST_POSITION)
    if GTKVersion.dropDownCanShowNoItem {
      gtk_drop_down_set_selected(opaquePointer, none)
      return
    }
    guard !titles.isEmpty else { return }
    if !hasBlankRow {
      hasBlankRow = true
      gtk_string_list_append(strings, "")
    }
    gtk_drop_down_set_selected(opaquePointer, guint(titles.count))
  }
}
