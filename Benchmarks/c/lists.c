// C peers of the list benchmarks (Benchmarks/tools/lists.py): N rows of "name ... count",
// written the usual GTK 4 way, with GtkListView (a GListStore of item objects, a signal
// factory, rows recycled) or with GtkListBox (a row widget per element).
//
//   bench-lists listview|listbox WORKLOAD N OPS     (prints one JSON line)
//
// WORKLOAD: open (the window's first frame), edit (the app renames a visible row), append
// (the app appends a row), scroll (the view moves down 200 px), key (a keystroke into the
// text field of a visible row; rows are then text fields bound to the names). Each operation
// ends when GTK has painted the frame it caused. CPU (user + system) is measured with
// getrusage, peak memory is ru_maxrss.
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "region-markers.h"

// An element: its name and count, as a GObject for GListStore.
#define BENCH_TYPE_ITEM (bench_item_get_type())
G_DECLARE_FINAL_TYPE(BenchItem, bench_item, BENCH, ITEM, GObject)
struct _BenchItem {
  GObject parent_instance;
  int id;
  char *name;
  int count;
};
G_DEFINE_TYPE(BenchItem, bench_item, G_TYPE_OBJECT)
static void bench_item_finalize(GObject *object) {
  g_free(BENCH_ITEM(object)->name);
  G_OBJECT_CLASS(bench_item_parent_class)->finalize(object);
}
static void bench_item_class_init(BenchItemClass *klass) {
  G_OBJECT_CLASS(klass)->finalize = bench_item_finalize;
}
static void bench_item_init(BenchItem *self) { (void)self; }
static BenchItem *item_new(int id) {
  BenchItem *item = g_object_new(BENCH_TYPE_ITEM, NULL);
  item->id = id;
  item->name = g_strdup_printf("Item %d", id);
  item->count = id % 100;
  return item;
}

static gboolean key_rows;  // rows are text fields (the key workload)
static GListStore *store;  // listview
static GtkWidget *list;    // the GtkListView or GtkListBox
static GtkWidget *window;

static double cpu(void) {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_utime.tv_usec * 1e-6 + usage.ru_stime.tv_sec +
         usage.ru_stime.tv_usec * 1e-6;
}

static double wall(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void on_after_paint(GdkFrameClock *clock, gpointer data) {
  (void)clock;
  *(gboolean *)data = TRUE;
}

// Asks for a frame and iterates the loop until it is painted.
static void wait_frame(void) {
  gboolean painted = FALSE;
  GdkFrameClock *clock = gtk_widget_get_frame_clock(window);
  gulong id = g_signal_connect(clock, "after-paint", G_CALLBACK(on_after_paint), &painted);
  gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_PAINT);
  while (!painted) g_main_context_iteration(NULL, TRUE);
  g_signal_handler_disconnect(clock, id);
}

// A text field's edit goes into its element's name.
static void on_changed(GtkEditable *editable, gpointer data) {
  (void)data;
  BenchItem *item = g_object_get_data(G_OBJECT(editable), "item");
  if (item == NULL) return;
  g_free(item->name);
  item->name = g_strdup(gtk_editable_get_text(editable));
}

// The row widget: a box of the name (expanding) and the count, or a text field.
static GtkWidget *row_new(void) {
  if (key_rows) {
    GtkWidget *entry = gtk_entry_new();
    g_signal_connect(entry, "changed", G_CALLBACK(on_changed), NULL);
    return entry;
  }
  GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *name = gtk_label_new("");
  gtk_widget_set_hexpand(name, TRUE);
  gtk_label_set_xalign(GTK_LABEL(name), 0);
  gtk_box_append(GTK_BOX(box), name);
  gtk_box_append(GTK_BOX(box), gtk_label_new(""));
  // BENCH_WRAP: the labels wrap as a SwiftUI Text does (GtkBridge's `Text` wraps at words
  // when narrow, one line when there is room): the same work GTK does for GtkBridge's rows.
  if (getenv("BENCH_WRAP") != NULL) {
    for (GtkWidget *label = name; label != NULL; label = gtk_widget_get_next_sibling(label)) {
      gtk_label_set_wrap(GTK_LABEL(label), TRUE);
      gtk_label_set_natural_wrap_mode(GTK_LABEL(label), GTK_NATURAL_WRAP_NONE);
    }
  }
  return box;
}

static void row_show(GtkWidget *row, BenchItem *item) {
  if (key_rows) {
    g_object_set_data(G_OBJECT(row), "item", NULL);  // no echo into the model
    gtk_editable_set_text(GTK_EDITABLE(row), item->name);
    g_object_set_data(G_OBJECT(row), "item", item);
    return;
  }
  GtkWidget *name = gtk_widget_get_first_child(row);
  gtk_label_set_text(GTK_LABEL(name), item->name);
  char count[16];
  snprintf(count, sizeof count, "%d", item->count);
  gtk_label_set_text(GTK_LABEL(gtk_widget_get_next_sibling(name)), count);
}

static void setup_cb(GtkSignalListItemFactory *f, GtkListItem *li, gpointer d) {
  (void)f, (void)d;
  gtk_list_item_set_child(li, row_new());
}
static void bind_cb(GtkSignalListItemFactory *f, GtkListItem *li, gpointer d) {
  (void)f, (void)d;
  row_show(gtk_list_item_get_child(li), BENCH_ITEM(gtk_list_item_get_item(li)));
}

static BenchItem **items;  // listbox: the elements, in order
static int n_items;

static GtkWidget *listbox_row(BenchItem *item) {
  GtkWidget *row = row_new();
  row_show(row, item);
  return row;
}

