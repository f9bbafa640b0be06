#include "cgtk.h"

#include <glib-unix.h>
#include <sys/eventfd.h>

typedef struct {
  void *callback;
  void *context;
  cgtk_release release;
} cgtk_closure;

static gpointer closure_new(void *callback, void *context, cgtk_release release) {
  cgtk_closure *closure = g_new0(cgtk_closure, 1);
  closure->callback = callback;
  closure->context = context;
  closure->release = release;
  return closure;
}

static void closure_free(gpointer data, GClosure *unused) {
  (void)unused;
  cgtk_closure *closure = data;
  if (closure->release != NULL) closure->release(closure->context);
  g_free(closure);
}

static void closure_free_weak(gpointer data, GObject *unused) {
  (void)unused;
  closure_free(data, NULL);
}

static void on_instance(gpointer instance, gpointer data) {
  (void)instance;
  cgtk_closure *closure = data;
  ((cgtk_callback)closure->callback)(closure->context);
}

static void on_instance_int(gpointer instance, gint arg, gpointer data) {
  (void)instance;
  (void)arg;
  cgtk_closure *closure = data;
  ((cgtk_callback)closure->callback)(closure->context);
}

static void on_notify(GObject *object, GParamSpec *pspec, gpointer data) {
  (void)object;
  (void)pspec;
  cgtk_closure *closure = data;
  ((cgtk_callback)closure->callback)(closure->context);
}

static void on_insert_text(GtkEditable *editable, const char *text, int length, int *position,
                           gpointer data) {
  (void)text;
  (void)length;
  cgtk_closure *closure = data;
  if (((cgtk_edit_callback)closure->callback)(closure->context, *position))
    g_signal_stop_emission_by_name(editable, "insert-text");
}

static void on_delete_text(GtkEditable *editable, int start, int end, gpointer data) {
  (void)end;
  cgtk_closure *closure = data;
  if (((cgtk_edit_callback)closure->callback)(closure->context, start))
    g_signal_stop_emission_by_name(editable, "delete-text");
}

static void on_parsing_error(GtkCssProvider *provider, GtkCssSection *section, GError *error,
                             gpointer data) {
  (void)provider;
  cgtk_closure *closure = data;
  const GtkCssLocation *start = gtk_css_section_get_start_location(section);
  ((cgtk_css_error_callback)closure->callback)(closure->context, (unsigned)start->lines + 1,
                                               (unsigned)start->line_chars + 1,
                                               error != NULL ? error->message : "");
}

static gulong connect(gpointer instance, const char *signal, GCallback handler, void *callback,
                      void *context, cgtk_release release) {
  return g_signal_connect_data(instance, signal, handler, closure_new(callback, context, release),
                               closure_free, 0);
}

gulong cgtk_connect_void(gpointer instance, const char *signal, cgtk_callback callback,
                         void *context, cgtk_release release) {
  return connect(instance, signal, G_CALLBACK(on_instance), callback, context, release);
}

gulong cgtk_connect_void_after(gpointer instance, const char *signal, cgtk_callback callback,
                               void *context, cgtk_release release) {
  return g_signal_connect_data(instance, signal, G_CALLBACK(on_instance),
                               closure_new(callback, context, release), closure_free,
                               G_CONNECT_AFTER);
}

static void on_swapped(gpointer data) {
  cgtk_closure *closure = data;
  ((cgtk_callback)closure->callback)(closure->context);
}

gulong cgtk_connect_any_void(gpointer instance, const char *signal, cgtk_callback callback,
                             void *context, cgtk_release release) {
  guint signal_id = 0;
  GQuark detail = 0;
  if (!g_signal_parse_name(signal, G_TYPE_FROM_INSTANCE(instance), &signal_id, &detail, TRUE))
    return 0;
  GSignalQuery query;
  g_signal_query(signal_id, &query);
  if ((query.return_type & ~G_SIGNAL_TYPE_STATIC_SCOPE) != G_TYPE_NONE) return 0;
  // NB: swapped, the C handler receives (data, signal arguments…, instance); on_swapped reads
  // only the first, which the C calling convention allows.
  return g_signal_connect_data(instance, signal, G_CALLBACK(on_swapped),
                               closure_new(callback, context, release), closure_free,
                               G_CONNECT_SWAPPED);
}

gulong cgtk_connect_void_int(gpointer instance, const char *signal, cgtk_callback callback,
                             void *context, cgtk_release release) {
  return connect(instance, signal, G_CALLBACK(on_instance_int), callback, context, release);
}

static gboolean on_key_pressed(GtkEventController *controller, guint keyval, guint keycode,
                               GdkModifierType state, gpointer data) {
  (void)controller;
  cgtk_closure *closure = data;
  return ((cgtk_key_callback)closure->callback)(closure->context, keyval, keycode, state);
}

