/// A menu of its own among the app's commands: SwiftUI's `CommandMenu`.
///
/// In the header bar's primary menu it is a submenu titled `name`; in a menu bar, a menu.
/// Its content is views: `Button`, `Toggle`, `Picker`, `Divider` (a new section), `Section`,
/// `Menu` (a submenu), `ForEach`, and views of your own that compose them.
///
/// ```swift
/// CommandMenu("Recipe") {
///   Button("Add to Grocery List") { addToList() }.keyboardShortcut("g")
///   Divider()
///   Toggle("Show Nutrition", isOn: $showsNutrition)
/// }
/// ```
public struct CommandMenu<Content: View>: Commands, PrimitiveCommands {
  let name: String
  let content: @MainActor () -> Content

  /// A menu titled with the translation of `nameKey` (see ``LocalizedStringKey``).
  public init(
    _ nameKey: LocalizedStringKey, @ViewBuilder content: @escaping @MainActor () -> Content
  ) {
    self.init(verbatim: nameKey.resolved(), content: content)
  }

  /// A menu titled `name` as it is.
  @_disfavoredOverload
  public init<S: StringProtocol>(
    _ name: S, @ViewBuilder content: @escaping @MainActor () -> Content
  ) {
    self.init(verbatim: String(name), content: content)
  }

  private init(verbatim name: String, content: @escaping @MainActor () -> Content) {
    self.name = name
    self.content = content
  }

  func collect(into collection: inout CommandCollection) {
    collection.menus.append(.init(name: name, content: { content() }))
  }
}

/// Commands placed among the standard ones, before or after a group or instead of it:
/// SwiftUI's `CommandGroup`.
///
/// ```swift
/// CommandGroup(after: .newItem) {
///   Button("New Recipe") { newRecipe() }.keyboardShortcut("r")
/// }
/// CommandGroup(replacing: .help) {
///   Button("Recipe Help") { openHelp() }
/// }
/// ```
public struct CommandGroup<Content: View>: Commands, PrimitiveCommands {
  let placement: CommandGroupPlacement
  let position: CommandCollection.Position
  let content: @MainActor () -> Content

  /// Commands shown before the group at `placement`.
  public init(
    before placement: CommandGroupPlacement,
    @ViewBuilder addition: @escaping @MainActor () -> Content
  ) {
    self.init(placement, .before, addition)
  }

  /// Commands shown after the group at `placement`.
  public init(
    after placement: CommandGroupPlacement,
    @ViewBuilder addition: @escaping @MainActor () -> Content
  ) {
    self.init(placement, .after, addition)
  }

  /// Commands shown instead of the group at `placement`; an empty content removes it
  /// (`CommandGroup(replacing: .newItem) {}` takes "New Window" away).
  public init(
    replacing placement: CommandGroupPlacement,
    @ViewBuilder addition: @escaping @MainActor () -> Content
  ) {
    self.init(placement, .replacing, addition)
  }

  private init(
    _ placement: CommandGroupPlacement, _ position: CommandCollection.Position,
    _ content: @escaping @MainActor () -> Content
  ) {
    self.placement = placement
    self.position = position
    self.content = content
  }

  func collect(into collection: inout CommandCollection) {
    collection.groups.append(
      .init(placement: placement, position: position, content: { content() }))
  }
}

/// Where a ``CommandGroup`` goes among the standard commands: SwiftUI's
/// `CommandGroupPlacement`.
///
/// Every placement exists, so code written for macOS compiles. GtkBridge's primary menu
/// shows them in GNOME's order: the file groups, the edit groups, the view groups, the app's
/// own menus, the window groups, settings, help, "About", "Quit". Groups with standard
/// commands in GtkBridge: `.newItem` ("New Window", Ctrl+N), `.help` ("Keyboard Shortcuts",
/// Ctrl+?), `.appInfo` ("About"), `.appTermination` ("Quit", Ctrl+Q); the others are empty
/// until an app (or ``TextEditingCommands``) fills them.
public struct CommandGroupPlacement: Hashable, Sendable {
  let rank: Int
  let name: String

  private init(_ rank: Int, _ name: String) {
    self.rank = rank
    self.name = name
  }

  public static let newItem = Self(10, "newItem")
  public static let saveItem = Self(11, "saveItem")
  public static let importExport = Self(12, "importExport")
  public static let printItem = Self(13, "printItem")
  public static let undoRedo = Self(20, "undoRedo")
  public static let pasteboard = Self(21, "pasteboard")
  public static let textEditing = Self(22, "textEditing")
  public static let textFormatting = Self(23, "textFormatting")
  public static let toolbar = Self(30, "toolbar")
  public static let sidebar = Self(31, "sidebar")
  /// Not a group: the app's ``CommandMenu``s go here, between the view and window groups.
  static let menus = Self(40, "menus")
  public static let windowSize = Self(50, "windowSize")
  public static let windowArrangement = Self(51, "windowArrangement")
  public static let windowList = Self(52, "windowList")
  public static let singleWindowList = Self(53, "singleWindowList")
  public static let appSettings = Self(60, "appSettings")
  public static let systemServices = Self(61, "systemServices")
  public static let appVisibility = Self(62, "appVisibility")
  public static let help = Self(70, "help")
  public static let appInfo = Self(80, "appInfo")
  public static let appTermination = Self(90, "appTermination")

  /// The placements in menu order.
  static let all: [Self] = [
    .newItem, .saveItem, .importExport, .printItem, .undoRedo, .pasteboard, .textEditing,
    .textFormatting, .toolbar, .sidebar, .menus, .windowSize, .windowArrangement, .windowList,
    .singleWindowList, .appSettings, .systemServices, .appVisibility, .help, .appInfo,
    .appTermination,
  ]

  /// The menu of a menu bar the group goes in.
  var menuBarMenu: String {
    switch rank {
    case ..<20: "File"
    case 20..<30: "Edit"
    case 30..<40: "View"
    case 50..<60: "Window"
    case 70: "Help"
    default: "App"
    }
  }
}

/// What an app's scenes declare with `.commands`, in order.
@MainActor
struct CommandCollection {
  enum Position { case before, after, replacing }

  struct AppMenu {
    let name: String
    let content: @MainActor () -> any View
  }

  struct Group {
    let placement: CommandGroupPlacement
    let position: Position
    let content: @MainActor () -> any View
  }

  var menus: [AppMenu] = []
  var groups: [Group] = []
  /// Whether ``TextEditingCommands`` asked for the editing commands.
  var textEditing = false

  mutating func add<C: Commands>(_ commands: C) {
    if let primitive = commands as? any PrimitiveCommands {
      primitive.collect(into: &self)
    } else if C.Body.self != Never.self {
      add(commands.body)
    }
  }
}
