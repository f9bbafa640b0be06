import CGtk
import Foundation

/// A decoded picture (PNG, JPEG, …) GTK can draw: a handle on a `GdkTexture`.
///
/// ```swift
/// let texture = try Texture(data: Data(contentsOf: url))
/// ```
public final class Texture: @unchecked Sendable {
  // NB: @unchecked: a GdkTexture is immutable once made, and GObject's reference counting is
  // thread-safe, so a texture may be made off the main thread (AsyncImage decodes there).
  let pointer: OpaquePointer

  /// Decodes `data`. Wraps `gdk_texture_new_from_bytes`.
  ///
  /// - Throws: ``TextureError/undecodable(_:)`` when GTK cannot read the data as a picture.
  public init(data: Data) throws(TextureError) {
    let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    defer { g_bytes_unref(bytes) }
    var error: UnsafeMutablePointer<GError>?
    guard let texture = gdk_texture_new_from_bytes(bytes, &error) else {
      let message = error.map { String(cString: $0.pointee.message) } ?? "unknown format"
      g_clear_error(&error)
      throw .undecodable(message)
    }
    pointer = OpaquePointer(UnsafeMutableRawPointer(texture))
  }

  /// Reads and decodes the file at `path`. Wraps `gdk_texture_new_from_filename`.
  public init(contentsOfFile path: String) throws(TextureError) {
    var error: UnsafeMutablePointer<GError>?
    guard let texture = gdk_texture_new_from_filename(path, &error) else {
      let message = error.map { String(cString: $0.pointee.message) } ?? "unreadable"
      g_clear_error(&error)
      throw .undecodable(message)
    }
    pointer = OpaquePointer(UnsafeMutableRawPointer(texture))
  }

  /// The picture's size in pixels.
  public var width: Int { Int(gdk_texture_get_width(pointer)) }
  public var height: Int { Int(gdk_texture_get_height(pointer)) }

  deinit {
    g_object_unref(UnsafeMutableRawPointer(pointer))
  }
}

/// Why a ``Texture`` could not be made.
public enum TextureError: Error, Hashable, Sendable {
  /// GTK could not read the data or file as a picture; GTK's message.
  case undecodable(String)
}

/// A handle on a `GtkPicture`: a ``Texture`` drawn at the size it is given.
@MainActor
public final class PictureWidget: Widget {
  /// An empty picture. Wraps `gtk_picture_new`.
  public init() {
    super.init(retaining: gtk_picture_new()!)
  }

  /// The texture shown. Wraps `gtk_picture_set_paintable`.
  public var texture: Texture? {
    didSet {
      guard texture !== oldValue else { return }
      gtk_picture_set_paintable(opaquePointer, texture.map { $0.pointer })
    }
  }

  /// Whether the picture fills its space, cropped (`GTK_CONTENT_FIT_COVER`), rather than
  /// fitting in it (`GTK_CONTENT_FIT_CONTAIN`). Wraps `gtk_picture_set_content_fit`.
  public var fills: Bool {
    get { gtk_picture_get_content_fit(opaquePointer) == GTK_CONTENT_FIT_COVER }
    set {
      gtk_picture_set_content_fit(
        opaquePointer, newValue ? GTK_CONTENT_FIT_COVER : GTK_CONTENT_FIT_CONTAIN)
    }
  }

  /// Whether it may be drawn smaller than the texture's own size (a resizable image). Wraps
  /// `gtk_picture_set_can_shrink`.
  public var canShrink: Bool {
    get { gtk_picture_get_can_shrink(opaquePointer) != 0 }
    set { gtk_picture_set_can_shrink(opaquePointer, newValue ? 1 : 0) }
  }

  /// The text read for it. Wraps `gtk_picture_set_alternative_text`.
  public var alternativeText: String? {
    get { gtk_picture_get_alternative_text(opaquePointer).map { String(cString: $0) } }
    set { gtk_picture_set_alternative_text(opaquePointer, newValue) }
  }
}