static void on_key_released(GtkEventController *controller, guint keyval, guint keycode,
                            GdkModifierType state, gpointer data) {
  (void)controller;
  cgtk_closure *closure = data;
  (void)((cgtk_key_callback)closure->callback)(closure->context, keyval, keycode, state);
}

gulong cgtk_connect_key(GtkEventController *controller, gboolean released,
                        cgtk_key_callback callback, void *context, cgtk_release release) {
  return released ? connect(controller, "key-released", G_CALLBACK(on_key_released), callback,
                            context, release)
                  : connect(controller, "key-pressed", G_CALLBACK(on_key_pressed), callback,
                            context, release);
}

static void on_click(GtkGesture *gesture, gint n_press, gdouble x, gdouble y, gpointer data) {
  (void)gesture;
  cgtk_closure *closure = data;
  ((cgtk_click_callback)closure->callback)(closure->context, n_press, x, y);
}

gulong cgtk_connect_click(GtkGesture *gesture, const char *signal, cgtk_click_callback callback,
                          void *context, cgtk_release release) {
  return connect(gesture, signal, G_CALLBACK(on_click), callback, context, release);
}

// Tab and Shift-Tab go through the children in their order. GTK sorts a container's Tab
// order by where its children were last allocated, and a child added since the last frame
// (a row that Return just inserted and focused) has not been allocated yet: at 0,0 it sorts
// first, so a Tab pressed before the next frame went from it to the box's first child. A
// box lays its children out in their order (right to left in RTL, as GTK's Tab sort reads
// it), so once allocated the two orders agree. Arrows keep GTK's geometric moves.
gboolean cgtk_focus_children_in_order(GtkWidget *widget, GtkDirectionType direction) {
  gboolean forward = direction == GTK_DIR_TAB_FORWARD;
  GtkWidget *focus_child = gtk_widget_get_focus_child(widget);
  GtkWidget *child;
  if (focus_child != NULL) {
    if (gtk_widget_child_focus(focus_child, direction)) return TRUE;
    child = forward ? gtk_widget_get_next_sibling(focus_child)
                    : gtk_widget_get_prev_sibling(focus_child);
  } else {
    child = forward ? gtk_widget_get_first_child(widget) : gtk_widget_get_last_child(widget);
  }
  for (; child != NULL;
       child = forward ? gtk_widget_get_next_sibling(child) : gtk_widget_get_prev_sibling(child)) {
    // NB: as gtk_widget_focus_move: only children that are shown.
    if (gtk_widget_is_drawable(child) && gtk_widget_child_focus(child, direction)) return TRUE;
  }
  return FALSE;
}

typedef struct {
  GtkBox parent_instance;
} GtkBridgeBox;

typedef struct {
  GtkBoxClass parent_class;
} GtkBridgeBoxClass;

G_DEFINE_TYPE(GtkBridgeBox, gtk_bridge_box, GTK_TYPE_BOX)

static gboolean bridge_box_focus(GtkWidget *widget, GtkDirectionType direction) {
  if (direction == GTK_DIR_TAB_FORWARD || direction == GTK_DIR_TAB_BACKWARD)
    return cgtk_focus_children_in_order(widget, direction);
  return GTK_WIDGET_CLASS(gtk_bridge_box_parent_class)->focus(widget, direction);
}

static void gtk_bridge_box_class_init(GtkBridgeBoxClass *klass) {
  GTK_WIDGET_CLASS(klass)->focus = bridge_box_focus;
}

static void gtk_bridge_box_init(GtkBridgeBox *self) { (void)self; }

GtkWidget *cgtk_box_new(GtkOrientation orientation, int spacing) {
  return g_object_new(gtk_bridge_box_get_type(), "orientation", orientation, "spacing", spacing,
                      NULL);
}

// A focusable box (`.focusable()`) is a GtkBridgeBox: among its children, Tab follows their
// order as in every stack.
typedef struct {
  GtkBridgeBox parent_instance;
} CgtkFocusBox;

typedef struct {
  GtkBridgeBoxClass parent_class;
} CgtkFocusBoxClass;

G_DEFINE_TYPE(CgtkFocusBox, cgtk_focus_box, gtk_bridge_box_get_type())

static gboolean focus_box_children(GtkWidget *widget, GtkDirectionType direction) {
  return GTK_WIDGET_CLASS(cgtk_focus_box_parent_class)->focus(widget, direction);
}

