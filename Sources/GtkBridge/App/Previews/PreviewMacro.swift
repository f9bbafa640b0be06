/// Declares a preview of a view: SwiftUI's `#Preview`, at file scope, as many per file as
/// you like. Here a preview is runnable: ``Previews/run(named:)``, or start the app with
/// `GTKBRIDGE_PREVIEW=<name>` to open that preview instead of the app's windows.
///
/// ```swift
/// #Preview { ContentView() }
/// #Preview("Empty") { ExpenseList(expenses: []) }
/// ```
///
/// The macro's plugin (`GtkBridgeMacros`) speaks the compiler's plugin protocol itself, so it
/// needs nothing outside the Swift toolchain.
///
/// - Parameters:
///   - name: The preview's name, shown as its window's title.
///   - body: The previewed view.
@freestanding(declaration)
public macro Preview(
  _ name: String? = nil, @ViewBuilder body: @escaping @MainActor () -> any View
) = #externalMacro(module: "GtkBridgeMacros", type: "PreviewMacro")

/// Declares a preview of a view with traits, such as `.sizeThatFitsLayout`: SwiftUI's
/// `#Preview(_:traits:_:body:)`.
///
/// ```swift
/// #Preview("Row", traits: .sizeThatFitsLayout) { ExpenseRow(expense: .sample) }
/// ```
///
/// - Parameters:
///   - name: The preview's name, shown as its window's title.
///   - traits: How the preview's window is laid out.
///   - additionalTraits: More traits.
///   - body: The previewed view.
@freestanding(declaration)
public macro Preview(
  _ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>,
  _ additionalTraits: PreviewTrait<Preview.ViewTraits>...,
  @ViewBuilder body: @escaping @MainActor () -> any View
) = #externalMacro(module: "GtkBridgeMacros", type: "PreviewMacro")

/// What a `#Preview` expands to: a type whose name carries GtkBridge's marker, found at run
/// time by ``Previews``. Not for use in code.
@MainActor
public protocol _PreviewRegistration {
  static var fileID: String { get }
  static var line: Int { get }
  static func makePreview() -> Preview
}
