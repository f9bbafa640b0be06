import CGtk
import CGtkTesting
import GtkBridge

/// The accessible name GTK computes for AT-SPI (`gtk_at_context_get_name`, private to GTK),
/// computed again from what GTK's test API reads back: GTK 4.8's rules before 4.14, ARIA's
/// (as GTK 4.14 and later implement them, gtkatcontext.c) from 4.14 on.
@MainActor
enum AccessibleName {
  static func of(_ widget: UnsafeMutablePointer<GtkWidget>) -> String {
    let version = (Int(gtk_get_major_version()), Int(gtk_get_minor_version()))
    if version < (4, 14) { return legacyName(widget) }
    var visited: [UnsafeMutablePointer<GtkWidget>] = []
    return text(of: widget, isReference: false, isChild: false, visited: &visited)
  }

  // MARK: GTK 4.8 to 4.12

  /// The label, then each labelled-by widget's label, joined by spaces; a hidden widget
  /// without them has no name; else the type name, except for structural roles.
  private static func legacyName(_ widget: UnsafeMutablePointer<GtkWidget>) -> String {
    var names: [String] = []
    if let label = string(widget, GTK_ACCESSIBLE_PROPERTY_LABEL) { names.append(label) }
    for target in related(widget, GTK_ACCESSIBLE_RELATION_LABELLED_BY) {
      if let label = string(target, GTK_ACCESSIBLE_PROPERTY_LABEL) { names.append(label) }
    }
    if !names.isEmpty { return names.joined(separator: " ") }
    if state(widget, GTK_ACCESSIBLE_STATE_HIDDEN) == "true" { return "" }
    let structural = [
      GTK_ACCESSIBLE_ROLE_FORM, GTK_ACCESSIBLE_ROLE_GROUP, GTK_ACCESSIBLE_ROLE_GENERIC,
      GTK_ACCESSIBLE_ROLE_LANDMARK, GTK_ACCESSIBLE_ROLE_LIST_ITEM, GTK_ACCESSIBLE_ROLE_REGION,
      GTK_ACCESSIBLE_ROLE_SEARCH, GTK_ACCESSIBLE_ROLE_SEPARATOR,
    ]
    if structural.contains(role(widget)) { return "" }
    return AccessibleElement.typeName(of: widget)
  }

  // MARK: GTK 4.14 and later

  private static let prohibited: Set<String> = [
    "banner", "caption", "command", "composite", "generic", "input", "landmark", "legend",
    "none", "paragraph", "presentation", "range", "section", "section-head", "select", "status",
    "structure", "time",
  ]
  private static let fromContent: Set<String> = [
    "button", "cell", "checkbox", "column-header", "comment", "grid-cell", "heading", "label",
    "link", "menu-item", "menu-item-checkbox", "menu-item-radio", "option", "radio", "row",
    "row-header", "switch", "tab", "tooltip", "tree-item", "widget",
  ]
  private static let ranges: Set<String> = [
    "meter", "progress-bar", "scrollbar", "slider", "spin-button",
  ]

  /// ARIA's steps 2A to 2I as gtkatcontext.c takes them.
  private static func text(
    of widget: UnsafeMutablePointer<GtkWidget>, isReference: Bool, isChild: Bool,
    visited: inout [UnsafeMutablePointer<GtkWidget>]
  ) -> String {
    let role = AccessibleElement.nick(of: role(widget))
    if !isReference, !isChild, prohibited.contains(role) { return "" }
    if !isReference, state(widget, GTK_ACCESSIBLE_STATE_HIDDEN) == "true" { return "" }
    if !prohibited.contains(role) {
      if !isReference, hasRelation(widget, GTK_ACCESSIBLE_RELATION_LABELLED_BY) {
        var parts: [String] = []
        for target in related(widget, GTK_ACCESSIBLE_RELATION_LABELLED_BY)
        where !visited.contains(target) {
          visited.append(target)
          parts.append(text(of: target, isReference: true, isChild: false, visited: &visited))
        }
        return joined(parts)
      }
      if let label = string(widget, GTK_ACCESSIBLE_PROPERTY_LABEL), !label.isEmpty {
        return label
      }
    }
    if isChild || isReference {
      if role == "text-box" {
        return gtk_editable_get_text(OpaquePointer(widget)).map { String(cString: $0) } ?? ""
      }
      if ranges.contains(role) {
        return string(widget, GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT) ?? ""
      }
    }
    if fromContent.contains(role) || isReference || isChild {
      var parts: [String] = []
      var child = gtk_widget_get_first_child(widget)
      while let current = child {
        parts.append(text(of: current, isReference: false, isChild: true, visited: &visited))
        child = gtk_widget_get_next_sibling(current)
      }
      let content = joined(parts)
      if !content.isEmpty { return content }
    }
    if let tooltip = gtk_widget_get_tooltip_text(widget).map({ String(cString: $0) }),
      tooltip.contains(where: { !$0.isWhitespace })
    {
      return tooltip
    }
    return ""
  }

  private static func joined(_ parts: [String]) -> String {
    parts.filter { !$0.isEmpty }.joined(separator: " ")
  }

  // MARK: reading GTK's values

  static func string(_ widget: UnsafeMutablePointer<GtkWidget>, _ property: GtkAccessibleProperty)
    -> String?
  {
    guard let text = cgtk_testing_accessible_property_text(widget, Int32(property.rawValue), 0)
    else { return nil }
    defer { g_free(text) }
    return String(cString: text)
  }

  static func state(_ widget: UnsafeMutablePointer<GtkWidget>, _ state: GtkAccessibleState)
    -> String?
  {
    guard let text = cgtk_testing_accessible_state_text(widget, Int32(state.rawValue)) else {
      return nil
    }
    defer { g_free(text) }
    return String(cString: text)
  }

  static func role(_ widget: UnsafeMutablePointer<GtkWidget>) -> GtkAccessibleRole {
    GtkAccessibleRole(rawValue: UInt32(cgtk_testing_accessible_role(widget)))
  }

  static func hasRelation(
    _ widget: UnsafeMutablePointer<GtkWidget>, _ relation: GtkAccessibleRelation
  ) -> Bool {
    cgtk_testing_accessible_has_relation(widget, Int32(relation.rawValue)) != 0
  }

  /// The widgets `relation` refers to, in its order: GTK prints each as "TypeName<0x…>"
  /// (gtkaccessiblevalue.c); each widget of the window is looked for in that text, so no
  /// printed address is ever followed.
  static func related(
    _ widget: UnsafeMutablePointer<GtkWidget>, _ relation: GtkAccessibleRelation
  ) -> [UnsafeMutablePointer<GtkWidget>] {
    guard let raw = cgtk_testing_accessible_relation_text(widget, Int32(relation.rawValue))
    else { return [] }
    let printed = String(cString: raw)
    g_free(raw)
    guard !printed.isEmpty, let root = gtk_widget_get_root(widget) else { return [] }
    var found: [(offset: Int, widget: UnsafeMutablePointer<GtkWidget>)] = []
    var stack = [UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self)]
    while let current = stack.popLast() {
      let address = "0x" + String(UInt(bitPattern: current), radix: 16)
      let token = "\(AccessibleElement.typeName(of: current))<\(address)>"
      if let range = printed.range(of: token) {
        found.append((printed.distance(from: printed.startIndex, to: range.lowerBound), current))
      }
      var child = gtk_widget_get_first_child(current)
      while let next = child {
        stack.append(next)
        child = gtk_widget_get_next_sibling(next)
      }
    }
    return found.sorted { $0.offset < $1.offset }.map(\.widget)
  }
}
