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
    (view as? any PickerOptionContent)?.collectOptions(into: &options)
    return options
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
    (content as? any PickerOptionContent)?.collectOptions(into: &options)
    if let tag = modifier as? TagModifier {
      for index in start..<options.count { options[index].tag = tag.value }
    }
  }
}

extension IdentifiedView: PickerOptionContent {
  func collectOptions(into options: inout [PickerOption]) {
    (content_ as? any PickerOptionContent)?.collectOptions(into: &options)
  }
}

extension TupleView: PickerOptionContent {
  func collectOptions(into options: inout [PickerOption]) {
    for element in elements {
      (element as? any PickerOptionContent)?.collectOptions(into: &options)
    }
  }
}

extension ForEach: PickerOptionContent {
  func collectOptions(into options: inout [PickerOption]) {
    for (id, _, make) in keyedElements {
      let start = options.count
      (make() as? any PickerOptionContent)?.collectOptions(into: &options)
      // SwiftUI's rule: a row without a tag of its own stands for its element's id.
      for index in start..<options.count where options[index].tag == nil {
        options[index].tag = id
      }
    }
  }
}

extension Group: PickerOptionContent {
  func collectOptions(into options: inout [PickerOption]) {
    (body_ as? any PickerOptionContent)?.collectOptions(into: &options)
  }
}

// NB: an option from a function returning `AnyView` (`ForEach(kinds) { label(for: $0) }`) is
// the view inside, as in SwiftUI; without this the picker showed no options at all.
extension AnyView: PickerOptionContent {
  func collectOptions(into options: inout [PickerOption]) {
    (content as? any PickerOptionContent)?.collectOptions(into: &options)
  }
}

extension ConditionalContent: PickerOptionContent {
  func collectOptions(into options: inout [PickerOption]) {
    (content as? any PickerOptionContent)?.collectOptions(into: &options)
  }
}

extension Optional: PickerOptionContent where Wrapped: View {
  func collectOptions(into options: inout [PickerOption]) {
    (content as? any PickerOptionContent)?.collectOptions(into: &options)
  }
}

extension View {
  /// The text a label view shows, for controls whose GTK label is a string: a ``Text``'s
  /// content, through modifiers; `""` for other views.
  var plainText: String {
    PickerOption.options(in: self).first?.title ?? ""
  }
}
