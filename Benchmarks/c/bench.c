// C side of the GtkBridge benchmarks: GTK 4 called directly, with the minimal two-way sync a
// careful C programmer writes by hand. Same work as bench.py and the Swift runner.
//
//   bench WORKLOAD N OPS      (prints one JSON line)
//
// BENCH_UNDO=1: the "C + undo" peer (W3, W5, W6-W8 -set): each app write into a field is
// recorded as one step of the field's undo history, as GtkBridge records it (see undo_write).
// BENCH_FRAMES=1: every operation ends with a frame of the shown window (see end_frame).
//
// Text: a "changed" handler copies the widget's text into the model; a model change is
// compared with the widget's text and set with that handler blocked (no echo), cursor at the
// end when the field has focus. Focus: the window's notify::focus-widget writes the focused
// field into the model; a model change grabs focus unless the field holds it already.
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "region-markers.h"

static const char typed[] = "abcdefgh";

typedef struct Model Model;

// One app write kept for undo and redo: the text before it and after it.
typedef struct {
  long id; // -1: empty slot
  char *before;
  char *after;
} Write;

#define UNDO_SLOTS 256 // GtkText keeps 200 steps (GTK 4.8): older writes cannot come back

typedef struct {
  Model *model;
  int index;
  GtkWidget *entry;
  gulong changed_id;
  // BENCH_UNDO: the app's writes, by token, and the one being recorded (-1: none).
  Write *writes;
  long next_write;
  long recording;
} Field;

struct Model {
  int n;
  char **texts;
  int focus; // -1: none
  Field *fields;
  GtkWidget *label;
  int label_index; // the row the label shows
  long changes;    // W7, W8: what their .onChange does (counts the row's text changes)
};

// BENCH_NO_PRESENT=1 (Benchmarks/profile): W2-W4 windows are never shown, so no frame is
// drawn during the loop and instruction counts are repeatable. Timing runs always present.
static gboolean no_present;

// Shows the window and waits for its first frame, unless BENCH_NO_PRESENT is set.
static void wait_first_frame(GtkWidget *window);
static void show(GtkWidget *window) {
  if (no_present) return;
  gtk_window_present(GTK_WINDOW(window));
  wait_first_frame(window);
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static gboolean with_undo;  // BENCH_UNDO
static gboolean with_frames; // BENCH_FRAMES
static GtkWidget *frame_window; // the window whose frames BENCH_FRAMES waits for

static void end_frame(void);

// Processes every pending GTK event, without waiting (the same in all three), and with
// BENCH_FRAMES ends the operation with a frame.
static void drain(void) {
  while (g_main_context_iteration(NULL, FALSE)) {
  }
  if (with_frames) end_frame();
}

static void on_after_paint(GdkFrameClock *clock, gpointer data) {
  (void)clock;
  *(gboolean *)data = TRUE;
}

// BENCH_FRAMES=1 (Benchmarks/profile --shown): after each operation, one frame of the shown
// window: a paint phase is requested and the loop runs until it is over, so each operation
// pays for the layout and drawing it caused (a paint with nothing invalidated draws nothing)
// and the count does not depend on when the frame clock's timer fires. The same in all three.
static void end_frame(void) {
  if (frame_window == NULL || !gtk_widget_get_mapped(frame_window)) return;
  GdkFrameClock *clock = gtk_widget_get_frame_clock(frame_window);
  gboolean painted = FALSE;
  gulong id = g_signal_connect(clock, "after-paint", G_CALLBACK(on_after_paint), &painted);
  gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_PAINT);
  while (!painted) g_main_context_iteration(NULL, TRUE);
  g_signal_handler_disconnect(clock, id);
  while (g_main_context_iteration(NULL, FALSE)) {
  }
}

// Iterates the loop until the window's frame clock has painted once.
static void wait_first_frame(GtkWidget *window) {
  frame_window = window;
  gboolean painted = FALSE;
  GdkFrameClock *clock = gtk_widget_get_frame_clock(window);
  gulong id = g_signal_connect(clock, "after-paint", G_CALLBACK(on_after_paint), &painted);
  while (!painted) g_main_context_iteration(NULL, TRUE);
  g_signal_handler_disconnect(clock, id);
}

