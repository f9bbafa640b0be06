import CGtk

extension Widget {
  /// Marks the widget as a section's header (or footer) and styles the labels in it as a
  /// heading (a caption), dimmed: the look of a ``Section``'s labels in a list or form.
  func styleAsSectionLabel(footer: Bool) {
    // NB: the widget itself is marked, so a list knows its row holds a header or footer.
    addCSSClass(footer ? ListCSS.footerClass : ListCSS.headerClass)
    for label in gtkDescendants(ofType: gtk_label_get_type()) {
      ListCSS.styleLabel(label, footer: footer)
    }
  }
}
