/* A sign-in form written the usual GTK 4 way, beside which GtkBridge's samples are heard with
 * scripts/orca-speech (`scripts/orca-speech scripts/screen-reader-peers/form.c`):
 * labels tied to their fields with gtk_label_set_mnemonic_widget, placeholders, a header bar
 * with a primary menu (F10), an "Add…" button opening a modal dialog (role dialog, Escape
 * closes it), a list of three rows.
 * The first field takes focus as GTK gives it: gtk_widget_grab_focus before presenting. */
#include <gtk/gtk.h>

static GtkWidget *window;

static void
close_dialog (GtkWidget *entry, gpointer dialog)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
open_dialog (GtkButton *button, gpointer unused)
{
  GtkWidget *dialog = g_object_new (GTK_TYPE_WINDOW, "accessible-role", GTK_ACCESSIBLE_ROLE_DIALOG,
                                    NULL);
  GtkEventController *shortcuts = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
    gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                      gtk_named_action_new ("window.close")));
  gtk_widget_add_controller (dialog, shortcuts);
  gtk_window_set_title (GTK_WINDOW (dialog), "New item");
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (window));
  gtk_accessible_update_property (GTK_ACCESSIBLE (dialog), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  "New item", -1);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *label = gtk_label_new_with_mnemonic ("_Item");
  GtkWidget *entry = gtk_entry_new ();
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), entry);
  g_signal_connect (entry, "activate", G_CALLBACK (close_dialog), dialog);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), entry);
  gtk_window_set_child (GTK_WINDOW (dialog), box);
  gtk_widget_grab_focus (entry);
  gtk_window_present (GTK_WINDOW (dialog));
}

static GtkWidget *
field (GtkWidget *grid, int row, const char *title, GtkWidget *entry)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (title);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), entry);
  gtk_grid_attach (GTK_GRID (grid), label, 0, row, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), entry, 1, row, 1, 1);
  return entry;
}

static void
activate (GtkApplication *app, gpointer unused)
{
  window = gtk_application_window_new (app);
  gtk_window_set_title (GTK_WINDOW (window), "C form");

  GtkWidget *header = gtk_header_bar_new ();
  GMenu *menu = g_menu_new ();
  g_menu_append (menu, "Quit", "app.quit");
  GtkWidget *menu_button = gtk_menu_button_new ();
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (menu_button), "open-menu-symbolic");
  gtk_menu_button_set_primary (GTK_MENU_BUTTON (menu_button), TRUE);
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (menu_button), G_MENU_MODEL (menu));
  gtk_widget_set_tooltip_text (menu_button, "Main Menu");
  gtk_accessible_update_property (GTK_ACCESSIBLE (menu_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  "Main Menu", -1);
  gtk_header_bar_pack_end (GTK_HEADER_BAR (header), menu_button);
  gtk_window_set_titlebar (GTK_WINDOW (window), header);

  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *username = gtk_entry_new ();
  gtk_entry_set_placeholder_text (GTK_ENTRY (username), "ada");
  field (grid, 0, "_Username", username);
  GtkWidget *password = gtk_password_entry_new ();
  g_object_set (password, "placeholder-text", "At least 8 characters", NULL);
  field (grid, 1, "_Password", password);
  GtkWidget *sign_in = gtk_button_new_with_label ("Sign in");
  gtk_grid_attach (GTK_GRID (grid), sign_in, 1, 2, 1, 1);
  GtkWidget *add = gtk_button_new_with_label ("Add…");
  g_signal_connect (add, "clicked", G_CALLBACK (open_dialog), NULL);
  gtk_grid_attach (GTK_GRID (grid), add, 1, 3, 1, 1);

  GtkWidget *list = gtk_list_box_new ();
  const char *rows[] = { "Apples", "Pears", "Plums" };
  for (int i = 0; i < 3; i++)
    gtk_list_box_append (GTK_LIST_BOX (list), gtk_label_new (rows[i]));
  gtk_grid_attach (GTK_GRID (grid), list, 1, 4, 1, 1);

  gtk_window_set_child (GTK_WINDOW (window), grid);
  gtk_widget_grab_focus (username);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  GtkApplication *app = gtk_application_new ("org.gtkbridge.CFormPeer", G_APPLICATION_NON_UNIQUE);
  g_signal_connect (app, "activate", G_CALLBACK (activate), NULL);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