static void model_set_text(Model *model, int index, const char *text, gboolean from_widget);

static void on_changed(GtkEditable *editable, gpointer data) {
  Field *field = data;
  const char *text = gtk_editable_get_text(editable);
  if (strcmp(field->model->texts[field->index], text) != 0)
    model_set_text(field->model, field->index, text, TRUE);
}

// BENCH_UNDO: an app write as one step of the field's undo history, with GTK's API.
//
// GTK 4.8's GtkText records a set_text as irreversible (it clears the history), and a delete
// plus an insert as two steps (undo would pass through ""), and it has no public way to group
// edits. So the write enters the history as a token: gtk_entry_buffer_emit_inserted_text at a
// position past any text records a one-character insertion there; the "text.undo" and
// "text.redo" actions then replay it as a "delete-text" / "insert-text" at that position,
// which the handlers below stop, showing the text before or after the write instead (a replay
// is not recorded). Recording a write is: emit the token, undo it, redo it. This is what
// GtkBridge does (Sources/GtkBridge/Widgets/EditableWidget+Undo.swift) for a write into the
// focused field; for an unfocused one it sets the text and rebuilds the history when focus
// arrives, which this peer does not (it records every write, as a C programmer would).
#define UNDO_TOKEN_BASE 0x40000000

static Write *write_for_position(Field *field, guint position) {
  if (position < UNDO_TOKEN_BASE || (position - UNDO_TOKEN_BASE) % 2 != 0) return NULL;
  long id = (long)(position - UNDO_TOKEN_BASE) / 2;
  Write *write = &field->writes[id % UNDO_SLOTS];
  return write->id == id ? write : NULL;
}

// Replaces the text with one "changed" (GtkText's set_text, unrecorded during a replay). While
// the app's write is being recorded the model has it already; a user's undo or redo reaches
// the model through the "changed" handler.
static void show_text(Field *field, const char *text) {
  GtkWidget *delegate = GTK_WIDGET(gtk_editable_get_delegate(GTK_EDITABLE(field->entry)));
  gboolean recording = field->recording >= 0;
  if (recording) g_signal_handler_block(field->entry, field->changed_id);
  g_object_set(delegate, "text", text, NULL);
  if (recording) g_signal_handler_unblock(field->entry, field->changed_id);
}

// GTK redoes a token (or the write being recorded): show the text after that write.
static void on_token_insert(GtkEditable *text, const char *chars, int length, int *position,
                            gpointer data) {
  (void)chars;
  (void)length;
  Field *field = data;
  Write *write = write_for_position(field, (guint)*position);
  if (write == NULL) return; // the user's own edit
  g_signal_stop_emission_by_name(text, "insert-text");
  show_text(field, write->after);
  if (write->id == field->recording) field->recording = -2; // recorded
}

// GTK undoes a token: show the text before that write (nothing while recording it).
static void on_token_delete(GtkEditable *text, int start, int end, gpointer data) {
  (void)end;
  Field *field = data;
  Write *write = write_for_position(field, (guint)start);
  if (write == NULL) return;
  g_signal_stop_emission_by_name(text, "delete-text");
  if (write->id != field->recording) show_text(field, write->before);
}

static void undo_write(Field *field, const char *text) {
  GtkWidget *delegate = GTK_WIDGET(gtk_editable_get_delegate(GTK_EDITABLE(field->entry)));
  long id = field->next_write++;
  Write *write = &field->writes[id % UNDO_SLOTS];
  g_free(write->before);
  g_free(write->after);
  write->id = id;
  write->before = g_strdup(gtk_editable_get_text(GTK_EDITABLE(field->entry)));
  write->after = g_strdup(text);
  field->recording = id;
  g_signal_handler_block(field->entry, field->changed_id);
  gtk_entry_buffer_emit_inserted_text(gtk_text_get_buffer(GTK_TEXT(delegate)),
                                      (guint)(UNDO_TOKEN_BASE + 2 * id), "\xef\xbf\xbc", 1);
  g_signal_handler_unblock(field->entry, field->changed_id);
  gtk_widget_activate_action_variant(delegate, "text.undo", NULL);
  gtk_widget_activate_action_variant(delegate, "text.redo", NULL);
  if (field->recording == id) show_text(field, text); // GTK recorded nothing (undo off)
  field->recording = -1;
}

