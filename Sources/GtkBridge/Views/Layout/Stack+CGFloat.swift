extension VStack {
  /// SwiftUI's signature, with `CGFloat` spacing; `nil` is the default spacing.
  public init(
    alignment: HorizontalAlignment? = .center, spacing: CGFloat?,
    @ViewBuilder content: () -> Content
  ) {
    self.init(alignment: alignment, spacing: spacing.map(stackSpacing) ?? 8, content: content)
  }
}

extension HStack {
  /// SwiftUI's signature, with `CGFloat` spacing; `nil` is the default spacing.
  public init(
    alignment: VerticalAlignment? = .center, spacing: CGFloat?,
    @ViewBuilder content: () -> Content
  ) {
    self.init(alignment: alignment, spacing: spacing.map(stackSpacing) ?? 8, content: content)
  }
}

extension LazyVStack {
  /// SwiftUI's signature, with `CGFloat` spacing; `nil` is the default spacing.
  public init(
    alignment: HorizontalAlignment? = nil, spacing: CGFloat?,
    pinnedViews: PinnedScrollableViews = [], @ViewBuilder content: () -> Content
  ) {
    self.init(
      alignment: alignment, spacing: spacing.map(stackSpacing) ?? 8, pinnedViews: pinnedViews,
      content: content)
  }
}

extension LazyHStack {
  /// SwiftUI's signature, with `CGFloat` spacing; `nil` is the default spacing.
  public init(
    alignment: VerticalAlignment? = .center, spacing: CGFloat?,
    pinnedViews: PinnedScrollableViews = [], @ViewBuilder content: () -> Content
  ) {
    self.init(
      alignment: alignment, spacing: spacing.map(stackSpacing) ?? 8, pinnedViews: pinnedViews,
      content: content)
  }
}

extension View {
  /// `padding` with a `CGFloat` length, as SwiftUI declares it: `.padding(12.5)`.
  public func padding(_ length: CGFloat) -> some View {
    padding(.all, stackSpacing(length))
  }

  /// `padding(_:_:)` with a `CGFloat` length; `nil` is the default (16).
  public func padding(_ edges: Edge.Set, _ length: CGFloat?) -> some View {
    padding(edges, length.map(stackSpacing) ?? 16)
  }
}

/// Whole pixels from a `CGFloat` that may be anything.
private func stackSpacing(_ value: CGFloat) -> Int {
  let value = Double(value)
  guard value.isFinite else { return 0 }
  return Int(min(max(value.rounded(), 0), 10_000))
}