static gboolean focus_box_focus(GtkWidget *widget, GtkDirectionType direction) {
  if (!gtk_widget_get_focusable(widget)) return focus_box_children(widget, direction);
  gboolean backward = direction == GTK_DIR_TAB_BACKWARD || direction == GTK_DIR_UP ||
                      direction == GTK_DIR_LEFT;
  if (gtk_widget_is_focus(widget)) {
    // On the box: forward goes into the children, backward leaves.
    return backward ? FALSE : focus_box_children(widget, direction);
  }
  if (gtk_widget_get_focus_child(widget) != NULL) {
    // Inside a child: move among the children; backward past the first comes to the box.
    if (focus_box_children(widget, direction)) return TRUE;
    return backward ? gtk_widget_grab_focus(widget) : FALSE;
  }
  // Entering: forward stops at the box first; backward reaches the children first.
  if (backward && focus_box_children(widget, direction)) return TRUE;
  return gtk_widget_grab_focus(widget);
}

static void focus_box_pressed(GtkGestureClick *gesture, int n_press, double x, double y,
                              gpointer data) {
  (void)n_press;
  (void)x;
  (void)y;
  (void)data;
  GtkWidget *widget = gtk_event_controller_get_widget(GTK_EVENT_CONTROLLER(gesture));
  if (gtk_widget_get_focusable(widget) && !gtk_widget_has_focus(widget) &&
      gtk_widget_get_focus_child(widget) == NULL)
    gtk_widget_grab_focus(widget);
}

static void cgtk_focus_box_class_init(CgtkFocusBoxClass *klass) {
  GTK_WIDGET_CLASS(klass)->focus = focus_box_focus;
}

static void cgtk_focus_box_init(CgtkFocusBox *self) {
  GtkGesture *click = gtk_gesture_click_new();
  g_signal_connect(click, "pressed", G_CALLBACK(focus_box_pressed), NULL);
  gtk_widget_add_controller(GTK_WIDGET(self), GTK_EVENT_CONTROLLER(click));
}

GtkWidget *cgtk_focus_box_new(GtkOrientation orientation) {
  return g_object_new(cgtk_focus_box_get_type(), "orientation", orientation, NULL);
}

gboolean cgtk_widget_translate_point(GtkWidget *widget, GtkWidget *target, double x, double y,
                                     double *out_x, double *out_y) {
#if GTK_CHECK_VERSION(4, 10, 0)
  graphene_point_t in = GRAPHENE_POINT_INIT((float)x, (float)y);
  graphene_point_t out;
  if (!gtk_widget_compute_point(widget, target, &in, &out)) return FALSE;
  *out_x = out.x;
  *out_y = out.y;
  return TRUE;
#else
  return gtk_widget_translate_coordinates(widget, target, x, y, out_x, out_y);
#endif
}

gulong cgtk_connect_notify(gpointer object, const char *property, cgtk_callback callback,
                           void *context, cgtk_release release) {
  char *signal = g_strconcat("notify::", property, NULL);
  gulong id = connect(object, signal, G_CALLBACK(on_notify), callback, context, release);
  g_free(signal);
  return id;
}

gulong cgtk_connect_insert_text(gpointer editable, cgtk_edit_callback callback, void *context,
                                cgtk_release release) {
  return connect(editable, "insert-text", G_CALLBACK(on_insert_text), callback, context, release);
}

gulong cgtk_connect_delete_text(gpointer editable, cgtk_edit_callback callback, void *context,
                                cgtk_release release) {
  return connect(editable, "delete-text", G_CALLBACK(on_delete_text), callback, context, release);
}

gulong cgtk_connect_css_parsing_error(GtkCssProvider *provider, cgtk_css_error_callback callback,
                                      void *context, cgtk_release release) {
  return connect(provider, "parsing-error", G_CALLBACK(on_parsing_error), callback, context,
                 release);
}

void cgtk_css_provider_load(GtkCssProvider *provider, const char *css) {
#if GTK_CHECK_VERSION(4, 12, 0)
  gtk_css_provider_load_from_string(provider, css);
#else
  gtk_css_provider_load_from_data(provider, css, -1);
#endif
}

// gtk_style_context_* is deprecated from 4.10 on with no per-widget replacement yet.
G_GNUC_BEGIN_IGNORE_DEPRECATIONS
void cgtk_widget_add_provider(GtkWidget *widget, GtkCssProvider *provider, guint priority) {
  gtk_style_context_add_provider(gtk_widget_get_style_context(widget),
                                 GTK_STYLE_PROVIDER(provider), priority);
}

void cgtk_widget_remove_provider(GtkWidget *widget, GtkCssProvider *provider) {
  gtk_style_context_remove_provider(gtk_widget_get_style_context(widget),
                                    GTK_STYLE_PROVIDER(provider));
}

void cgtk_widget_get_color(GtkWidget *widget, GdkRGBA *color) {
#if GTK_CHECK_VERSION(4, 10, 0)
  gtk_widget_get_color(widget, color);
#else
  gtk_style_context_get_color(gtk_widget_get_style_context(widget), color);
#endif
}
G_GNUC_END_IGNORE_DEPRECATIONS

// libdispatch's hooks for a foreign run loop (what CoreFoundation uses on Linux).
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

