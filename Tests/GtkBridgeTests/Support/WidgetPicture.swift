import CGtk

@testable import GtkBridge

/// A widget as GTK draws it, as RGBA pixels (0-255, premultiplied alpha), read once: tests
/// find what they look for by colour instead of by guessed offsets.
@MainActor
struct WidgetPicture {
  let width: Int
  let height: Int
  private let bytes: [UInt8]

  init(_ widget: Widget) {
    width = Int(gtk_widget_get_width(widget.pointer))
    height = Int(gtk_widget_get_height(widget.pointer))
    let paintable = gtk_widget_paintable_new(widget.pointer)!
    defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
    let snapshot = gtk_snapshot_new()!
    gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
    var bytes = [UInt8](repeating: 0, count: width * height * 4)
    if let node = gtk_snapshot_free_to_node(snapshot) {
      let renderer = gtk_native_get_renderer(gtk_widget_get_native(widget.pointer))
      let texture = gsk_renderer_render_texture(renderer, node, nil)!
      gdk_texture_download(texture, &bytes, gsize(width * 4))
      g_object_unref(UnsafeMutableRawPointer(texture))
      gsk_render_node_unref(node)
    }
    self.bytes = bytes
  }

  /// `[red, green, blue, alpha]` at `x`, `y`; transparent outside the picture.
  subscript(x: Int, y: Int) -> [Int] {
    guard x >= 0, y >= 0, x < width, y < height else { return [0, 0, 0, 0] }
    // NB: GDK's download format is premultiplied BGRA in memory on little-endian machines.
    let offset = (y * width + x) * 4
    return [
      Int(bytes[offset + 2]), Int(bytes[offset + 1]), Int(bytes[offset]), Int(bytes[offset + 3]),
    ]
  }

  /// The smallest rectangle holding every pixel `matches` accepts, if any does.
  func bounds(where matches: ([Int]) -> Bool) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
    var result: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
    for y in 0..<height {
      for x in 0..<width where matches(self[x, y]) {
        if let found = result {
          result = (min(found.minX, x), min(found.minY, y), max(found.maxX, x), max(found.maxY, y))
        } else {
          result = (x, y, x, y)
        }
      }
    }
    return result
  }
}
