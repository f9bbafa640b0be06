// The C half of GtkBridge: only what Swift cannot (or cannot cleanly) say itself.
//
// Every function names why it must be C. Swift never sees these in GtkBridge's public API;
// internal Swift types wrap them, and `import GtkBridge` does not re-export this module (apps
// get GTK's own API from CGtk4). All symbols are prefixed `cgtk_`.
#ifndef CGTK_H
#define CGTK_H

#include <gtk/gtk.h>
// g_unix_signal_add: a termination signal saves the app's settings first (TerminationSignals.swift).
#include <glib-unix.h>

/// A Swift trampoline that receives the opaque Swift context it was connected with.
typedef void (*cgtk_callback)(void *context);
/// Releases the Swift context (balances `Unmanaged.passRetained`). Called exactly once.
typedef void (*cgtk_release)(void *context);
/// Receives the position a GtkEditable::insert-text inserts at or a ::delete-text deletes
/// from; returns TRUE to stop the emission, so that the edit does not happen.
typedef gboolean (*cgtk_edit_callback)(void *context, int position);
/// Receives one CSS "parsing-error": 1-based line and column, and GTK's message.
typedef void (*cgtk_css_error_callback)(void *context, unsigned line, unsigned column,
                                        const char *message);

// Signal connections. Why C: `g_signal_connect_data` needs `G_CALLBACK` casts of handlers
// whose C signatures differ per signal. GLib owns `context` from here on: it calls
// `release(context)` when the handler is disconnected or the instance is finalized,
// whichever comes first, so neither side can use the context after it is freed.

/// Any signal whose handler takes only the instance: GtkEditable::changed, GtkWidget::destroy,
/// GtkEntry::activate, GtkButton::clicked, GtkCheckButton::toggled, GApplication::activate…
gulong cgtk_connect_void(gpointer instance, const char *signal, cgtk_callback callback,
                         void *context, cgtk_release release);
/// The same, run after the signal's default handler (`G_CONNECT_AFTER`): GtkTextBuffer::undo.
gulong cgtk_connect_void_after(gpointer instance, const char *signal, cgtk_callback callback,
                               void *context, cgtk_release release);
/// Any signal that returns nothing, whatever its arguments: the handler is connected swapped
/// (`G_CONNECT_SWAPPED`), so the context comes first and the signal's arguments, which the
/// callback does not read, after it. Returns 0, connecting nothing, when `instance` has no
/// such signal or the signal returns a value (a handler that returns nothing would hand GTK
/// garbage). Backs the public `Widget.connect(_:_:)`.
gulong cgtk_connect_any_void(gpointer instance, const char *signal, cgtk_callback callback,
                             void *context, cgtk_release release);

/// The same as cgtk_connect_void for a signal whose handler also takes one int or enum argument, such as
/// GtkEntry::icon-release (the icon position), which is ignored. C because GLib passes that
/// argument between the instance and the user data.
gulong cgtk_connect_void_int(gpointer instance, const char *signal, cgtk_callback callback,
                             void *context, cgtk_release release);
/// GObject::notify::`property` (for example "focus-widget" on a GtkWindow, "root" on a widget).
gulong cgtk_connect_notify(gpointer object, const char *property, cgtk_callback callback,
                           void *context, cgtk_release release);
/// GtkEditable::insert-text and ::delete-text, reduced to the position; the callback runs
/// before the edit and can stop it. C because the handlers take the signals' own arguments.
gulong cgtk_connect_insert_text(gpointer editable, cgtk_edit_callback callback, void *context,
                                cgtk_release release);
gulong cgtk_connect_delete_text(gpointer editable, cgtk_edit_callback callback, void *context,
                                cgtk_release release);
/// GtkCssProvider::parsing-error, reduced to line, column and message.
gulong cgtk_connect_css_parsing_error(GtkCssProvider *provider, cgtk_css_error_callback callback,
                                      void *context, cgtk_release release);

/// Receives one key event of a GtkEventControllerKey: GDK's keyval, hardware keycode and
/// modifier state; returns whether it handled the key (ignored for releases).
typedef gboolean (*cgtk_key_callback)(void *context, guint keyval, guint keycode,
                                      GdkModifierType state);
/// Receives GtkGestureClick's "pressed" or "released": the click count and the position.
typedef void (*cgtk_click_callback)(void *context, int n_press, double x, double y);

/// GtkEventControllerKey::key-pressed (returns the callback's answer) or ::key-released. Why
/// C: the handlers take three typed arguments and "key-pressed" returns a gboolean.
gulong cgtk_connect_key(GtkEventController *controller, gboolean released,
                        cgtk_key_callback callback, void *context, cgtk_release release);