static gboolean on_main_queue_ready(gint fd, GIOCondition condition, gpointer data) {
  (void)condition;
  (void)data;
  // libdispatch only writes the eventfd; its reader must reset it (as CFRunLoop does), or
  // the fd stays readable and GLib spins. Work queued after this read writes it again.
  eventfd_t pending;
  (void)eventfd_read(fd, &pending);
  _dispatch_main_queue_callback_4CF(NULL);
  return G_SOURCE_CONTINUE;
}

void cgtk_install_main_queue_bridge(void) {
  static gsize installed = 0;
  if (g_once_init_enter(&installed)) {
    g_unix_fd_add(_dispatch_get_main_queue_handle_4CF(), G_IO_IN, on_main_queue_ready, NULL);
    g_once_init_leave(&installed, 1);
  }
}

// Foundation's run loop: swift-corelibs-foundation links CoreFoundation into libFoundation.so
// and exports its C functions; they are public API on Apple's platforms. Weak, so a process
// without Foundation links and has no run loop to serve.
extern void *CFRunLoopGetMain(void) __attribute__((weak));
extern double CFRunLoopGetNextTimerFireDate(void *loop, const void *mode) __attribute__((weak));
extern int32_t CFRunLoopRunInMode(const void *mode, double seconds, unsigned char once)
    __attribute__((weak));
extern double CFAbsoluteTimeGetCurrent(void) __attribute__((weak));
extern const void *const kCFRunLoopDefaultMode __attribute__((weak));
// Not public on Apple's platforms either: whether the mode has no timer, source or block.
extern unsigned char _CFRunLoopFinished(void *loop, const void *mode) __attribute__((weak));

// The longest GLib sleeps while Foundation's run loop has something that is not a timer (a
// block from `perform`, a source): such work does not wake GLib, so it is looked at this often.
#define RUN_LOOP_POLL_MS 250

typedef struct {
  GSource source;
  gint64 poll_deadline; // monotonic µs at which to look at the run loop anyway; 0: never
  double next_timer;    // the run loop's next timer fire date found by prepare; 0: none
} RunLoopSource;

// Milliseconds until the run loop needs a pass: 0 now, -1 never (nothing scheduled).
// Runs before every wait of GLib's loop, so it asks the run loop as little as it can (each
// question looks its mode up by name, several hundred instructions).
static gint run_loop_wait(RunLoopSource *self) {
  void *loop = CFRunLoopGetMain();
  const void *mode = kCFRunLoopDefaultMode;
  gint wait = -1;
  double next = CFRunLoopGetNextTimerFireDate(loop, mode);
  self->next_timer = next;
  if (next > 0) {
    double ms = ceil((next - CFAbsoluteTimeGetCurrent()) * 1000.0);
    wait = ms <= 0 ? 0 : (ms > G_MAXINT ? G_MAXINT : (gint)ms);
  }
  if (wait == 0) return 0;
  gint64 now = g_get_monotonic_time();
  // A look already due later keeps its time: the run loop is asked whether it holds other
  // work again only after that look, not before every wait.
  if (self->poll_deadline == 0 || self->poll_deadline <= now) {
    self->poll_deadline = 0;
    if (_CFRunLoopFinished != NULL && !_CFRunLoopFinished(loop, mode))
      self->poll_deadline = now + (gint64)RUN_LOOP_POLL_MS * 1000;
  }
  if (self->poll_deadline != 0) {
    gint until = (gint)((self->poll_deadline - now + 999) / 1000);
    if (wait < 0 || wait > until) wait = until;
  }
  return wait;
}

static gboolean run_loop_prepare(GSource *source, gint *timeout) {
  *timeout = run_loop_wait((RunLoopSource *)source);
  return *timeout == 0;
}

// Only the wait ran since prepare, so the timer it found is still the next one.
static gboolean run_loop_check(GSource *source) {
  RunLoopSource *self = (RunLoopSource *)source;
  if (self->poll_deadline != 0 && g_get_monotonic_time() >= self->poll_deadline) return TRUE;
  return self->next_timer > 0 && self->next_timer <= CFAbsoluteTimeGetCurrent();
}

static gboolean run_loop_dispatch(GSource *source, GSourceFunc callback, gpointer data) {
  (void)callback;
  (void)data;
  // One pass, waiting for nothing: due timers fire, queued blocks and signalled sources run.
  CFRunLoopRunInMode(kCFRunLoopDefaultMode, 0, FALSE);
  // The pass looked at everything: the next prepare asks afresh.
  ((RunLoopSource *)source)->poll_deadline = 0;
  return G_SOURCE_CONTINUE;
}

static GSourceFuncs run_loop_source_funcs = {run_loop_prepare, run_loop_check, run_loop_dispatch,
                                             NULL, NULL, NULL};

