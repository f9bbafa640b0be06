// Tells when this process's GTK joins the AT-SPI registry (see cgtk.h). Why C: GDBus calls
// and signals, each answered in a C callback. Only the AT-SPI D-Bus protocol is relied on
// (at-spi2-core's org.a11y.Bus, the registry's root and its ChildrenChanged signal), never
// GTK's private state.
#include "cgtk.h"

#include <unistd.h>

#define ROOT_PATH "/org/a11y/atspi/accessible/root"

typedef struct {
  void (*callback)(void *);
  void *context;
  GDBusConnection *bus;
  guint subscription;
  gboolean done;
  int pending;  // calls in flight; the watch is freed when done and none is left
} watch;

static void watch_release(watch *w) {
  if (!w->done || w->pending > 0) return;
  if (w->subscription) g_dbus_connection_signal_unsubscribe(w->bus, w->subscription);
  if (w->bus) {
    g_dbus_connection_close(w->bus, NULL, NULL, NULL);
    g_object_unref(w->bus);
  }
  g_free(w);
}

// GTK has answered a call made after the registry embedded it: the registry's reply to GTK's
// `Embed`, sent before the signal that told us, has been handled by GTK's main loop (the bus
// keeps the order of messages to one connection, and GTK handles both in its main context),
// so GTK's objects are on the bus now.
static void on_gtk_answered(GObject *source, GAsyncResult *result, gpointer data) {
  watch *w = data;
  GVariant *reply = g_dbus_connection_call_finish(G_DBUS_CONNECTION(source), result, NULL);
  if (reply) g_variant_unref(reply);
  w->pending--;
  if (!w->done) {
    w->done = TRUE;
    w->callback(w->context);
  }
  watch_release(w);
}

static void on_pid(GObject *source, GAsyncResult *result, gpointer data) {
  char *name = data;
  GDBusConnection *bus = G_DBUS_CONNECTION(source);
  watch *w = g_object_get_data(G_OBJECT(bus), "cgtk-atspi-watch");
  GVariant *reply = g_dbus_connection_call_finish(bus, result, NULL);
  guint32 pid = 0;
  if (reply) {
    g_variant_get(reply, "(u)", &pid);
    g_variant_unref(reply);
  }
  if (w && !w->done && pid == (guint32)getpid()) {
    w->pending++;
    g_dbus_connection_call(bus, name, ROOT_PATH, "org.a11y.atspi.Accessible", "GetRole", NULL,
                           G_VARIANT_TYPE("(u)"), G_DBUS_CALL_FLAGS_NONE, 5000, NULL,
                           on_gtk_answered, w);
  }
  if (w) {
    w->pending--;
    watch_release(w);
  }
  g_free(name);
}

// Asks the bus for the process behind `name`, an application the registry knows.
static void check_application(watch *w, const char *name) {
  if (w->done || !name || !*name) return;
  w->pending++;
  g_dbus_connection_call(w->bus, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                         "org.freedesktop.DBus", "GetConnectionUnixProcessID",
                         g_variant_new("(s)", name), G_VARIANT_TYPE("(u)"),
                         G_DBUS_CALL_FLAGS_NONE, 5000, NULL, on_pid, g_strdup(name));
}

static void on_children_changed(GDBusConnection *bus, const char *sender, const char *path,
                                const char *interface, const char *signal, GVariant *parameters,
                                gpointer data) {
  (void)bus, (void)sender, (void)path, (void)interface, (void)signal;
  watch *w = data;
  // (siiva{sv}) from at-spi2-core 2.x, (siiv(so)) before: the detail, two numbers, the child.
  if (!g_variant_is_of_type(parameters, G_VARIANT_TYPE_TUPLE) ||
      g_variant_n_children(parameters) < 4)
    return;
  GVariant *kind = g_variant_get_child_value(parameters, 0);
  GVariant *boxed = g_variant_get_child_value(parameters, 3);
  GVariant *child = g_variant_is_of_type(boxed, G_VARIANT_TYPE_VARIANT)
                        ? g_variant_get_variant(boxed)
                        : NULL;
  if (g_variant_is_of_type(kind, G_VARIANT_TYPE_STRING) &&
      g_str_has_prefix(g_variant_get_string(kind, NULL), "add") && child &&
      g_variant_is_of_type(child, G_VARIANT_TYPE("(so)"))) {
    const char *name = NULL;
    g_variant_get(child, "(&so)", &name, NULL);
    check_application(w, name);
  }
  g_variant_unref(kind);
  g_variant_unref(boxed);
  if (child) g_variant_unref(child);
}

gboolean cgtk_atspi_when_registered(void (*callback)(void *context), void *context) {
  // The bus GTK joins: AT_SPI_BUS_ADDRESS when set, else the one at-spi2-core's bus launcher
  // names on the session bus.
  char *address = g_strdup(g_getenv("AT_SPI_BUS_ADDRESS"));
  if (!address || !*address) {
    g_free(address);
    address = NULL;
    // NB: without an address or the runtime directory's bus, GLib would try to autolaunch a
    // session bus; GTK has already tried (and warned) then.
    char *runtime_bus = g_build_filename(g_get_user_runtime_dir(), "bus", NULL);
    gboolean has_session = g_getenv("DBUS_SESSION_BUS_ADDRESS") != NULL ||
                           g_file_test(runtime_bus, G_FILE_TEST_EXISTS);
    g_free(runtime_bus);
    if (!has_session) return FALSE;
    GDBusConnection *session = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL);
    if (!session) return FALSE;
    GVariant *reply = g_dbus_connection_call_sync(
        session, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", NULL,
        G_VARIANT_TYPE("(s)"), G_DBUS_CALL_FLAGS_NO_AUTO_START, 1000, NULL, NULL);
    g_object_unref(session);
    if (!reply) return FALSE;
    g_variant_get(reply, "(s)", &address);
    g_variant_unref(reply);
  }
  GDBusConnection *bus = g_dbus_connection_new_for_address_sync(
      address,
      G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
          G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
      NULL, NULL, NULL);
  g_free(address);
  if (!bus) return FALSE;
  watch *w = g_new0(watch, 1);
  w->callback = callback;
  w->context = context;
  w->bus = bus;
  g_object_set_data(G_OBJECT(bus), "cgtk-atspi-watch", w);
  w->subscription = g_dbus_connection_signal_subscribe(
      bus, NULL, "org.a11y.atspi.Event.Object", "ChildrenChanged", ROOT_PATH, NULL,
      G_DBUS_SIGNAL_FLAGS_NONE, on_children_changed, w, NULL);
  // NB: the bus handles a connection's messages in order: once this call is answered, the
  // subscription's match rule is in place, so an embedding from now on is seen. One made
  // before (GTK already registered) sends no signal: GTK's events were readable, nothing to do.
  GVariant *id = g_dbus_connection_call_sync(bus, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                             "org.freedesktop.DBus", "GetId", NULL,
                                             G_VARIANT_TYPE("(s)"), G_DBUS_CALL_FLAGS_NONE,
                                             1000, NULL, NULL);
  if (id) g_variant_unref(id);
  return TRUE;
}
