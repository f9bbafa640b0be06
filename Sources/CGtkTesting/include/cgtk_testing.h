// The C half of GtkBridgeTesting: what tests need and the shipping library must not carry
// (GTK's gtk_test_* API). All symbols are prefixed `cgtk_testing_`.
//
// NB: widgets are passed as `void *` so this header need not include <gtk/gtk.h>: GtkBridge's
// own module (CGtk) brings GTK's types, and one clang module per header set keeps Swift from
// seeing two `GtkWidget` types.
#ifndef CGTK_TESTING_H
#define CGTK_TESTING_H

/// Whether `widget`'s accessible property `property` (a GtkAccessibleProperty) is the string
/// `value`, as GTK's test API reads it back (GTK 4.8 has no getter). Why C:
/// `gtk_test_accessible_check_property` is variadic. Needs GTK_A11Y=test or another backend
/// that keeps properties (all of GTK's do).
int cgtk_testing_accessible_string_property_is(void *widget, int property, const char *value);

/// Whether `widget`'s accessible property `property` is set at all.
int cgtk_testing_accessible_has_property(void *widget, int property);

/// Whether `widget`'s accessible state `state` (a GtkAccessibleState) is the integer or
/// boolean `value`. Why C: `gtk_test_accessible_check_state` is variadic.
int cgtk_testing_accessible_state_is(void *widget, int state, int value);

/// Whether `widget`'s accessible property `property` is the integer or boolean `value`.
int cgtk_testing_accessible_int_property_is(void *widget, int property, int value);

/// Whether `widget`'s accessible relation `relation` (a GtkAccessibleRelation) is set.
int cgtk_testing_accessible_has_relation(void *widget, int relation);

/// The value of `widget`'s accessible property `property` as GTK prints it (a string as it
/// is, "true", "horizontal", a number), or NULL when it is not set; free with `g_free`.
/// `kind` says how GTK collects the property's value: 0 a string, 1 an integer, boolean or
/// token, 2 a number. Why C: `gtk_test_accessible_check_property` is variadic; it returns the
/// value when it differs from the one given (documented: "the value of the accessible
/// property"), so this asks with a value the property cannot hold, then with another.
char *cgtk_testing_accessible_property_text(void *widget, int property, int kind);
/// The same for accessible state `state` (a GtkAccessibleState; all take an integer).
char *cgtk_testing_accessible_state_text(void *widget, int state);
/// The same for accessible relation `relation`: GTK prints each accessible it refers to as
/// "TypeName<0x…>" (see docs/GtkBridge.docc/PrivateGTKBehaviour.md).
char *cgtk_testing_accessible_relation_text(void *widget, int relation);
/// Whether accessible state `state` is set at all.
int cgtk_testing_accessible_has_state(void *widget, int state);
/// `widget`'s accessible role (a GtkAccessibleRole). Why here: tests only.
int cgtk_testing_accessible_role(void *widget);

/// Emits GtkEventControllerKey::key-pressed with `keyval` and no modifiers on the key
/// controllers a real key press at `widget` reaches, in GTK's order (capture phase from the
/// root down, then target and bubble phases up), until one handles it. Returns whether one did. Why C: `g_signal_emit_by_name`
/// is variadic and this signal returns a value. GTK 4 has no public API to build a key event.
int cgtk_testing_press_key(void *widget, unsigned keyval);

/// The bytes malloc has handed out and not had back (glibc's `mallinfo2().uordblks`), for
/// memory-growth tests. Why C: `mallinfo2` returns a struct Swift's Glibc does not import.
unsigned long cgtk_testing_malloc_in_use(void);

/// Gives free heap memory back to the system (`malloc_trim(0)`).
void cgtk_testing_malloc_trim(void);

#endif