void cgtk_install_run_loop_bridge(void) {
  static gsize installed = 0;
  if (CFRunLoopGetMain == NULL || CFRunLoopGetNextTimerFireDate == NULL ||
      CFRunLoopRunInMode == NULL || CFAbsoluteTimeGetCurrent == NULL ||
      &kCFRunLoopDefaultMode == NULL)
    return;
  if (g_once_init_enter(&installed)) {
    GSource *source = g_source_new(&run_loop_source_funcs, sizeof(RunLoopSource));
    g_source_set_name(source, "GtkBridge Foundation run loop");
    // A timer's code may iterate the loop itself (a modal wait), as an update pass may.
    g_source_set_can_recurse(source, TRUE);
    g_source_attach(source, NULL);
    g_source_unref(source);
    g_once_init_leave(&installed, 1);
  }
}

static gboolean update_requested = FALSE;
static cgtk_callback update_dispatch_callback = NULL;

static gboolean update_source_prepare(GSource *source, gint *timeout) {
  (void)source;
  *timeout = -1;
  return update_requested;
}

static gboolean update_source_check(GSource *source) {
  (void)source;
  return update_requested;
}

static gboolean update_source_dispatch(GSource *source, GSourceFunc callback, gpointer data) {
  (void)source;
  (void)callback;
  (void)data;
  // Cleared first: the pass may ask for the next one.
  update_requested = FALSE;
  if (update_dispatch_callback != NULL) update_dispatch_callback(NULL);
  return G_SOURCE_CONTINUE;
}

static GSourceFuncs update_source_funcs = {
    update_source_prepare, update_source_check, update_source_dispatch, NULL, NULL, NULL};

void cgtk_update_source_request(gint priority, cgtk_callback dispatch) {
  static GSource *source = NULL;
  if (source == NULL) {
    source = g_source_new(&update_source_funcs, sizeof(GSource));
    g_source_set_priority(source, priority);
    g_source_set_name(source, "GtkBridge update pass");
    // A pass runs `.onChange`/`.onAppear` code, which may iterate the loop itself (a modal
    // wait): GLib would not dispatch a source inside its own dispatch, and that loop would
    // never see a pass, as it did when each pass had an idle source of its own.
    g_source_set_can_recurse(source, TRUE);
    g_source_attach(source, NULL);
  }
  update_dispatch_callback = dispatch;
  update_requested = TRUE;
}

void cgtk_update_source_withdraw(void) { update_requested = FALSE; }

void cgtk_text_insert_at_cursor(GtkWidget *text_widget, const char *text) {
  g_signal_emit_by_name(text_widget, "insert-at-cursor", text);
}

void cgtk_emit(gpointer instance, const char *signal) {
  g_signal_emit_by_name(instance, signal);
}

void cgtk_window_move_focus(GtkWidget *window, GtkDirectionType direction) {
  g_signal_emit_by_name(window, "move-focus", direction);
}

// NB: a GENERIC accessible (a GtkBox from GTK 4.10 on; 4.8's boxes are GROUP) takes no name
// from its author: GTK's name computation skips its label and labelled-by relation (ARIA's
// "name from author"), so a labelled box read as an empty panel. A widget that is given a
// name becomes a GROUP. The role can be set only until the widget's AT context is realized,
// which needs a parent (or a root): a widget that has one keeps its role.
static void make_nameable(GtkWidget *widget) {
  if (gtk_accessible_get_accessible_role(GTK_ACCESSIBLE(widget)) != GTK_ACCESSIBLE_ROLE_GENERIC)
    return;
  if (gtk_widget_get_parent(widget) != NULL || GTK_IS_ROOT(widget)) return;
  g_object_set(widget, "accessible-role", GTK_ACCESSIBLE_ROLE_GROUP, NULL);
}

// A placeholder that only repeats the name is not given: read once, not twice ("Display name,
// text" rather than "Display name, text, Display name" for a Form row whose label and
// placeholder both show the field's title). The name is the app's label if it gave one, else
// the text of the label that names the widget (labelled-by), else the derived label.
static void apply_placeholder(GtkWidget *widget) {
  const char *placeholder = g_object_get_data(G_OBJECT(widget), "cgtk-placeholder");
  if (placeholder == NULL) return;
  const char *name = g_object_get_data(G_OBJECT(widget), "cgtk-derived-label");
  if (GPOINTER_TO_INT(g_object_get_data(G_OBJECT(widget), "cgtk-explicit-label")))
    name = g_object_get_data(G_OBJECT(widget), "cgtk-explicit-label-text");
  else if (g_object_get_data(G_OBJECT(widget), "cgtk-labelled-by") != NULL)
    name = g_object_get_data(G_OBJECT(widget), "cgtk-labelled-by-text");
  if (placeholder[0] != '\0' && g_strcmp0(placeholder, name) != 0) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_PLACEHOLDER,
                                   placeholder, -1);
  } else {
    gtk_accessible_reset_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_PLACEHOLDER);
  }
}