static GtkWidget *text_in(GtkWidget *widget) {
  if (GTK_IS_TEXT(widget)) return widget;
  for (GtkWidget *c = gtk_widget_get_first_child(widget); c; c = gtk_widget_get_next_sibling(c)) {
    GtkWidget *found = text_in(c);
    if (found) return found;
  }
  return NULL;
}

int main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: bench-lists listview|listbox open|edit|append|scroll|key N OPS\n");
    return 2;
  }
  gboolean listview = strcmp(argv[1], "listview") == 0;
  const char *workload = argv[2];
  int n = atoi(argv[3]);
  int ops = atoi(argv[4]);
  key_rows = strcmp(workload, "key") == 0;
  load_region_markers();
  gtk_init();

  double cpu0 = cpu();
  // open: the opening is the region (Benchmarks/profile's L-open), from after gtk_init().
  gboolean open_only = strcmp(workload, "open") == 0;
  if (open_only && region_begin) region_begin();
  window = gtk_window_new();
  gtk_window_set_default_size(GTK_WINDOW(window), 640, 480);
  GtkWidget *scrolled = gtk_scrolled_window_new();
  if (listview) {
    store = g_list_store_new(BENCH_TYPE_ITEM);
    BenchItem **all = g_new(BenchItem *, n);
    for (int i = 0; i < n; i++) all[i] = item_new(i);
    g_list_store_splice(store, 0, 0, (gpointer *)all, n);
    for (int i = 0; i < n; i++) g_object_unref(all[i]);
    g_free(all);
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup_cb), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind_cb), NULL);
    list = gtk_list_view_new(GTK_SELECTION_MODEL(gtk_no_selection_new(G_LIST_MODEL(store))),
                             factory);
  } else {
    list = gtk_list_box_new();
    items = g_new(BenchItem *, n + ops);
    n_items = n;
    for (int i = 0; i < n; i++) {
      items[i] = item_new(i);
      gtk_list_box_append(GTK_LIST_BOX(list), listbox_row(items[i]));
    }
  }
  gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), list);
  gtk_window_set_child(GTK_WINDOW(window), scrolled);
  gtk_window_present(GTK_WINDOW(window));
  wait_frame();
  double open_cpu = cpu() - cpu0;
  if (open_only && region_end) region_end();

  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(scrolled));
  GtkWidget *text = NULL;
  if (key_rows) {
    // The field of the fourth row.
    GtkWidget *row = gtk_widget_get_first_child(list);
    for (int i = 0; i < 3 && row; i++) row = gtk_widget_get_next_sibling(row);
    text = text_in(row);
    gtk_widget_grab_focus(text);
    wait_frame();
  }
  double start_cpu = cpu(), start_wall = wall();
  int moved = 0;
  if (!open_only && region_begin) region_begin();
  for (int op = 0; op < ops; op++) {
    if (strcmp(workload, "edit") == 0) {
      int index = op % 10;
      if (listview) {
        BenchItem *item = g_list_model_get_item(G_LIST_MODEL(store), index);
        g_free(item->name);
        item->name = g_strdup_printf("Edited %d", op);
        g_object_unref(item);
        g_list_model_items_changed(G_LIST_MODEL(store), index, 1, 1);
      } else {
        g_free(items[index]->name);
        items[index]->name = g_strdup_printf("Edited %d", op);
        GtkListBoxRow *row = gtk_list_box_get_row_at_index(GTK_LIST_BOX(list), index);
        row_show(gtk_list_box_row_get_child(row), items[index]);
      }
    } else if (strcmp(workload, "append") == 0) {
      BenchItem *item = item_new(n + op);
      if (listview) {
        g_list_store_append(store, item);
        g_object_unref(item);
      } else {
        items[n_items++] = item;
        gtk_list_box_append(GTK_LIST_BOX(list), listbox_row(item));
      }
    } else if (strcmp(workload, "scroll") == 0) {
      double before = gtk_adjustment_get_value(adjustment);
      double value = before + 200;
      if (value > gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))
        value = 0;
      gtk_adjustment_set_value(adjustment, value);
      // Counted only if the view really moved (the check that a scroll scrolled).
      if (gtk_adjustment_get_value(adjustment) != before) moved++;
    } else if (strcmp(workload, "key") == 0) {
      g_signal_emit_by_name(text, "insert-at-cursor", "x");
    }
    wait_frame();
  }
  if (!open_only && region_end) region_end();
  double per_op_cpu = ops > 0 ? (cpu() - start_cpu) / ops : 0;
  double per_op_wall = ops > 0 ? (wall() - start_wall) / ops : 0;

  gboolean ok = TRUE;
  if (strcmp(workload, "append") == 0) {
    guint count = listview ? g_list_model_get_n_items(G_LIST_MODEL(store)) : (guint)n_items;
    ok = count == (guint)(n + ops);
  } else if (strcmp(workload, "scroll") == 0) {
    ok = moved == ops;
  } else if (strcmp(workload, "key") == 0) {
    ok = strlen(gtk_editable_get_text(GTK_EDITABLE(gtk_widget_get_parent(text)))) ==
         strlen("Item 3") + (size_t)ops;
  }
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  printf("{\"ok\": %s, \"open_cpu\": %.6f, \"op_cpu\": %.6f, \"op_wall\": %.6f, \"rss_mb\": %.1f}\n",
         ok ? "true" : "false", open_cpu, per_op_cpu, per_op_wall, usage.ru_maxrss / 1024.0);
  return 0;
}
