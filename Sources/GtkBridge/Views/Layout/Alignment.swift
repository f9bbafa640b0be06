/// A position in two dimensions: SwiftUI's `Alignment`, for `.frame(alignment:)` and
/// `.overlay(alignment:)`.
public struct Alignment: Hashable, Sendable {
  public var horizontal: HorizontalAlignment
  public var vertical: VerticalAlignment

  public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
    self.horizontal = horizontal
    self.vertical = vertical
  }

  public static let center = Alignment(horizontal: .center, vertical: .center)
  public static let leading = Alignment(horizontal: .leading, vertical: .center)
  public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
  public static let top = Alignment(horizontal: .center, vertical: .top)
  public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
  public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
  public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
  public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
  public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}

extension HorizontalAlignment {
  /// 0 at the leading edge, 1 at the trailing one (GTK's `xalign`).
  var fraction: Float {
    switch self {
    case .leading: 0
    case .center: 0.5
    case .trailing: 1
    }
  }
}

extension VerticalAlignment {
  /// 0 at the top, 1 at the bottom (GTK's `yalign`).
  var fraction: Float {
    switch self {
    case .top: 0
    case .center: 0.5
    case .bottom: 1
    }
  }
}