void cgtk_accessible_set_placeholder(GtkWidget *widget, const char *placeholder) {
  g_object_set_data_full(G_OBJECT(widget), "cgtk-placeholder", g_strdup(placeholder), g_free);
  if (placeholder == NULL)
    gtk_accessible_reset_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_PLACEHOLDER);
  apply_placeholder(widget);
}

void cgtk_accessible_set_label(GtkWidget *widget, const char *label) {
  if (label == NULL) {
    gtk_accessible_reset_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL);
  } else {
    make_nameable(widget);
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                   -1);
    // NB: a label given explicitly replaces the texts of a combining element (GTK 4.14 and
    // later name a widget by its labelled-by relation before its label).
    if (g_object_get_data(G_OBJECT(widget), "cgtk-combines-children") != NULL)
      gtk_accessible_reset_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  }
  g_object_set_data(G_OBJECT(widget), "cgtk-explicit-label", GINT_TO_POINTER(label != NULL));
  g_object_set_data_full(G_OBJECT(widget), "cgtk-explicit-label-text", g_strdup(label), g_free);
  if (label != NULL && g_object_get_data(G_OBJECT(widget), "cgtk-labelled-by") != NULL)
    gtk_accessible_reset_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  apply_placeholder(widget);
}

void cgtk_accessible_set_derived_label(GtkWidget *widget, const char *label) {
  g_object_set_data_full(G_OBJECT(widget), "cgtk-derived-label", g_strdup(label), g_free);
  apply_placeholder(widget);
  if (GPOINTER_TO_INT(g_object_get_data(G_OBJECT(widget), "cgtk-explicit-label"))) return;
  if (g_object_get_data(G_OBJECT(widget), "cgtk-labelled-by") != NULL) return;
  if (label == NULL) {
    gtk_accessible_reset_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL);
  } else {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                   -1);
  }
}

void cgtk_accessible_set_labelled_by(GtkWidget *widget, GtkWidget *label) {
  // NB: a flag, not the label: GTK's relation holds the label for as long as it is set.
  g_object_set_data(G_OBJECT(widget), "cgtk-labelled-by", GINT_TO_POINTER(label != NULL));
  // NB: the text as the relation is made: a placeholder repeating it is dropped (see above).
  g_object_set_data_full(
      G_OBJECT(widget), "cgtk-labelled-by-text",
      label != NULL && GTK_IS_LABEL(label) ? g_strdup(gtk_label_get_text(GTK_LABEL(label))) : NULL,
      g_free);
  apply_placeholder(widget);
  gboolean explicit_label =
      GPOINTER_TO_INT(g_object_get_data(G_OBJECT(widget), "cgtk-explicit-label"));
  if (label != NULL && !explicit_label) {
    gtk_accessible_update_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                   label, NULL, -1);
    gtk_accessible_reset_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL);
    return;
  }
  gtk_accessible_reset_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  const char *derived = g_object_get_data(G_OBJECT(widget), "cgtk-derived-label");
  if (!explicit_label && derived != NULL)
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, derived,
                                   -1);
}

void cgtk_accessible_set_role(GtkWidget *widget, GtkAccessibleRole role) {
  if (gtk_accessible_get_accessible_role(GTK_ACCESSIBLE(widget)) == role) return;
  g_object_set(widget, "accessible-role", role, NULL);
}

gboolean cgtk_accessible_announce(GtkWidget *widget, const char *message, gboolean assertive) {
#if GTK_CHECK_VERSION(4, 14, 0)
  // NB: GTK's test context (GTK_A11Y=test, and GTK's fallback when no AT-SPI bus answers) has
  // no "announce" method, and gtk_at_context_announce calls it unchecked: the process crashed
  // (4.18.6). Such a context has nobody to speak to anyway.
  GtkATContext *context = gtk_accessible_get_at_context(GTK_ACCESSIBLE(widget));
  if (context == NULL) return FALSE;
  GType test_context = g_type_from_name("GtkTestATContext");
  gboolean silent = test_context != 0 && G_TYPE_CHECK_INSTANCE_TYPE(context, test_context);
  g_object_unref(context);
  if (silent) return FALSE;
  gtk_accessible_announce(GTK_ACCESSIBLE(widget), message,
                          assertive ? GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_HIGH
                                    : GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM);
  return TRUE;
#else
  (void)widget;
  (void)message;
  (void)assertive;
  return FALSE;
#endif
}

const char *cgtk_accessible_get_derived_label(GtkWidget *widget) {
  return g_object_get_data(G_OBJECT(widget), "cgtk-derived-label");
}

void cgtk_accessible_object_set_label(gpointer accessible, const char *label) {
  g_return_if_fail(GTK_IS_ACCESSIBLE(accessible));
  gtk_accessible_update_property(GTK_ACCESSIBLE(accessible), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                 -1);
}

