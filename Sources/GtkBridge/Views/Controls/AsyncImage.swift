import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Where an ``AsyncImage``'s loading is: SwiftUI's `AsyncImagePhase`.
public enum AsyncImagePhase: Sendable {
  /// Not loaded yet (or no URL).
  case empty
  /// Loaded and decoded.
  case success(Image)
  /// The load or the decoding failed.
  case failure(any Error)

  /// The image, once loaded.
  public var image: Image? {
    if case .success(let image) = self { return image }
    return nil
  }

  /// Why loading failed, if it did.
  public var error: (any Error)? {
    if case .failure(let error) = self { return error }
    return nil
  }
}

/// A picture loaded from a URL: SwiftUI's `AsyncImage`.
///
/// The data is read through Foundation (`URLSession` for `http`/`https`, the file for `file`
/// URLs) off the main actor and decoded by GTK (`GdkTexture`), then shown in a `GtkPicture`.
/// Until then the placeholder shows (a spinner by default); the phase forms show what each
/// phase says. A new URL loads again.
///
/// ```swift
/// AsyncImage(url: photo.url) { image in
///   image.resizable().scaledToFit()
/// } placeholder: {
///   ProgressView()
/// }
///
/// AsyncImage(url: avatarURL) { phase in
///   if let image = phase.image { image.resizable() }
///   else if phase.error != nil { Image(systemName: "exclamationmark.triangle") }
///   else { ProgressView() }
/// }
/// ```
public struct AsyncImage<Content: View>: View {
  let url: URL?
  let content: @MainActor (AsyncImagePhase) -> Content
  @State private var phase: AsyncImagePhase = .empty
  /// The URL `phase` is for.
  @State private var loadedURL: URL?

  /// Shows the phase's view: `content` is given each phase as loading goes on.
  public init(
    url: URL?, scale: CGFloat = 1, transaction: Transaction = Transaction(),
    @ViewBuilder content: @escaping @MainActor (AsyncImagePhase) -> Content
  ) {
    self.url = url
    self.content = content
  }

  public var body: some View {
    Group { content(loadedURL == url ? phase : .empty) }
      .onAppear { load() }
      .onChange(of: url) { load() }
  }

  private func load() {
    guard loadedURL != url || phaseIsEmpty else { return }
    let url = self.url
    loadedURL = url
    phase = .empty
    guard let url else { return }
    let phase = $phase
    let loaded = $loadedURL
    Task { @MainActor in
      let result = await AsyncImageLoader.load(url)
      // NB: a later URL's load may have started meanwhile; this one's result is dropped.
      guard loaded.wrappedValue == url else { return }
      phase.wrappedValue = result
    }
  }

  private var phaseIsEmpty: Bool {
    if case .empty = phase { return loadedURL == nil }
    return false
  }
}

extension AsyncImage where Content == AnyView {
  /// The image at its own size once loaded; a spinner until then (and a placeholder icon if
  /// it fails).
  public init(url: URL?, scale: CGFloat = 1) {
    self.init(url: url, scale: scale) { phase in
      switch phase {
      case .success(let image): return AnyView(image)
      case .failure: return AnyView(Image(systemName: "photo"))
      case .empty: return AnyView(ProgressView())
      }
    }
  }

  /// `content` with the loaded image, `placeholder` until then (and if loading fails).
  public init<I: View, P: View>(
    url: URL?, scale: CGFloat = 1,
    @ViewBuilder content: @escaping @MainActor (Image) -> I,
    @ViewBuilder placeholder: @escaping @MainActor () -> P
  ) {
    self.init(url: url, scale: scale) { phase in
      if let image = phase.image { return AnyView(content(image)) }
      return AnyView(placeholder())
    }
  }
}

/// Loads and decodes an image off the main actor.
enum AsyncImageLoader {
  static func load(_ url: URL) async -> AsyncImagePhase {
    do {
      let data: Data
      if url.isFileURL {
        data = try await Task.detached { try Data(contentsOf: url) }.value
      } else {
        data = try await URLSession.shared.data(from: url).0
      }
      let texture = try await Task.detached { try Texture(data: data) }.value
      return .success(await Image(texture: texture, label: url.lastPathComponent))
    } catch {
      return .failure(error)
    }
  }
}

/// The context of a state change: SwiftUI's `Transaction`, here its animation.
public struct Transaction: Sendable {
  /// The change's animation.
  public var animation: Animation?

  public init(animation: Animation? = nil) {
    self.animation = animation
  }
}
