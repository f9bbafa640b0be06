/// A set of menu commands an app adds with `.commands`: SwiftUI's `Commands`.
///
/// GtkBridge shows commands in the header bar's primary menu (GNOME's convention) or, with
/// `.commandsPresentation(.menuBar)`, in a menu bar; each button is a `GAction` of the
/// application, its keyboard shortcut an application accelerator. A command reads what the
/// focused view publishes with `@FocusedValue` and acts on the focused window's value.
///
/// ```swift
/// struct RecipeCommands: Commands {
///   @FocusedValue(\.selectedRecipe) var recipe
///
///   var body: some Commands {
///     CommandMenu("Recipe") {
///       Button("Add \(recipe?.name ?? "Recipe") to Grocery List") { add(recipe) }
///         .keyboardShortcut("g")
///         .disabled(recipe == nil)
///     }
///   }
/// }
/// ```
@MainActor
public protocol Commands {
  associatedtype Body: Commands
  @CommandsBuilder var body: Body { get }
}

extension Never: Commands {}

/// Commands GtkBridge builds into menus itself (a menu, a group, a list of them).
@MainActor
protocol PrimitiveCommands: Commands where Body == Never {
  func collect(into collection: inout CommandCollection)
}

extension PrimitiveCommands {
  public var body: Never { fatalError("\(Self.self) is built by GtkBridge, not through body") }
}

/// No commands.
public struct EmptyCommands: Commands, PrimitiveCommands {
  public init() {}
  func collect(into collection: inout CommandCollection) {}
}

/// Builds commands from the statements of a closure: SwiftUI's `CommandsBuilder`.
@resultBuilder
@MainActor
public enum CommandsBuilder {
  public static func buildBlock() -> EmptyCommands { EmptyCommands() }

  public static func buildBlock<Content: Commands>(_ content: Content) -> Content { content }

  public static func buildBlock<each Content: Commands>(_ content: repeat each Content)
    -> TupleCommands<repeat each Content>
  {
    TupleCommands(repeat each content)
  }

  public static func buildOptional<Content: Commands>(_ content: Content?)
    -> ConditionalCommands<Content, EmptyCommands>
  {
    content.map { .first($0) } ?? .second(EmptyCommands())
  }

  public static func buildEither<First: Commands, Second: Commands>(first: First)
    -> ConditionalCommands<First, Second>
  {
    .first(first)
  }

  public static func buildEither<First: Commands, Second: Commands>(second: Second)
    -> ConditionalCommands<First, Second>
  {
    .second(second)
  }
}

/// Several commands from one `CommandsBuilder` block, in order.
public struct TupleCommands<each Content: Commands>: Commands, PrimitiveCommands {
  let content: (repeat each Content)

  public init(_ content: repeat each Content) {
    self.content = (repeat each content)
  }

  func collect(into collection: inout CommandCollection) {
    for commands in repeat each content { collection.add(commands) }
  }
}

/// One of two sets of commands, chosen by an `if` in a `CommandsBuilder`.
public enum ConditionalCommands<First: Commands, Second: Commands>: Commands, PrimitiveCommands {
  case first(First)
  case second(Second)

  func collect(into collection: inout CommandCollection) {
    switch self {
    case .first(let commands): collection.add(commands)
    case .second(let commands): collection.add(commands)
    }
  }
}
