/// Whether the view is presented, and the way to dismiss it: SwiftUI's deprecated
/// `PresentationMode`, read with `@Environment(\.presentationMode)`. It is ``DismissAction``
/// and `\.isPresented` under their old names.
///
/// ```swift
/// @Environment(\.presentationMode) var presentationMode
/// Button("Close") { presentationMode.wrappedValue.dismiss() }
/// ```
public struct PresentationMode: Sendable {
  /// Whether the view is in a presentation (a sheet, an alert, a popover).
  public let isPresented: Bool
  let dismissAction: DismissAction

  /// Dismisses the presentation; outside one it does nothing.
  @MainActor
  public mutating func dismiss() { dismissAction() }
}

extension EnvironmentValues {
  /// The presentation the view is in: SwiftUI's `presentationMode`.
  public var presentationMode: Binding<PresentationMode> {
    .constant(PresentationMode(isPresented: isPresented, dismissAction: dismiss))
  }
}
