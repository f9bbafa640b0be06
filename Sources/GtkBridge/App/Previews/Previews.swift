import CGtk

#if canImport(Glibc)
  import Glibc
#endif

/// The app's `#Preview`s, and a way to open one: GtkBridge has no canvas, but a preview is a
/// window away.
///
/// ```sh
/// GTKBRIDGE_PREVIEW=list swift run MyApp          # prints the previews, numbered
/// GTKBRIDGE_PREVIEW="Empty list" swift run MyApp  # opens that preview, not the app
/// GTKBRIDGE_PREVIEW=2 swift run MyApp             # the second one
/// ```
///
/// ```swift
/// Previews.run(named: "Empty list")
/// ```
@MainActor
public enum Previews {
  /// Every `#Preview` linked into the process, in file order, then line order.
  public static var all: [Preview] {
    if let found { return found }
    let previews = PreviewDiscovery.registrations().map { registration in
      var preview = registration.makePreview()
      preview.fileID = registration.fileID
      preview.line = registration.line
      return preview
    }
    .sorted { ($0.fileID, $0.line) < ($1.fileID, $1.line) }
    found = previews
    return previews
  }

  private static var found: [Preview]?

  /// The preview `selector` names: its name, its place (`ContentView.swift:42`), or its
  /// number in ``all`` (from 1).
  ///
  /// ```swift
  /// let empty = Previews.preview(named: "Empty list")
  /// ```
  public static func preview(named selector: String) -> Preview? {
    let previews = all
    if let match = previews.first(where: { $0.name == selector || $0.displayName == selector }) {
      return match
    }
    if let match = previews.first(where: { "\($0.fileID):\($0.line)".hasSuffix(selector) }) {
      return match
    }
    if let number = Int(selector), previews.indices.contains(number - 1) {
      return previews[number - 1]
    }
    return nil
  }

  /// Opens the preview `selector` names in a window and runs until it is closed; returns
  /// the process's exit status: 0, or 1 with a message on standard error when no preview has
  /// that name or no display can be opened.
  ///
  /// ```swift
  /// exit(Previews.run(named: "Empty list"))
  /// ```
  @discardableResult
  public static func run(named selector: String) -> Int32 {
    guard let preview = preview(named: selector) else {
      printError(
        "GtkBridge: no preview named \"\(selector)\". The previews:\n" + listing()
          + "Pick one by name, place or number: GTKBRIDGE_PREVIEW=<name> <app>\n")
      return 1
    }
    do {
      let window = try preview.makeWindow()
      window.present()
      MainLoop.run { window.isClosed }
      return 0
    } catch {
      printError("\(error)\n")
      return 1
    }
  }

  /// The previews, one a line: number, name, place.
  public static func listing() -> String {
    all.enumerated().map { index, preview in
      "\(index + 1)\t\(preview.name ?? "(unnamed)")\t\(preview.fileID):\(preview.line)\n"
    }.joined()
  }

  /// What `App.main()` does with `GTKBRIDGE_PREVIEW` when it is set: lists the previews
  /// (`list`), or opens the one it names; `nil` when it is not set, so the app runs.
  static func runRequested() -> Int32? {
    guard let selector = ProcessEnvironment.value("GTKBRIDGE_PREVIEW") else { return nil }
    if selector == "list" {
      print(listing(), terminator: "")
      return 0
    }
    return run(named: selector)
  }

  private static func printError(_ message: String) {
    _ = message.withCString { write(2, $0, strlen($0)) }
  }
}
