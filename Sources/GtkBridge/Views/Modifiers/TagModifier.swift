extension View {
  /// The value a ``Picker`` option or a ``List`` row stands for: SwiftUI's `tag(_:)`.
  ///
  /// A row inside `ForEach` is tagged with its element's id unless it has a tag of its own.
  ///
  /// ```swift
  /// Picker("Flavor", selection: $flavor) {
  ///   Text("Chocolate").tag(Flavor.chocolate)
  ///   Text("Vanilla").tag(Flavor.vanilla)
  /// }
  /// ```
  public func tag<V: Hashable>(_ tag: V) -> some View {
    modifier(TagModifier(value: AnyHashable(tag)))
  }
}

/// Marks the modified view's widgets as standing for `value`; read by the containers that
/// select (``List``) and by ``Picker``, which reads it from the view value.
@usableFromInline
struct TagModifier: WidgetModifier {
  static var isRecyclable: Bool { true }
  let value: AnyHashable

  static var readsState: Bool { false }
}

extension ViewNode {
  /// The tag of each widget this node puts in its container: an explicit `.tag` on the
  /// widget's view, else the id of the `ForEach` row it comes from. Widgets with neither are
  /// left out.
  var widgetTags: [ObjectIdentifier: AnyHashable] {
    var tags: [ObjectIdentifier: AnyHashable] = [:]
    visitOwnNodes { node in
      if let forEach = node as? any IdentifiedChildren {
        for (id, row) in forEach.identifiedChildren {
          for widget in row.widgets { tags[ObjectIdentifier(widget)] = id }
        }
      }
      if let tagged = node as? any TaggedNode {
        for widget in node.widgets { tags[ObjectIdentifier(widget)] = tagged.tag }
      }
    }
    return tags
  }

  /// Visits this node and every node below it that is this container's: a nested container's
  /// rows are its own (its widget is what this one sees).
  func visitOwnNodes(_ body: (ViewNode) -> Void) {
    func visit(_ node: ViewNode) {
      body(node)
      if node !== self, node is any SelectingContainer { return }
      for child in node.childNodes { visit(child) }
    }
    visit(self)
  }
}

@MainActor
protocol IdentifiedChildren {
  var identifiedChildren: [(id: AnyHashable, node: ViewNode)] { get }
}

extension ForEachNode: IdentifiedChildren {}

@MainActor
protocol TaggedNode {
  var tag: AnyHashable { get }
}

extension ModifierNode: TaggedNode where Modifier == TagModifier {
  var tag: AnyHashable { modifier.value }
}

/// A node whose content widgets become rows it selects among (a `List`): tags below it are
/// not its parent's.
@MainActor
protocol SelectingContainer {}

/// A view type that can say, from its type alone, whether an explicit `.tag` is on it (a
/// `.tag` outside, under other modifiers or not): a `List` of one `ForEach` whose rows are
/// tagged so is laid out whole (`List.makeNode`), since a lazy list selects rows GTK has not
/// built by their ids.
protocol StaticallyTagged {
  static var carriesTag: Bool { get }
}

extension ModifiedContent: StaticallyTagged {
  static var carriesTag: Bool {
    Modifier.self == TagModifier.self
      || (Content.self as? any StaticallyTagged.Type)?.carriesTag == true
  }
}
