import CGtk

/// The GTK this process runs on, and every behaviour GtkBridge meets differently by version.
///
/// GtkBridge supports and tests GTK 4.8 (Debian 12) to 4.18 (Debian 13): `scripts/test` runs
/// the suite on this machine's GTK and `scripts/debian13 test` on Debian 13's. Where two GTKs
/// behave differently, the difference is listed here: what differs, between which versions,
/// how GtkBridge handles it, and the test that fails if it is handled wrong. Differences in
/// API (a function or a calling convention that exists only from some version on) live in the
/// C shim's `GTK_CHECK_VERSION` blocks, listed here too. Behaviour GtkBridge relies on that GTK
/// does not document is listed in docs/GtkBridge.docc/PrivateGTKBehaviour.md.
///
/// Where the versions in between (4.10 to 4.16) were not measured, an entry says "after 4.8".
///
/// | What differs | 4.8 | later | Handled in | Guarded by |
/// |---|---|---|---|---|
/// | A popover menu that closes | leaves focus on its hidden item or gives it to its button | its button (or menu bar item) grabs focus right after "closed" (`cascade_popdown`) | `FocusCoordinator.menuDidClose` gives focus back when GTK is idle, on every version | `CommandsTests.testOpeningTheMenuMovesNoFocusAndClosingItGivesFocusBack`, `CommandsPresentationTests.testF10AndEscape…`, `MenuTests.testAMenuIsAMenuButtonWhoseItemsRunAndFollowState` |
/// | A widget's accessible HIDDEN state | cleared on show | also cleared on each map | the C shim hides an element's children again after it maps | `AccessibilityTests.testAnElementThatIgnoresItsChildrenHidesThemFromAssistiveTechnologies` |
/// | A reference-list accessible relation (labelled-by) in `gtk_accessible_update_relation_value` | a `GList` pointer | 4.14: a `GtkAccessibleList` | `cgtk_accessible_set_children_behavior` (`GTK_CHECK_VERSION(4, 14, 0)`) | `AccessibilityTests.testAnElementThatCombinesItsChildrenIsLabelledByTheirTexts` |
/// | A `GtkBox`'s accessible role | `GROUP` | `GENERIC` (after 4.8), whose label and labelled-by relation GTK's name computation skips (ARIA's name from author): a labelled box reads as an empty panel | the C shim makes a GENERIC widget that is given a name (`cgtk_accessible_set_label`, `.accessibilityElement`) a `GROUP` before it has a parent | `AccessibilityTests.testACombinedElementIsNamedByItsTextsJoinedAndIsNoGenericContainer` |
/// | A widget's name when it has both a label and a labelled-by relation | the label | 4.14 (ARIA name computation): the relation's texts, joined by spaces | `.combine` sets both (the texts joined by ", " as SwiftUI reads them, and the relation); an explicit `.accessibilityLabel` resets the relation | `AccessibilityTests.testACombinedElementIsNamedByItsTextsJoinedAndIsNoGenericContainer` |
/// | `gtk_drop_down_set_selected(GTK_INVALID_LIST_POSITION)` | shows no item | refused (the selection model autoselects); fixed again by 4.22 | ``dropDownCanShowNoItem``, probed once; `DropDownWidget` shows a blank row instead | `PickerTests.testChoicesWithoutAMatchingTagWriteNothingAndAnEmptyPickerIsEmpty` |
/// | `enable-undo` of hidden text (a password) | reads `FALSE` | 4.14 (NEWS of 4.13.0: "improve tracking of user changes (for undo)"): keeps the app's value; GTK disables the history itself | ``undoIsOff(_:)`` asks the right question on each | `TextUndoTests.testASecureFieldHasNoUndoAsGTKTurnsItOffForHiddenText` |
/// | `gtk_editable_insert_text` / `_delete_text` outside a user action (a drop of text, an accessibility tool, app code) | recorded as an undo step | 4.14 (same change): an irreversible action, GTK clears the history | nothing to do: GtkBridge's own writes go through the history (see `EditableWidget+Undo.swift`); the history before such an edit is gone on later GTKs, as in any GTK app | `WaitingWriteUndoTests.testAnEditWithoutFocusAfterWritesKeepsTheWritesUndoable` |
/// | Announcements (text spoken without a focus move) | none: GTK's AT-SPI backend has no announcement event | 4.14: `gtk_accessible_announce` | `AccessibilityNotification.Announcement.post()` calls it through `cgtk_accessible_announce` (`GTK_CHECK_VERSION(4, 14, 0)`); on 4.8 it does nothing and ``hasAnnouncements`` is false; never through GTK's test context (`GTK_A11Y=test`, or no AT-SPI bus), whose missing method 4.18 calls unchecked (a crash) | `AccessibilityTests.testAnAnnouncementIsPostedAndSpokenWhereGTKCanSpeakIt` |
/// | A password field's text over AT-SPI | the real text (`gtkatspitext.c` reads `gtk_editable_get_text`; Orca read a password aloud) | 4.14 (GtkText implements `GtkAccessibleText` with its display text): bullets | nothing GtkBridge can do on 4.8: no public API hides it, and a C program shows it too | none (AT-SPI only; the in-process test backend has no text interface) |
/// | A widget's accessible name (what a screen reader reads) | the label property, then the labels of the labelled-by relation, joined by spaces; else the type name ("GtkEntry") | 4.14: ARIA's computation (the relation, else the label, else for buttons and the like the texts inside, else the tooltip); no type name | every control gets a label or relation of its own (a field's title, a form row's label, a button's texts); ``AccessibleElement`` in GtkBridgeTesting computes the name as the running GTK does | `AccessibleNameTests` |
/// | A button made with a title, then given a child (`Button { Image(…) }`) | named by its label property and the child | after 4.8: `gtk_button_set_label` ties the button to its title's label (labelled-by) and `gtk_button_set_child` keeps the relation: named by the label it no longer shows, empty | `ButtonWidget.child` resets the relation | `AccessibleNameTests.testIconAndLabelButtonsAreNamedAsSwiftUINamesThem` |
/// | The button inside a `GtkDropDown` (what takes focus in a `Picker`) | read by its own name: its type name ("GtkToggleButton") | after 4.8: by its drop-down's name (gtkatcontext.c, a "nested button") | `DropDownWidget.setButtonAccessibleName` names it as the picker | `AccessibleNameTests.testTogglesPickersSlidersAndSteppersAreNamedByTheirTitles` |
/// | Translating a point between widgets | `gtk_widget_translate_coordinates` | 4.10: `gtk_widget_compute_point` (the old one deprecated) | `cgtk_widget_translate_point` | `OnTapGestureTests` |
/// | A widget's resolved colour | `gtk_style_context_get_color` | 4.10: `gtk_widget_get_color` | `cgtk_widget_get_color` | `StylingTests` |
/// | A list view row's own focusability | `gtk_widget_set_focusable` on the row widget | 4.12: `gtk_list_item_set_focusable` | `cgtk_list_item_set_focusable` | `LazyStackTests` |
/// | A `GtkListView` row whose position changed | unbound and bound again to the same item | not measured (4.12 rewrote the list item manager) | `LazyForEachNode` keeps an unbound row until idle and takes it back for the same item | `LazyStackTests.testAFieldBeingEditedKeepsFocusWhileTenThousandRowsAreInsertedAboveIt` |
/// | When a `GtkListView` binds and unbinds rows for an `items-changed` | at once, inside the signal | 4.18 (not measured between): at the next frame's layout; until then a removed row stays bound and shows its old element | a lazy `ForEach` lists no row bound to a place that now holds another element and frees a removed element's id at once; `List`'s focus after Delete waits for the layout (`ListViewWidget.afterRowsUpdate`) | `ListEditingTests.testDeleteFocusesTheRowThatTookItsPlaceThenThePreviousThenTheList`, `ListEditingTests.testAFocusedRowFilteredOutReadsNilAndComingBackIsNotRefocused` |
/// | Tab in a `GtkListView` | walks every row of the model (no way out of a long list) | 4.12: `tab-behavior` (default: the same walk) | `GtkBridgeListView` (``ListViewTabStopType``) walks one stop and the rows' controls on every version | `ListTabStopTests` |
/// | Section headers in a `GtkListView` | none | 4.12: `GtkSectionModel` and `gtk_list_view_set_header_factory` | a lazy `List`'s section headers and footers are rows of the model that take no focus and cannot be selected (`ListViewWidget.setLabelRow`), and Up and Down pass over them, on every version | `LazyListSectionTests` |
/// | Loading CSS | `gtk_css_provider_load_from_data` with a length | 4.12: `gtk_css_provider_load_from_string` | `cgtk_css_provider_load` | `StylingTests`, `BadInputTests` |
@MainActor
enum GTKVersion {
  /// The running GTK's version (`gtk_get_major_version()` and friends), e.g. `(4, 18, 6)`.
  static let running = (
    major: Int(gtk_get_major_version()), minor: Int(gtk_get_minor_version()),
    micro: Int(gtk_get_micro_version())
  )

