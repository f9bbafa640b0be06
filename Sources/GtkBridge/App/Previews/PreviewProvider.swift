/// Xcode's preview protocol: SwiftUI's `PreviewProvider`, so files that declare previews
/// compile unchanged. GtkBridge has no canvas; ``HostingWindow`` can show `previews` in a
/// window. (`#Preview { }` is a macro that needs Apple's plugin and does not compile here.)
///
/// ```swift
/// struct ContentView_Previews: PreviewProvider {
///   static var previews: some View { ContentView() }
/// }
/// ```
@MainActor
public protocol PreviewProvider {
  associatedtype Previews: View
  @ViewBuilder static var previews: Previews { get }
}