// Model -> widget: compare, block our handler, set, cursor at the end if the field has focus
// (an unfocused field shows no cursor; GtkBridge places it when focus arrives).
static void field_sync(Field *field) {
  const char *text = field->model->texts[field->index];
  GtkEditable *editable = GTK_EDITABLE(field->entry);
  if (strcmp(gtk_editable_get_text(editable), text) == 0) return;
  if (with_undo) { // the recording's redo leaves the cursor at the end
    undo_write(field, text);
    return;
  }
  g_signal_handler_block(editable, field->changed_id);
  gtk_editable_set_text(editable, text);
  g_signal_handler_unblock(editable, field->changed_id);
  if (gtk_widget_has_focus(GTK_WIDGET(gtk_editable_get_delegate(editable))))
    gtk_editable_set_position(editable, -1);
}

static void model_set_text(Model *model, int index, const char *text, gboolean from_widget) {
  char *old = model->texts[index];
  if (strcmp(old, text) != 0) model->changes++;
  model->texts[index] = g_strdup(text);
  g_free(old);
  if (!from_widget) field_sync(&model->fields[index]);
  if (model->label != NULL && index == model->label_index)
    gtk_label_set_text(GTK_LABEL(model->label), text);
}

static void model_set_focus(Model *model, int index, gboolean from_widget) {
  model->focus = index;
  if (from_widget || index < 0) return;
  GtkWidget *entry = model->fields[index].entry;
  GtkWidget *focus = gtk_root_get_focus(gtk_widget_get_root(entry));
  if (focus == NULL || !(focus == entry || gtk_widget_is_ancestor(focus, entry)))
    gtk_widget_grab_focus(entry);
}

static GQuark field_quark;

static void on_focus_widget(GObject *window, GParamSpec *pspec, gpointer data) {
  (void)pspec;
  Model *model = data;
  GtkWidget *focus = gtk_root_get_focus(GTK_ROOT(window));
  while (focus != NULL && g_object_get_qdata(G_OBJECT(focus), field_quark) == NULL)
    focus = gtk_widget_get_parent(focus);
  int index = focus != NULL ? ((Field *)g_object_get_qdata(G_OBJECT(focus), field_quark))->index
                            : -1;
  if (model->focus != index) model_set_focus(model, index, TRUE);
}

// N fields in a vertical box, each with `placeholder` (NULL: none), and with `label` a label
// after them showing row `label_index`.
static GtkWidget *make_window_full(Model *model, int n, gboolean label, int label_index,
                                   const char *placeholder) {
  model->n = n;
  model->texts = g_new0(char *, n);
  model->fields = g_new0(Field, n);
  model->focus = -1;
  model->label = NULL;
  model->label_index = label_index;
  model->changes = 0;
  GtkWidget *window = gtk_window_new();
  gtk_window_set_title(GTK_WINDOW(window), "bench");
  gtk_window_set_default_size(GTK_WINDOW(window), 640, 480);
  GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8);
  for (int i = 0; i < n; i++) {
    Field *field = &model->fields[i];
    model->texts[i] = g_strdup("");
    field->model = model;
    field->index = i;
    field->entry = gtk_entry_new();
    if (placeholder != NULL) gtk_entry_set_placeholder_text(GTK_ENTRY(field->entry), placeholder);
    g_object_set_qdata(G_OBJECT(field->entry), field_quark, field);
    field->changed_id = g_signal_connect(field->entry, "changed", G_CALLBACK(on_changed), field);
    field->recording = -1;
    if (with_undo) {
      // Connected first, so that no later handler (GTK's accessibility) sees a token.
      GtkWidget *delegate = GTK_WIDGET(gtk_editable_get_delegate(GTK_EDITABLE(field->entry)));
      field->writes = g_new(Write, UNDO_SLOTS);
      for (int slot = 0; slot < UNDO_SLOTS; slot++) field->writes[slot] = (Write){-1, NULL, NULL};
      g_signal_connect(delegate, "insert-text", G_CALLBACK(on_token_insert), field);
      g_signal_connect(delegate, "delete-text", G_CALLBACK(on_token_delete), field);
    }
    gtk_box_append(GTK_BOX(box), field->entry);
  }
  if (label) {
    model->label = gtk_label_new("");
    gtk_label_set_xalign(GTK_LABEL(model->label), 0);
    gtk_label_set_wrap(GTK_LABEL(model->label), TRUE);
    gtk_box_append(GTK_BOX(box), model->label);
  }
  gtk_window_set_child(GTK_WINDOW(window), box);
  g_signal_connect(window, "notify::focus-widget", G_CALLBACK(on_focus_widget), model);
  return window;
}

