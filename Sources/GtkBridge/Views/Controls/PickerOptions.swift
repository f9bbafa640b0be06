/// One choice of a ``Picker``: the text it shows and the value it stands for.
struct PickerOption: Equatable {
  var title: String
  var tag: AnyHashable?
}

/// A view value a ``Picker`` reads its choices from, without building widgets for them:
/// `Text`, `.tag`, `ForEach`, `Group`, `AnyView`, `if`/`else` and the builder's tuples.
@MainActor
protocol PickerOptionContent {
  func collectOptions(into options: inout [PickerOption])
}

extension PickerOption {
  /// The choices in `view`, in order; views of other kinds contribute none.
  @MainActor
  static func options(in view: any View) -> [PickerOption] {
    var options: [PickerOption] = []
    collect(view, into: &options)
    return options
  }

  /// Adds the choices in `view`. A view of the app's own (composed through `body`, such as
  /// `FlavorRow(flavor: f).tag(f)`) is read through its body, as SwiftUI shows the row's
  /// content: the choices its body holds, or, when the body is a layout GtkBridge reads no
  /// choice from (an icon beside a name in an `HStack`), one choice titled by its texts.
  @MainActor
  static func collect(_ view: any View, into options: inout [PickerOption]) {
    if let content = view as? any PickerOptionContent {
      content.collectOptions(into: &options)
      return
    }
    guard let body = composedBody(of: view) else { return }
    let start = options.count
    collect(body, into: &options)
    guard options.count == start else { return }
    var texts: [String] = []
    collectTexts(in: body, into: &texts)
    if !texts.isEmpty {
      options.append(PickerOption(title: texts.joined(separator: " "), tag: nil))
    }
  }

  /// The body of a view the app composed, `nil` for GtkBridge's own views. Not for a view
  /// with an `@EnvironmentObject`: outside the graph no ancestor has put the object in its
  /// environment, and reading it would stop the app.
  @MainActor
  private static func composedBody(of view: any View) -> (any View)? {
    let declaresEnvironmentObject = Mirror(reflecting: view).children.contains {
      $0.value is any EnvironmentObjectProperty
    }
    guard !declaresEnvironmentObject else { return nil }
    return body(of: view)
  }

  /// NB: a view whose `Body` is `Never` is built by GtkBridge (a primitive or GTK-backed view):
  /// its `body` stops the program.
  @MainActor
  private static func body<V: View>(of view: V) -> (any View)? {
    V.Body.self == Never.self ? nil : view.body
  }

  /// The texts anywhere in `view`, in order: through stacks and other containers (by their
  /// stored views) and through the bodies of the app's views.
  @MainActor
  private static func collectTexts(in view: any View, into texts: inout [String]) {
    var found: [PickerOption] = []
    if let content = view as? any PickerOptionContent {
      content.collectOptions(into: &found)
      texts += found.map(\.title).filter { !$0.isEmpty }
      return
    }
    if let body = composedBody(of: view) {
      collectTexts(in: body, into: &texts)
      return
    }
    for child in Mirror(reflecting: view).children {
      if let child = child.value as? any View { collectTexts(in: child, into: &texts) }
    }
  }
}

extension Text: PickerOptionContent {
  func collectOptions(into options: inout [PickerOption]) {
    options.append(PickerOption(title: content, tag: nil))
  }
}

extension Label: PickerOptionContent {
  func collectOptions(into options: inout [PickerOption]) {
    options.append(PickerOption(title: title, tag: nil))
  }
}

extension ModifiedContent: PickerOptionContent where Content: View, Modifier: ViewModifier {
  func collectOptions(into options: inout [PickerOption]) {
    let start = options.count
    PickerOption.collect(content, into: &options)
    if let tag = modifier as? TagModifier {
      for index in start..<options.count { options[index].tag = tag.value }
    }
  }
}

extension IdentifiedView: PickerOptionContent {
  func collectOptions(into options: inout [PickerOption]) {
    PickerOption.collect(content_, into: &options)
  }
}

extension TupleView: PickerOptionContent {
  func collectOptions(into options: inout [PickerOption]) {
    for element in elements {
      PickerOption.collect(element, into: &options)
    }
  }
}

extension ForEach: PickerOptionContent {
  func collectOptions(into options: inout [PickerOption]) {
    for (id, _, make) in keyedElements {
      let start = options.count
      PickerOption.collect(make(), into: &options)
      // SwiftUI's rule: a row without a tag of its own stands for its element's id.
      for index in start..<options.count where options[index].tag == nil {
        options[index].tag = id
      }
    }
  }
}

extension Group: PickerOptionContent {
  func collectOptions(into options: inout [PickerOption]) {
    PickerOption.collect(body_, into: &options)
  }
}

// NB: an option from a function returning `AnyView` (`ForEach(kinds) { label(for: $0) }`) is
// the view inside, as in SwiftUI; without this the picker showed no options at all.
extension AnyView: PickerOptionContent {
  func collectOptions(into options: inout [PickerOption]) {
    PickerOption.collect(content, into: &options)
  }
}

extension ConditionalContent: PickerOptionContent {
  func collectOptions(into options: inout [PickerOption]) {
    PickerOption.collect(content, into: &options)
  }
}

extension Optional: PickerOptionContent where Wrapped: View {
  func collectOptions(into options: inout [PickerOption]) {
    PickerOption.collect(content, into: &options)
  }
}

extension View {
  /// The text a label view shows, for controls whose GTK label is a string: a ``Text``'s
  /// content, through modifiers; `""` for other views.
  var plainText: String {
    PickerOption.options(in: self).first?.title ?? ""
  }
}
