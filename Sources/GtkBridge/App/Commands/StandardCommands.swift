/// The standard editing commands: Undo, Redo, Cut, Copy, Paste, Select All and Find…, acting
/// on the focused text field or editor: SwiftUI's `TextEditingCommands`.
///
/// GTK's text widgets handle these keys themselves (Ctrl+Z, Ctrl+X, Ctrl+C, Ctrl+V, Ctrl+A);
/// the menu shows them and runs the same widget actions (`text.undo`, `clipboard.copy`, …) on
/// the field that has focus, and is insensitive while no text field or editor has it. Find…
/// (Ctrl+F) opens the window's `.searchable` search bar, if it has one.
///
/// ```swift
/// WindowGroup { ContentView() }
///   .commands { TextEditingCommands() }
/// ```
public struct TextEditingCommands: Commands, PrimitiveCommands {
  public init() {}

  func collect(into collection: inout CommandCollection) {
    collection.textEditing = true
  }
}

/// SwiftUI's `SidebarCommands` ("Toggle Sidebar"), accepted so macOS code compiles. It adds
/// nothing: every ``NavigationSplitView`` has its own sidebar toggle in the header bar (and
/// F9), which GNOME apps have instead of a View menu item.
public struct SidebarCommands: Commands, PrimitiveCommands {
  public init() {}
  func collect(into collection: inout CommandCollection) {}
}

/// SwiftUI's `ToolbarCommands` ("Show Toolbar", "Customize Toolbar…"), accepted so macOS code
/// compiles. It adds nothing: a GNOME header bar is neither hidden nor customised.
public struct ToolbarCommands: Commands, PrimitiveCommands {
  public init() {}
  func collect(into collection: inout CommandCollection) {}
}

/// SwiftUI's `TextFormattingCommands` (the font panel, Bold, Italic), accepted so macOS code
/// compiles. It adds nothing: GTK text fields hold plain text.
public struct TextFormattingCommands: Commands, PrimitiveCommands {
  public init() {}
  func collect(into collection: inout CommandCollection) {}
}

/// SwiftUI's `InspectorCommands` ("Show Inspector"), accepted so macOS code compiles. It adds
/// nothing: GtkBridge has no `.inspector`.
public struct InspectorCommands: Commands, PrimitiveCommands {
  public init() {}
  func collect(into collection: inout CommandCollection) {}
}