static GtkWidget *make_window(Model *model, int n, gboolean label) {
  return make_window_full(model, n, label, 0, NULL);
}

static void result(const char *workload, int n, long ops, double seconds, gboolean ok) {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  printf("{\"impl\": \"%s\", \"workload\": \"%s\", \"n\": %d, \"ops\": %ld, \"seconds\": %.9f, "
         "\"us_per_op\": %.6f, \"maxrss_kb\": %ld, \"ok\": %s}\n",
         with_undo ? "c-undo" : "c", workload, n, ops, seconds,
         ops ? seconds / (double)ops * 1e6 : 0.0, usage.ru_maxrss,
         ok ? "true" : "false");
  fflush(stdout);
}

static void w1(int n) {
  Model model;
  if (region_begin) region_begin();
  double start = now();
  GtkWidget *window = make_window(&model, n, FALSE);
  gtk_window_present(GTK_WINDOW(window));
  wait_first_frame(window);
  double seconds = now() - start;
  if (region_end) region_end();
  result("W1", n, 0, seconds, gtk_widget_get_mapped(model.fields[n - 1].entry));
}

// Keystroke `op` of the 16-step cycle every keystroke workload types: "abcdefgh" typed, then
// backspaced. Each runner types one cycle before its measured region: the first use of each
// glyph (font loading, shaping caches) is one-off work that otherwise landed in the region,
// about 8,000,000 instructions, the same in every runner.
static void keystroke(GtkWidget *text, long op) {
  long step = op % 16;
  if (step < 8) {
    char one[2] = {typed[step], 0};
    g_signal_emit_by_name(text, "insert-at-cursor", one);
  } else {
    g_signal_emit_by_name(text, "backspace");
  }
  drain();
}

static void w2(long ops) {
  Model model;
  GtkWidget *window = make_window(&model, 1, TRUE);
  show(window);
  gtk_widget_grab_focus(model.fields[0].entry);
  drain();
  GtkWidget *text = GTK_WIDGET(gtk_editable_get_delegate(GTK_EDITABLE(model.fields[0].entry)));
  for (long op = 0; op < 16; op++) keystroke(text, op);
  if (region_begin) region_begin();
  double start = now();
  for (long op = 0; op < ops; op++) keystroke(text, op);
  double seconds = now() - start;
  if (region_end) region_end();
  long left = ops % 16 <= 8 ? ops % 16 : 16 - ops % 16;
  char expected[9] = {0};
  memcpy(expected, typed, (size_t)left);
  gboolean ok = strcmp(model.texts[0], expected) == 0 &&
                strcmp(gtk_label_get_text(GTK_LABEL(model.label)), expected) == 0;
  result("W2", 1, ops, seconds, ok);
}