void cgtk_accessible_set_string_property(GtkWidget *widget, GtkAccessibleProperty property,
                                         const char *value) {
  if (value == NULL) {
    gtk_accessible_reset_property(GTK_ACCESSIBLE(widget), property);
  } else {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), property, value, -1);
  }
}

void cgtk_accessible_set_boolean_property(GtkWidget *widget, GtkAccessibleProperty property,
                                          gboolean value) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(widget), property, value, -1);
}

void cgtk_accessible_set_int_property(GtkWidget *widget, GtkAccessibleProperty property,
                                      int value) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(widget), property, value, -1);
}

void cgtk_accessible_set_boolean_state(GtkWidget *widget, GtkAccessibleState state, int value) {
  gtk_accessible_update_state(GTK_ACCESSIBLE(widget), state, value, -1);
}

static void collect_descendants(GtkWidget *widget, GList **all, GList **labels) {
  for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL;
       child = gtk_widget_get_next_sibling(child)) {
    *all = g_list_append(*all, child);
    if (GTK_IS_LABEL(child)) *labels = g_list_append(*labels, child);
    collect_descendants(child, all, labels);
  }
}

static void hide_descendants(GtkWidget *widget, gboolean hidden) {
  GList *all = NULL;
  GList *labels = NULL;
  collect_descendants(widget, &all, &labels);
  for (GList *item = all; item != NULL; item = item->next) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(item->data), GTK_ACCESSIBLE_STATE_HIDDEN, hidden,
                                -1);
  }
  g_list_free(all);
  g_list_free(labels);
}

// NB: GTK sets a widget's HIDDEN state from its visibility (documented: "if a GtkWidget
// visibility changes, the GTK_ACCESSIBLE_STATE_HIDDEN state will also change"): 4.8 clears it
// on show, 4.10 and later on map too, so the descendants of an element that hides them are
// hidden again each time it is mapped. Its own "map" emission maps them first.
static void rehide_descendants_after_map(GtkWidget *widget, gpointer data) {
  (void)data;
  if (GPOINTER_TO_INT(g_object_get_data(G_OBJECT(widget), "cgtk-hides-children")))
    hide_descendants(widget, TRUE);
}

void cgtk_accessible_set_children_behavior(GtkWidget *widget, gboolean hide_children,
                                           gboolean labelled_by_children) {
  gboolean hidden = hide_children || labelled_by_children;
  if (hidden) make_nameable(widget);
  if (hidden && g_object_get_data(G_OBJECT(widget), "cgtk-hides-children-hook") == NULL) {
    g_signal_connect_after(widget, "map", G_CALLBACK(rehide_descendants_after_map), NULL);
    g_object_set_data(G_OBJECT(widget), "cgtk-hides-children-hook", GINT_TO_POINTER(1));
  }
  g_object_set_data(G_OBJECT(widget), "cgtk-hides-children", GINT_TO_POINTER(hidden));
  hide_descendants(widget, hidden);
  GList *all = NULL;
  GList *labels = NULL;
  collect_descendants(widget, &all, &labels);
  gboolean combined_before =
      GPOINTER_TO_INT(g_object_get_data(G_OBJECT(widget), "cgtk-combines-children"));
  g_object_set_data(G_OBJECT(widget), "cgtk-combines-children",
                    GINT_TO_POINTER(labelled_by_children));
  gboolean explicit_label =
      GPOINTER_TO_INT(g_object_get_data(G_OBJECT(widget), "cgtk-explicit-label"));
  if (combined_before && !labelled_by_children && !explicit_label)
    gtk_accessible_reset_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL);
  if (labelled_by_children && !explicit_label) {
    // SwiftUI reads a combined element as its texts joined by ", " ("Length, 10 minutes"):
    // the label says so (GTK 4.8 reads it first; later GTKs read the labelled-by relation,
    // the same texts joined by spaces).
    GString *combined = g_string_new(NULL);
    for (GList *item = labels; item != NULL; item = item->next) {
      const char *text = gtk_label_get_text(GTK_LABEL(item->data));
      if (text == NULL || text[0] == '\0') continue;
      if (combined->len > 0) g_string_append(combined, ", ");
      g_string_append(combined, text);
    }
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                   combined->str, -1);
    g_string_free(combined, TRUE);
  }
  if (labelled_by_children && labels != NULL && !explicit_label) {
    // NB: the varargs form takes NULL-terminated accessibles on every version; the GValue form
    // takes the list: a GList pointer up to 4.12, a GtkAccessibleList from 4.14 on.
    GValue value = G_VALUE_INIT;
#if GTK_CHECK_VERSION(4, 14, 0)
    g_value_init(&value, GTK_ACCESSIBLE_LIST);
    g_value_take_boxed(&value, gtk_accessible_list_new_from_list(labels));
#else
    // NB: the relation's value takes this list over and frees it.
    g_value_init(&value, G_TYPE_POINTER);
    g_value_set_pointer(&value, g_list_copy(labels));
#endif
    GtkAccessibleRelation relation = GTK_ACCESSIBLE_RELATION_LABELLED_BY;
    gtk_accessible_update_relation_value(GTK_ACCESSIBLE(widget), 1, &relation, &value);
    g_value_unset(&value);
  } else {
    gtk_accessible_reset_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  }
  g_list_free(all);
  g_list_free(labels);
}

