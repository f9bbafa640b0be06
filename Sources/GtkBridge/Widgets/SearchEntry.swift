import CGtk

/// A handle on a `GtkSearchEntry`, the field behind `.searchable`.
@MainActor
public final class SearchEntry: EditableWidget {
  /// Wraps `gtk_search_entry_new`.
  public init() {
    super.init(retaining: UnsafeMutableRawPointer(gtk_search_entry_new()))
  }
}