static void w3(long ops) {
  Model model;
  GtkWidget *window = make_window(&model, 1, FALSE);
  show(window);
  char buffer[64];
  if (region_begin) region_begin();
  double start = now();
  for (long op = 0; op < ops; op++) {
    snprintf(buffer, sizeof buffer, "value %ld", op);
    model_set_text(&model, 0, buffer, FALSE);
    drain();
  }
  double seconds = now() - start;
  if (region_end) region_end();
  snprintf(buffer, sizeof buffer, "value %ld", ops - 1);
  result("W3", 1, ops, seconds,
         strcmp(gtk_editable_get_text(GTK_EDITABLE(model.fields[0].entry)), buffer) == 0);
}

static void w4(int n, long ops) {
  Model model;
  GtkWidget *window = make_window(&model, n, FALSE);
  show(window);
  if (region_begin) region_begin();
  double start = now();
  for (long op = 0; op < ops; op++) {
    model_set_focus(&model, (int)((op + 1) % n), FALSE);
    drain();
  }
  double seconds = now() - start;
  if (region_end) region_end();
  int last = (int)(ops % n);
  GtkWidget *focus = gtk_root_get_focus(GTK_ROOT(window));
  gboolean ok = model.focus == last && focus != NULL &&
                gtk_widget_is_ancestor(focus, model.fields[last].entry);
  result("W4", n, ops, seconds, ok);
}

static void w5(int n, long ops) {
  Model model;
  GtkWidget *window = make_window(&model, n, FALSE);
  drain();
  char buffer[64];
  if (region_begin) region_begin();
  double start = now();
  for (long op = 0; op < ops; op++) {
    snprintf(buffer, sizeof buffer, "row %ld", op);
    model_set_text(&model, (int)((op * 7919) % n), buffer, FALSE);
    drain();
  }
  double seconds = now() - start;
  if (region_end) region_end();
  gboolean ok = TRUE;
  if (ops > 0) {
    snprintf(buffer, sizeof buffer, "row %ld", ops - 1);
    GtkEditable *last = GTK_EDITABLE(model.fields[((ops - 1) * 7919) % n].entry);
    ok = strcmp(gtk_editable_get_text(last), buffer) == 0;
  }
  result("W5", n, ops, seconds, ok);
  gtk_window_destroy(GTK_WINDOW(window));
}

// W6-W8: N fields and a label showing row N / 2. In C the three shapes are one program: W6
// (strings by index, no placeholder) and W7/W8 (rows with a "Name" placeholder, whose
// .onChange the `changes` count stands for; focus kept in the model by the window's
// notify::focus-widget, as in W4) differ only in the placeholder.
static GtkWidget *make_rows(Model *model, const char *workload, int n) {
  gboolean named = strncmp(workload, "W6", 2) != 0;
  return make_window_full(model, n, TRUE, n / 2, named ? "Name" : NULL);
}

// The row holding the window's focus, or -1.
static int focused_row(Model *model, GtkWidget *window) {
  GtkWidget *focus = gtk_root_get_focus(GTK_ROOT(window));
  if (focus == NULL) return -1;
  for (int i = 0; i < model->n; i++) {
    GtkWidget *entry = model->fields[i].entry;
    if (focus == entry || gtk_widget_is_ancestor(focus, entry)) return i;
  }
  return -1;
}

// W6-key, W7-key, W8-key: W2's keystrokes into row N / 2, focused by a grab (as a click).
static void rows_key(const char *workload, int n, long ops) {
  Model model;
  GtkWidget *window = make_rows(&model, workload, n);
  int shown = n / 2;
  show(window);
  gtk_widget_grab_focus(model.fields[shown].entry);
  drain();
  GtkWidget *text =
      GTK_WIDGET(gtk_editable_get_delegate(GTK_EDITABLE(model.fields[shown].entry)));
  for (long op = 0; op < 16; op++) keystroke(text, op);
  if (region_begin) region_begin();
  double start = now();
  for (long op = 0; op < ops; op++) keystroke(text, op);
  double seconds = now() - start;
  if (region_end) region_end();
  long left = ops % 16 <= 8 ? ops % 16 : 16 - ops % 16;
  char expected[9] = {0};
  memcpy(expected, typed, (size_t)left);
  gboolean ok =
      strcmp(model.texts[shown], expected) == 0 &&
      strcmp(gtk_editable_get_text(GTK_EDITABLE(model.fields[shown].entry)), expected) == 0 &&
      strcmp(gtk_label_get_text(GTK_LABEL(model.label)), expected) == 0 &&
      strcmp(model.texts[0], "") == 0 &&
      strcmp(gtk_editable_get_text(GTK_EDITABLE(model.fields[0].entry)), "") == 0 &&
      model.focus == shown && model.changes == ops + 16;
  result(workload, n, ops, seconds, ok);
  gtk_window_destroy(GTK_WINDOW(window));
}