/// GtkGestureClick::pressed / ::released (`signal`), with the click count. Why C: the
/// handler takes an int and two doubles.
gulong cgtk_connect_click(GtkGesture *gesture, const char *signal, cgtk_click_callback callback,
                          void *context, cgtk_release release);

// Focus. Why C: a focus stop that holds other widgets needs a GtkBox subclass overriding the
// `focus` vfunc (GtkBox's own only moves focus among its children, never to itself, even
// when focusable); registering a GType with a class_init is a few lines in C.

/// A GtkBox that, when focusable, is one Tab stop itself: Tab from outside focuses the box,
/// the next Tab moves into its children; Shift+Tab comes back through them to the box. A
/// click on it (not taken by a child) focuses it. Backs `.focusable()`.
GtkWidget *cgtk_focus_box_new(GtkOrientation orientation);

/// A GtkBox (type `GtkBridgeBox`) whose Tab and Shift-Tab go through its children in their
/// order. GTK sorts Tab order by the children's last allocations, and a child added since the
/// last frame has none yet: a Tab pressed in the same frame as Return inserted and focused a
/// row went from the new row to the box's first child. Backs every stack.
GtkWidget *cgtk_box_new(GtkOrientation orientation, int spacing);

/// Tab (`GTK_DIR_TAB_FORWARD`) or Shift-Tab from inside `widget`, or into it, through its
/// children in their order, each asked with `gtk_widget_child_focus`: the `focus` vfunc of
/// `GtkBridgeBox` and of a `Form`'s list. FALSE when no child after (before) the focused one
/// takes focus.
gboolean cgtk_focus_children_in_order(GtkWidget *widget, GtkDirectionType direction);

/// `x`, `y` in `widget`'s coordinates, in `target`'s; FALSE when they share no ancestor. Why
/// C: `gtk_widget_translate_coordinates` is deprecated from 4.12 on for
/// `gtk_widget_compute_point`, which 4.8 lacks; GTK_CHECK_VERSION picks one.
gboolean cgtk_widget_translate_point(GtkWidget *widget, GtkWidget *target, double x, double y,
                                     double *out_x, double *out_y);

// CSS. Why C: the calls differ between GTK versions; `GTK_CHECK_VERSION` picks one here.

/// Loads a NUL-terminated stylesheet (load_from_data before 4.12, load_from_string after).
void cgtk_css_provider_load(GtkCssProvider *provider, const char *css);
/// Adds a provider that styles only `widget`'s own CSS node (deprecated, still supported, in 4.10+).
void cgtk_widget_add_provider(GtkWidget *widget, GtkCssProvider *provider, guint priority);
void cgtk_widget_remove_provider(GtkWidget *widget, GtkCssProvider *provider);
/// The resolved foreground colour of `widget`'s node.
void cgtk_widget_get_color(GtkWidget *widget, GdkRGBA *color);

// Main loop. Why C: libdispatch's main-queue hooks are private `_4CF` entry points and
// `g_unix_fd_add` lives in glib-unix.h.

/// Makes GLib's default main context run Swift's main-queue work (`Task { @MainActor in }`,
/// `DispatchQueue.main.async`) as it arrives. Idempotent.
void cgtk_install_main_queue_bridge(void);

/// Makes GLib's default main context run Foundation's main run loop (`RunLoop.main`): its
/// timers (`Timer.scheduledTimer`, `Timer.publish`) when they are due, and what else is
/// queued on it (`RunLoop.main.perform`) within a quarter of a second. Sleeps while nothing
/// is scheduled there. Does nothing when the process has no Foundation. Idempotent. Why C: a
/// `GSourceFuncs` table, and Foundation's CoreFoundation functions, which libFoundation.so
/// exports but Swift on Linux cannot import.
void cgtk_install_run_loop_bridge(void);

// The update pass's source. Why C: a source that is ready only when asked (its own prepare
// and check) is a `GSourceFuncs` table of C functions.

/// Asks for one call of `dispatch` from GLib's default main context at `priority`, in the
/// loop's next dispatch; asking again before it runs changes nothing. The source is made on
/// the first request and stays, so a pass per keystroke adds and removes no source. Main
/// thread only (no wakeup: the loop cannot be blocked while its own thread asks).
void cgtk_update_source_request(gint priority, cgtk_callback dispatch);

