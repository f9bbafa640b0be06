import CGtk

extension Widget {
  /// Scrolls the scrolled windows around `widget` so that it shows (with the list row it is
  /// in, so a form row is not cut), once GTK has laid it out.
  ///
  /// NB: GTK scrolls a viewport to a focus child as the focus arrives, from the child's
  /// allocation at that moment. Focus GtkBridge gives before the window or page is laid out
  /// (a sheet's `.defaultFocus`, the launch rule, a focus state written with the view that
  /// shows the field) met no allocation yet, and the field stayed below the fold. A tick
  /// callback runs before each frame while the widget is mapped; it scrolls once a layout
  /// gave the widget a size, and again while later layouts move it (a new window may settle
  /// over more than one frame), until one frame needs no scrolling; it gives up after a few
  /// frames (a widget never laid out would otherwise keep the frame clock running).
  static func revealWhenLaidOut(_ widget: UnsafeMutablePointer<GtkWidget>) {
    let object = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self)
    // One callback a widget: a second focus move while one waits restarts its count.
    let pending = g_object_get_data(object, revealTicksKey) != nil
    g_object_set_data(object, revealTicksKey, UnsafeMutableRawPointer(bitPattern: 1))
    guard !pending else { return }
    _ = gtk_widget_add_tick_callback(
      widget,
      { widget, _, _ in
        guard let widget else { return 0 }
        let object = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self)
        let ticks = Int(bitPattern: g_object_get_data(object, revealTicksKey))
        let done = assumeMainActor { Widget.revealIfLaidOut(widget) } || ticks >= maxRevealTicks
        g_object_set_data(
          object, revealTicksKey, done ? nil : UnsafeMutableRawPointer(bitPattern: ticks + 1))
        return done ? 0 : 1
      }, nil, nil)
  }

  /// Scrolls `widget` into view if it has a size; whether it showed already (nothing to do).
  @MainActor
  private static func revealIfLaidOut(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
    guard gtk_widget_get_mapped(widget) != 0, gtk_widget_get_height(widget) > 0 else {
      return false
    }
    let target =
      gtk_widget_get_ancestor(widget, gtk_list_box_row_get_type())
      ?? gtk_widget_get_ancestor(widget, gtk_entry_get_type()) ?? widget
    var shown = true
    var ancestor = gtk_widget_get_parent(target)
    while let current = ancestor {
      ancestor = gtk_widget_get_parent(current)
      guard gtkIsA(current, gtk_scrolled_window_get_type()) else { continue }
      // NB: measured from the scrolled window, whose area is what shows: the content's own
      // origin may sit below the adjustment's zero (a form's top margin: measured 12 pixels).
      var bounds = graphene_rect_t()
      guard gtk_widget_compute_bounds(target, current, &bounds) != 0,
        let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(current))
      else { continue }
      let value = gtk_adjustment_get_value(adjustment)
      let page = gtk_adjustment_get_page_size(adjustment)
      let top = value + Double(bounds.origin.y)
      let bottom = top + Double(bounds.size.height)
      let wanted = bottom > value + page ? min(top, bottom - page) : top < value ? top : value
      // NB: the adjustment cannot go past its upper bound; asking again would never settle.
      let reachable = min(max(wanted, 0), gtk_adjustment_get_upper(adjustment) - page)
      if abs(reachable - value) >= 1 {
        gtk_adjustment_set_value(adjustment, reachable)
        shown = false
      }
    }
    return shown
  }
}

private let revealTicksKey = "gtkbridge-reveal-ticks"
/// About half a second at 60 frames a second: a sheet or page is laid out well before.
private let maxRevealTicks = 30