// The row W6-set, W7-set and W8-set write at operation `op`: 7919·op mod N, skipping the row
// the label shows (so each write reaches one field and nothing else, at every N).
static int set_row(long op, int n) {
  int row = (int)((op * 7919) % n);
  return row == n / 2 ? (row + 1) % n : row;
}

// W6-set, W7-set, W8-set: the app writes row set_row(op, N)'s text.
static void rows_set(const char *workload, int n, long ops) {
  Model model;
  GtkWidget *window = make_rows(&model, workload, n);
  int shown = n / 2;
  show(window);
  char buffer[64];
  if (region_begin) region_begin();
  double start = now();
  for (long op = 0; op < ops; op++) {
    snprintf(buffer, sizeof buffer, "value %ld", op);
    model_set_text(&model, set_row(op, n), buffer, FALSE);
    drain();
  }
  double seconds = now() - start;
  if (region_end) region_end();
  gboolean ok = TRUE;
  if (ops > 0) {
    snprintf(buffer, sizeof buffer, "value %ld", ops - 1);
    int last = set_row(ops - 1, n);
    ok = strcmp(gtk_editable_get_text(GTK_EDITABLE(model.fields[last].entry)), buffer) == 0 &&
         strcmp(model.texts[last], buffer) == 0;
  }
  ok = ok && strcmp(gtk_label_get_text(GTK_LABEL(model.label)), model.texts[shown]) == 0 &&
       strcmp(gtk_editable_get_text(GTK_EDITABLE(model.fields[shown].entry)),
              model.texts[shown]) == 0 &&
       model.changes == ops && model.focus == focused_row(&model, window);
  result(workload, n, ops, seconds, ok);
  gtk_window_destroy(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s W1|W2|W3|W4|W5|W6-key|W6-set|W7-key|W7-set|W8-key|W8-set N OPS\n",
            argv[0]);
    return 2;
  }
  const char *workload = argv[1];
  int n = atoi(argv[2]);
  long ops = atol(argv[3]);
  load_region_markers();
  no_present = getenv("BENCH_NO_PRESENT") != NULL;
  with_undo = getenv("BENCH_UNDO") != NULL;
  with_frames = getenv("BENCH_FRAMES") != NULL && !no_present;
  gtk_init();
  // Shown and counted frame by frame: a blinking cursor would add frames by wall time.
  if (with_frames) g_object_set(gtk_settings_get_default(), "gtk-cursor-blink", FALSE, NULL);
  field_quark = g_quark_from_static_string("bench-field");
  if (strcmp(workload, "W1") == 0) w1(n);
  else if (strcmp(workload, "W2") == 0) w2(ops);
  else if (strcmp(workload, "W3") == 0) w3(ops);
  else if (strcmp(workload, "W4") == 0) w4(n, ops);
  else if (strcmp(workload, "W5") == 0) w5(n, ops);
  else if (strlen(workload) == 6 && strcmp(workload + 2, "-key") == 0 && workload[0] == 'W' &&
           workload[1] >= '6' && workload[1] <= '8')
    rows_key(workload, n, ops);
  else if (strlen(workload) == 6 && strcmp(workload + 2, "-set") == 0 && workload[0] == 'W' &&
           workload[1] >= '6' && workload[1] <= '8')
    rows_set(workload, n, ops);
  else {
    fprintf(stderr, "unknown workload %s\n", workload);
    return 2;
  }
  return 0;
}