/// Withdraws a request `cgtk_update_source_request` made (the pass ran another way).
void cgtk_update_source_withdraw(void);

// Lazy lists. Why C: a GListModel is a GObject type implementing an interface (a class_init
// and an interface_init of C function pointers), and a list item factory's signals pass the
// list item between the instance and the user data.

/// The phase of a list item a `cgtk_row_factory_new` callback is told of: GtkSignalListItemFactory's
/// "setup", "bind", "unbind" and "teardown".
typedef enum {
  CGTK_ROW_SETUP,
  CGTK_ROW_BIND,
  CGTK_ROW_UNBIND,
  CGTK_ROW_TEARDOWN,
} CgtkRowPhase;
/// Receives a list item (a GtkListItem) and what is happening to it.
typedef void (*cgtk_row_callback)(void *context, GtkListItem *item, CgtkRowPhase phase);

/// A GListModel of `count` rows whose items carry nothing but their place: GtkListView asks
/// Swift what a row shows by position (GtkListItem:position) when it binds the row. Each
/// `get_item` returns a new plain GObject, so GTK never takes two places for one item (its
/// list item manager reuses a row's widget for an item it finds again). Starts empty.
GListModel *cgtk_row_model_new(void);
/// Replaces `removed` rows at `position` with `added` new ones and emits one
/// GListModel::items-changed for exactly that range (nothing when both are 0).
void cgtk_row_model_splice(GListModel *model, guint position, guint removed, guint added);

/// Whether the row of `item` is a keyboard focus stop itself (rows whose content has a
/// focusable widget never are). Why C: `gtk_list_item_set_focusable` is GTK 4.12+; before,
/// the row widget (the parent of the item's child) is made unfocusable itself.
void cgtk_list_item_set_focusable(GtkListItem *item, gboolean focusable);
/// A GtkSignalListItemFactory whose four signals all go to `callback`.
GtkListItemFactory *cgtk_row_factory_new(cgtk_row_callback callback, void *context,
                                         cgtk_release release);

// Accessibility. Why C: `gtk_accessible_update_property` is variadic.

/// Calls `callback(context)` once, on the main thread, when this process's GTK joins the
/// AT-SPI registry from now on and its accessible objects can be read (checked by a call GTK
/// answers after the registry's reply to it). Returns FALSE, and never calls, when there is
/// no accessibility bus. A GTK that joined before this call sends no signal and is not told
/// of: its events were readable. Subscribes synchronously (a few round trips on the
/// accessibility bus), so that no joining after the call is missed. Why: GTK tells of a focus
/// change made before it has joined with an event whose object a screen reader cannot read,
/// and says nothing more (see `AccessibilityRegistration`). Why C: GDBus calls and signals.
/// Uses only the AT-SPI D-Bus protocol, on a connection of its own, closed when done.
gboolean cgtk_atspi_when_registered(void (*callback)(void *context), void *context);

/// Sets GTK_ACCESSIBLE_PROPERTY_LABEL, what screen readers announce; NULL resets it. A label
/// set here wins over the texts of `cgtk_accessible_set_children_behavior`'s combining, and
/// a GENERIC widget without a parent becomes a GROUP (GENERIC takes no name).
void cgtk_accessible_set_label(GtkWidget *widget, const char *label);
/// Sets GTK_ACCESSIBLE_PROPERTY_LABEL on any GtkAccessible, also one that is not a widget (a
/// GtkStackPage).
void cgtk_accessible_object_set_label(gpointer accessible, const char *label);
/// Sets the label GtkBridge derives for `widget` (an image's from its symbol name, an
/// image-only button's from its image), kept as the widget's derived label; an explicit
/// label from `cgtk_accessible_set_label` wins. NULL resets it.
void cgtk_accessible_set_derived_label(GtkWidget *widget, const char *label);
/// The label last given to `cgtk_accessible_set_derived_label`, or NULL; owned by `widget`.
const char *cgtk_accessible_get_derived_label(GtkWidget *widget);
/// Sets a string accessible property (GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, …_VALUE_TEXT, …);
/// NULL resets it. Why C: `gtk_accessible_update_property` is variadic.
void cgtk_accessible_set_string_property(GtkWidget *widget, GtkAccessibleProperty property,
                                         const char *value);
/// Sets a boolean accessible property (GTK_ACCESSIBLE_PROPERTY_MODAL, …).
void cgtk_accessible_set_boolean_property(GtkWidget *widget, GtkAccessibleProperty property,
                                          gboolean value);
