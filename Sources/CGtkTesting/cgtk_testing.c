#include "cgtk_testing.h"

#include <gtk/gtk.h>
#include <math.h>

int cgtk_testing_accessible_has_property(void *widget, int property) {
  return gtk_test_accessible_has_property(GTK_ACCESSIBLE(widget), (GtkAccessibleProperty)property);
}

int cgtk_testing_accessible_string_property_is(void *widget, int property, const char *value) {
  if (!gtk_test_accessible_has_property(GTK_ACCESSIBLE(widget), (GtkAccessibleProperty)property))
    return FALSE;
  char *mismatch = gtk_test_accessible_check_property(GTK_ACCESSIBLE(widget),
                                                      (GtkAccessibleProperty)property, value);
  gboolean matches = mismatch == NULL;
  g_free(mismatch);
  return matches;
}

int cgtk_testing_accessible_int_property_is(void *widget, int property, int value) {
  if (!gtk_test_accessible_has_property(GTK_ACCESSIBLE(widget), (GtkAccessibleProperty)property))
    return FALSE;
  char *mismatch = gtk_test_accessible_check_property(GTK_ACCESSIBLE(widget),
                                                      (GtkAccessibleProperty)property, value);
  gboolean matches = mismatch == NULL;
  g_free(mismatch);
  return matches;
}

int cgtk_testing_accessible_state_is(void *widget, int state, int value) {
  if (!gtk_test_accessible_has_state(GTK_ACCESSIBLE(widget), (GtkAccessibleState)state))
    return FALSE;
  char *mismatch =
      gtk_test_accessible_check_state(GTK_ACCESSIBLE(widget), (GtkAccessibleState)state, value);
  gboolean matches = mismatch == NULL;
  g_free(mismatch);
  return matches;
}

int cgtk_testing_accessible_has_relation(void *widget, int relation) {
  return gtk_test_accessible_has_relation(GTK_ACCESSIBLE(widget), (GtkAccessibleRelation)relation);
}

char *cgtk_testing_accessible_property_text(void *widget, int property, int kind) {
  GtkAccessible *accessible = GTK_ACCESSIBLE(widget);
  GtkAccessibleProperty which = (GtkAccessibleProperty)property;
  if (!gtk_test_accessible_has_property(accessible, which)) return NULL;
  if (kind == 0) {
    // NB: two strings no app gives: one of them differs from the value.
    char *text = gtk_test_accessible_check_property(accessible, which, "\x01");
    return text != NULL ? text : g_strdup("\x01");
  }
  if (kind == 2) {
    char *text = gtk_test_accessible_check_property(accessible, which, (double)NAN);
    return text != NULL ? text : g_strdup("nan");
  }
  char *text = gtk_test_accessible_check_property(accessible, which, 0);
  return text != NULL ? text : gtk_test_accessible_check_property(accessible, which, 1);
}

char *cgtk_testing_accessible_state_text(void *widget, int state) {
  GtkAccessible *accessible = GTK_ACCESSIBLE(widget);
  GtkAccessibleState which = (GtkAccessibleState)state;
  if (!gtk_test_accessible_has_state(accessible, which)) return NULL;
  char *text = gtk_test_accessible_check_state(accessible, which, 0);
  return text != NULL ? text : gtk_test_accessible_check_state(accessible, which, 1);
}

char *cgtk_testing_accessible_relation_text(void *widget, int relation) {
  GtkAccessible *accessible = GTK_ACCESSIBLE(widget);
  GtkAccessibleRelation which = (GtkAccessibleRelation)relation;
  if (!gtk_test_accessible_has_relation(accessible, which)) return NULL;
  // NB: an empty list (or no reference) differs from any relation that is set.
  char *text = gtk_test_accessible_check_relation(accessible, which, NULL);
  return text != NULL ? text : g_strdup("");
}

int cgtk_testing_accessible_has_state(void *widget, int state) {
  return gtk_test_accessible_has_state(GTK_ACCESSIBLE(widget), (GtkAccessibleState)state);
}

int cgtk_testing_accessible_role(void *widget) {
  return (int)gtk_accessible_get_accessible_role(GTK_ACCESSIBLE(widget));
}

static gboolean press_in_phase(GtkWidget *widget, unsigned keyval, GtkPropagationPhase phase) {
  GListModel *controllers = gtk_widget_observe_controllers(widget);
  guint count = g_list_model_get_n_items(controllers);
  gboolean handled = FALSE;
  for (guint index = 0; index < count && !handled; index++) {
    GObject *controller = g_list_model_get_item(controllers, index);
    if (GTK_IS_EVENT_CONTROLLER_KEY(controller) &&
        gtk_event_controller_get_propagation_phase(GTK_EVENT_CONTROLLER(controller)) == phase)
      g_signal_emit_by_name(controller, "key-pressed", keyval, 0u, (GdkModifierType)0, &handled);
    g_object_unref(controller);
  }
  g_object_unref(controllers);
  return handled;
}

int cgtk_testing_press_key(void *widget, unsigned keyval) {
  // As GTK delivers a key: the capture phase from the root down to the widget, then the
  // widget's own and its ancestors' controllers (target and bubble phases) upwards.
  GPtrArray *chain = g_ptr_array_new();
  for (GtkWidget *current = widget; current != NULL; current = gtk_widget_get_parent(current))
    g_ptr_array_add(chain, current);
  gboolean handled = FALSE;
  for (guint index = chain->len; index > 0 && !handled; index--)
    handled = press_in_phase(g_ptr_array_index(chain, index - 1), keyval, GTK_PHASE_CAPTURE);
  for (guint index = 0; index < chain->len && !handled; index++) {
    GtkWidget *current = g_ptr_array_index(chain, index);
    handled = (index == 0 && press_in_phase(current, keyval, GTK_PHASE_TARGET)) ||
              press_in_phase(current, keyval, GTK_PHASE_BUBBLE);
  }
  g_ptr_array_free(chain, TRUE);
  return handled;
}

#include <malloc.h>

unsigned long cgtk_testing_malloc_in_use(void) { return (unsigned long)mallinfo2().uordblks; }

void cgtk_testing_malloc_trim(void) { malloc_trim(0); }