// Lazy lists.

struct _CgtkRowModel {
  GObject parent_instance;
  guint count;
};

#define CGTK_TYPE_ROW_MODEL (cgtk_row_model_get_type())
G_DECLARE_FINAL_TYPE(CgtkRowModel, cgtk_row_model, CGTK, ROW_MODEL, GObject)

static GType row_model_item_type(GListModel *model) {
  (void)model;
  return G_TYPE_OBJECT;
}

static guint row_model_n_items(GListModel *model) { return CGTK_ROW_MODEL(model)->count; }

static gpointer row_model_item(GListModel *model, guint position) {
  if (position >= CGTK_ROW_MODEL(model)->count) return NULL;
  return g_object_new(G_TYPE_OBJECT, NULL);
}

static void row_model_list_model_init(GListModelInterface *iface) {
  iface->get_item_type = row_model_item_type;
  iface->get_n_items = row_model_n_items;
  iface->get_item = row_model_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE(CgtkRowModel, cgtk_row_model, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL,
                                                    row_model_list_model_init))

static void cgtk_row_model_class_init(CgtkRowModelClass *klass) { (void)klass; }

static void cgtk_row_model_init(CgtkRowModel *self) { self->count = 0; }

GListModel *cgtk_row_model_new(void) { return G_LIST_MODEL(g_object_new(CGTK_TYPE_ROW_MODEL, NULL)); }

void cgtk_row_model_splice(GListModel *model, guint position, guint removed, guint added) {
  CgtkRowModel *self = CGTK_ROW_MODEL(model);
  g_return_if_fail(position <= self->count && removed <= self->count - position);
  if (removed == 0 && added == 0) return;
  self->count = self->count - removed + added;
  g_list_model_items_changed(model, position, removed, added);
}

void cgtk_list_item_set_focusable(GtkListItem *item, gboolean focusable) {
#if GTK_CHECK_VERSION(4, 12, 0)
  gtk_list_item_set_focusable(item, focusable);
#else
  GtkWidget *child = gtk_list_item_get_child(item);
  GtkWidget *row = child != NULL ? gtk_widget_get_parent(child) : NULL;
  if (row != NULL) gtk_widget_set_focusable(row, focusable);
#endif
}

static void on_row_setup(GtkSignalListItemFactory *factory, GObject *item, gpointer data) {
  (void)factory;
  cgtk_closure *closure = data;
  ((cgtk_row_callback)closure->callback)(closure->context, GTK_LIST_ITEM(item), CGTK_ROW_SETUP);
}

static void on_row_bind(GtkSignalListItemFactory *factory, GObject *item, gpointer data) {
  (void)factory;
  cgtk_closure *closure = data;
  ((cgtk_row_callback)closure->callback)(closure->context, GTK_LIST_ITEM(item), CGTK_ROW_BIND);
}

static void on_row_unbind(GtkSignalListItemFactory *factory, GObject *item, gpointer data) {
  (void)factory;
  cgtk_closure *closure = data;
  ((cgtk_row_callback)closure->callback)(closure->context, GTK_LIST_ITEM(item), CGTK_ROW_UNBIND);
}

static void on_row_teardown(GtkSignalListItemFactory *factory, GObject *item, gpointer data) {
  (void)factory;
  cgtk_closure *closure = data;
  ((cgtk_row_callback)closure->callback)(closure->context, GTK_LIST_ITEM(item),
                                         CGTK_ROW_TEARDOWN);
}

GtkListItemFactory *cgtk_row_factory_new(cgtk_row_callback callback, void *context,
                                         cgtk_release release) {
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
  // One closure for the four handlers, released with the factory (a weak ref, not a
  // handler's destroy notify: each handler would release it once).
  cgtk_closure *closure = closure_new((void *)callback, context, release);
  g_signal_connect(factory, "setup", G_CALLBACK(on_row_setup), closure);
  g_signal_connect(factory, "bind", G_CALLBACK(on_row_bind), closure);
  g_signal_connect(factory, "unbind", G_CALLBACK(on_row_unbind), closure);
  g_signal_connect(factory, "teardown", G_CALLBACK(on_row_teardown), closure);
  g_object_weak_ref(G_OBJECT(factory), (GWeakNotify)closure_free_weak, closure);
  return factory;
}