  /// Whether the running GTK is `major.minor` or later.
  static func isAtLeast(_ major: Int, _ minor: Int) -> Bool {
    (running.major, running.minor) >= (major, minor)
  }

  /// Whether GTK can speak announcements (`gtk_accessible_announce`, 4.14 and later).
  static var hasAnnouncements: Bool { isAtLeast(4, 14) }

  /// Whether a `GtkDropDown` shows no item when told to select `GTK_INVALID_LIST_POSITION`.
  /// True on 4.8; false on 4.18, whose drop-down keeps an autoselecting single selection.
  /// Probed once on a throwaway drop-down rather than assumed from the version, since the
  /// versions in between were not measured and a later GTK may change it back.
  static let dropDownCanShowNoItem: Bool = {
    let strings = gtk_string_list_new(nil)!
    gtk_string_list_append(strings, "probe")
    let dropDown = gtk_drop_down_new(strings, nil)!
    g_object_ref_sink(dropDown)
    defer { g_object_unref(dropDown) }
    gtk_drop_down_set_selected(OpaquePointer(dropDown), guint(GTK_INVALID_LIST_POSITION))
    return gtk_drop_down_get_selected(OpaquePointer(dropDown)) == guint(GTK_INVALID_LIST_POSITION)
  }()

  /// Whether the editable `editable` records no undo history. GTK 4.8 turns its `enable-undo`
  /// off for hidden text; later GTKs keep the property as set and disable the history
  /// underneath, so there hidden text counts as off too (GtkText: undo needs visible,
  /// editable text and `enable-undo`).
  static func undoIsOff(_ editable: OpaquePointer) -> Bool {
    if gtk_editable_get_enable_undo(editable) == 0 { return true }
    let text = isText(editable) ? editable : gtk_editable_get_delegate(editable)
    guard let text, isText(text) else { return false }
    return gtk_text_get_visibility(UnsafeMutablePointer<GtkText>(text)) == 0
  }

  private static func isText(_ object: OpaquePointer) -> Bool {
    let instance = UnsafeMutableRawPointer(object).assumingMemoryBound(to: GTypeInstance.self)
    return g_type_check_instance_is_a(instance, gtk_text_get_type()) != 0
  }
}
