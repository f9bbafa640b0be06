/// How a ``Form`` lays out its rows: SwiftUI's `FormStyle`.
///
/// GtkBridge has one form look, GNOME's boxed preference rows, which is SwiftUI's
/// `.grouped`; `.automatic` and `.columns` are accepted and show the same rows (a text field
/// alone in a row still shows its title as the row's label, as macOS's columns do).
public protocol FormStyle: Sendable {}

/// SwiftUI's `AutomaticFormStyle`.
public struct AutomaticFormStyle: FormStyle {
  public init() {}
}

/// SwiftUI's `GroupedFormStyle`: boxed rows in sections.
public struct GroupedFormStyle: FormStyle {
  public init() {}
}

/// SwiftUI's `ColumnsFormStyle` (macOS): shown as boxed rows here.
public struct ColumnsFormStyle: FormStyle {
  public init() {}
}

extension FormStyle where Self == AutomaticFormStyle {
  public static var automatic: AutomaticFormStyle { AutomaticFormStyle() }
}

extension FormStyle where Self == GroupedFormStyle {
  public static var grouped: GroupedFormStyle { GroupedFormStyle() }
}

extension FormStyle where Self == ColumnsFormStyle {
  public static var columns: ColumnsFormStyle { ColumnsFormStyle() }
}

extension View {
  /// Accepted for SwiftUI code: every ``Form`` shows GNOME's boxed rows (see ``FormStyle``).
  ///
  /// ```swift
  /// Form { … }.formStyle(.grouped)
  /// ```
  public func formStyle<S: FormStyle>(_ style: S) -> some View {
    self
  }
}
