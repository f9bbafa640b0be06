/// How content fits a frame of another shape: SwiftUI's `ContentMode`.
public enum ContentMode: Hashable, Sendable, CaseIterable {
  /// All of it shows, with room left over.
  case fit
  /// It covers the frame, cropped.
  case fill
}

extension View {
  /// Keeps the view's aspect ratio in its frame: SwiftUI's `aspectRatio(_:contentMode:)`. A
  /// picture (``Image/init(texture:label:)``, an asset's or an ``AsyncImage``'s) keeps its own ratio
  /// and fits (`GTK_CONTENT_FIT_CONTAIN`) or fills (`GTK_CONTENT_FIT_COVER`); a given ratio
  /// and other views are accepted as they are.
  ///
  /// ```swift
  /// image.resizable().aspectRatio(contentMode: .fill).frame(width: 64, height: 64).clipped()
  /// ```
  public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View {
    modifier(
      WidgetPropertyModifier(key: "content-fit") { widget in
        (widget as? PictureWidget)?.fills = contentMode == .fill
      } reset: { widget in
        (widget as? PictureWidget)?.fills = false
      })
  }

  /// Fits the view in its frame, keeping its aspect ratio: SwiftUI's `scaledToFit()`.
  public func scaledToFit() -> some View { aspectRatio(contentMode: .fit) }

  /// Fills the frame, keeping the aspect ratio and cropping: SwiftUI's `scaledToFill()`.
  public func scaledToFill() -> some View { aspectRatio(contentMode: .fill) }
}