/// Sets an integer accessible property (`GTK_ACCESSIBLE_PROPERTY_LEVEL`).
void cgtk_accessible_set_int_property(GtkWidget *widget, GtkAccessibleProperty property,
                                      int value);
/// Sets a boolean or tristate accessible state (GTK_ACCESSIBLE_STATE_HIDDEN, …_INVALID with
/// GTK_ACCESSIBLE_INVALID_TRUE/FALSE, …_SELECTED). Why C: `gtk_accessible_update_state` is
/// variadic.
void cgtk_accessible_set_boolean_state(GtkWidget *widget, GtkAccessibleState state, int value);
/// SwiftUI's accessibilityElement(children:) on `widget`'s descendants: `hide_children` sets
/// GTK_ACCESSIBLE_STATE_HIDDEN on each (or clears it), `labelled_by_children` makes the
/// labels (GtkLabel) inside `widget` its GTK_ACCESSIBLE_RELATION_LABELLED_BY (or resets it)
/// and their texts, joined by ", ", its label, unless the widget has a label of its own from
/// `cgtk_accessible_set_label`. A GENERIC widget without a parent becomes a GROUP.
void cgtk_accessible_set_children_behavior(GtkWidget *widget, gboolean hide_children,
                                           gboolean labelled_by_children);

/// Makes `label` (a widget showing text, such as a form row's GtkLabel) `widget`'s
/// GTK_ACCESSIBLE_RELATION_LABELLED_BY, or resets the relation (NULL). While the relation is
/// set, the derived label is not (GTK 4.8 reads label and relation one after the other), and an
/// explicit label from `cgtk_accessible_set_label` wins over the relation (GTK 4.14 and later
/// read the relation first). Why C: `gtk_accessible_update_relation` is variadic.
void cgtk_accessible_set_labelled_by(GtkWidget *widget, GtkWidget *label);
/// Sets GTK_ACCESSIBLE_PROPERTY_PLACEHOLDER (a field's prompt), unless it only repeats the
/// derived label while nothing else names the widget (a field without a prompt shows its
/// title: read once, not twice). NULL resets it.
void cgtk_accessible_set_placeholder(GtkWidget *widget, const char *placeholder);
/// Gives `widget` the accessible role `role` (GTK_ACCESSIBLE_ROLE_DIALOG, …_ALERT_DIALOG) if
/// its accessible context is not realized yet, which happens when it is shown. Why C: the
/// role is the construct property "accessible-role", set with the variadic `g_object_set`.
void cgtk_accessible_set_role(GtkWidget *widget, GtkAccessibleRole role);
/// Asks the screen reader to speak `message` now (`gtk_accessible_announce`, GTK 4.14 and
/// later), politely or, with `assertive`, at once. Returns FALSE where GTK has no
/// announcements (GTK 4.8 to 4.12) or no screen reader to tell (GTK's test context, which
/// would crash on it). Why C: the function exists only
/// from 4.14 (`GTK_CHECK_VERSION`).
gboolean cgtk_accessible_announce(GtkWidget *widget, const char *message, gboolean assertive);

// Reading accessible properties back needs GTK's gtk_test_* API: that lives in CGtkTesting,
// for the GtkBridgeTesting product, never in the shipping library.

// Synthetic input, the way GTK's own tests drive widgets (GtkBridgeTesting's simulate*
// helpers and the benchmarks use it; none is a gtk_test_* call). Why C:
// `g_signal_emit_by_name` is variadic, which Swift cannot call.

/// Emits GtkText::insert-at-cursor, as typing `text` would.
void cgtk_text_insert_at_cursor(GtkWidget *text_widget, const char *text);
/// Emits a signal that takes no arguments and returns nothing, such as GtkText's
/// "backspace" and "activate" keybinding signals or GtkButton's "clicked".
void cgtk_emit(gpointer instance, const char *signal);
/// Emits GtkWindow's move-focus keybinding signal, as Tab / Shift-Tab / arrows would.
void cgtk_window_move_focus(GtkWidget *window, GtkDirectionType direction);

// The Swift runtime. Why C: its entry points are reserved to the compiler on the Swift side
// (`@_silgen_name` of a `swift_` symbol is a warning that will become an error).

/// The type metadata a mangled type name stands for, as the compiler emits names into the
/// binary (symbolic references are resolved relative to where `name` lies, so pass the
/// pointer into the binary, never a copy); NULL when the runtime cannot make it (SIL
/// function types, unbound generic parameters). Wraps swift_getTypeByMangledNameInContext.
const void *cgtk_swift_type_by_mangled_name(const char *name, size_t length);

#endif
