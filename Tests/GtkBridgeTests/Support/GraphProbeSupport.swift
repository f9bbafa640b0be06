import CGtk
import XCTest

@testable import GtkBridge

/// Finding what GTK shows in a hosted window, by walking the view graph to its widgets.
extension HostingWindow {
  /// The entries of every `TextField` in the window, in declaration order.
  var textFieldEntries: [Entry] {
    graph.root!.subtree.compactMap { ($0 as? RepresentableNode<TextField<Text>>)?.widget as? Entry }
  }

  /// The texts of every `Text` label in the window, in declaration order.
  var labelTexts: [String] {
    graph.root!.subtree.compactMap { ($0 as? RepresentableNode<Text>)?.widget.text }
  }

  /// The buttons of every `Button` in the window, in declaration order.
  var buttons: [ButtonWidget] {
    graph.root!.subtree.compactMap { $0 as? ButtonNodeProbe }.map(\.probedButton)
  }
}

@MainActor
protocol ButtonNodeProbe {
  var probedButton: ButtonWidget { get }
}

extension ButtonNode: ButtonNodeProbe {
  var probedButton: ButtonWidget { button }
}

/// Whether GTK would let the user interact with the widget: it and its ancestors sensitive.
@MainActor
func isSensitive(_ widget: Widget) -> Bool {
  gtk_widget_is_sensitive(widget.pointer) != 0
}
