/// A built-in control whose widget holds nothing but what its inputs set (a label's text, a
/// spacer): when GTK recycles a lazy row, its node may be updated to another element's view
/// instead of being built anew (``ViewNode/isRecyclable``).
///
/// A user's representable is never recycled: its coordinator may keep what it likes. Nor is a
/// control whose widget keeps what the user did (a text field's caret and undo history), or
/// whose widget's kind depends on its inputs (an `Image` of a texture or of an icon).
@MainActor
protocol RecyclableRepresentable: WidgetRepresentable {}

extension Text: RecyclableRepresentable {}
extension Spacer: RecyclableRepresentable {}
extension Divider: RecyclableRepresentable {}
// NB: a `Label` under a custom style is another node (`StyledControlNode`), never recycled.
extension Label: RecyclableRepresentable {}
