/// One preview of a view, as `#Preview` declares it: SwiftUI's `Preview`, with what it needs
/// to open in a window here (its file and line, and how to make its view).
///
/// `#Preview` makes these; ``Previews/all`` lists the app's, and ``Previews/run(named:)``
/// or `GTKBRIDGE_PREVIEW=<name>` opens one.
///
/// ```swift
/// #Preview("Empty list", traits: .sizeThatFitsLayout) {
///   ExpenseList(expenses: [])
/// }
/// ```
@MainActor
public struct Preview {
  /// The traits `#Preview(…, traits:)` takes: SwiftUI's `Preview.ViewTraits`.
  public enum ViewTraits {}

  /// The name given to `#Preview`, if any.
  public let name: String?
  /// The traits given to `#Preview`, in order.
  public let traits: [PreviewTrait<ViewTraits>]
  /// The file that declares it, as `#fileID` writes it (`Module/File.swift`).
  public internal(set) var fileID = ""
  /// The line of its `#Preview`.
  public internal(set) var line = 0
  private let makeBody: @MainActor () -> AnyView

  /// A preview of the view `body` makes.
  ///
  /// ```swift
  /// Preview("Filled") { ContentView(model: .sample) }
  /// ```
  public init(
    _ name: String? = nil, @ViewBuilder body: @escaping @MainActor () -> some View
  ) {
    self.name = name
    traits = []
    makeBody = { AnyView(body()) }
  }

  /// A preview with traits, such as `.sizeThatFitsLayout` or `.fixedLayout(width:height:)`.
  ///
  /// ```swift
  /// Preview("Row", traits: .sizeThatFitsLayout) { ExpenseRow(expense: .sample) }
  /// ```
  public init(
    _ name: String? = nil, traits: PreviewTrait<ViewTraits>,
    _ additionalTraits: PreviewTrait<ViewTraits>...,
    @ViewBuilder body: @escaping @MainActor () -> some View
  ) {
    self.name = name
    self.traits = [traits] + additionalTraits
    makeBody = { AnyView(body()) }
  }

  /// The previewed view.
  public func makeView() -> AnyView { makeBody() }

  /// Its name, or where it is declared (`ContentView.swift:42`) when it has none.
  public var displayName: String {
    name ?? "\(fileID.split(separator: "/").last.map(String.init) ?? fileID):\(line)"
  }

  /// The window size its traits ask for: `nil` for a size fitted to the content.
  var windowSize: (width: Int, height: Int)? {
    var size: (width: Int, height: Int)? = (480, 360)
    for trait in traits {
      switch trait.layout {
      case .default: size = (480, 360)
      case .fitted: size = nil
      case .fixed(let width, let height): size = (Int(width.rounded()), Int(height.rounded()))
      case .portrait: size = (390, 844)
      case .landscape: size = (844, 390)
      }
    }
    return size
  }

  /// A window showing the preview, titled with its name, sized as its traits ask; not yet
  /// presented.
  ///
  /// ```swift
  /// let window = try Previews.all[0].makeWindow()
  /// window.present()
  /// ```
  ///
  /// - Throws: ``MainLoop/InitializationError`` when GTK cannot open a display.
  public func makeWindow() throws(MainLoop.InitializationError) -> HostingWindow<AnyView> {
    let size = windowSize ?? (-1, -1)
    let makeBody = makeBody
    return try HostingWindow(title: displayName, width: size.width, height: size.height) {
      makeBody()
    }
  }
}

/// A trait of a preview: SwiftUI's `PreviewTrait`. Layout traits size the preview's window;
/// the device orientations stand for a phone's size in that orientation.
///
/// ```swift
/// #Preview("Wide", traits: .landscapeLeft) { ContentView() }
/// ```
public struct PreviewTrait<T>: Sendable {
  enum Layout: Sendable, Equatable {
    case `default`, fitted, portrait, landscape
    case fixed(width: Double, height: Double)
  }

  let layout: Layout
}

extension PreviewTrait where T == Preview.ViewTraits {
  /// The default window size (480 × 360 here).
  public static var defaultLayout: PreviewTrait { PreviewTrait(layout: .default) }
  /// A window the size the content asks for.
  public static var sizeThatFitsLayout: PreviewTrait { PreviewTrait(layout: .fitted) }
  /// A window of `width` × `height`.
  public static func fixedLayout(width: Double, height: Double) -> PreviewTrait {
    PreviewTrait(layout: .fixed(width: width, height: height))
  }
  /// A phone held upright: 390 × 844.
  public static var portrait: PreviewTrait { PreviewTrait(layout: .portrait) }
  /// Upside down: as `portrait`.
  public static var portraitUpsideDown: PreviewTrait { PreviewTrait(layout: .portrait) }
  /// A phone on its side: 844 × 390.
  public static var landscapeLeft: PreviewTrait { PreviewTrait(layout: .landscape) }
  /// A phone on its other side: as `landscapeLeft`.
  public static var landscapeRight: PreviewTrait { PreviewTrait(layout: .landscape) }
}
