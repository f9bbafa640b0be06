// swift-format-ignore-file
// Source: https://developer.apple.com/documentation/swiftui/focusedbinding
// and https://developer.apple.com/documentation/swiftui/focusedvalues
// Apple's documentation: a "Recipe" menu whose command acts on the recipe the focused view
// publishes, and is disabled while nothing does. Written as published there (reconstructed
// from the pages; the model and `addRecipe` body the pages leave out are added); only
// `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

struct Recipe: Identifiable, Hashable {
    var id = UUID()
    var title = ""
    var isFavorite = false
}

struct SelectedRecipeKey: FocusedValueKey {
    typealias Value = Binding<Recipe>
}

extension FocusedValues {
    var selectedRecipe: Binding<Recipe>? {
        get { self[SelectedRecipeKey.self] }
        set { self[SelectedRecipeKey.self] = newValue }
    }
}

struct RecipeCommands: Commands {
    @FocusedBinding(\.selectedRecipe) private var selectedRecipe: Recipe?

    var body: some Commands {
        CommandMenu("Recipe") {
            Button("Add to Grocery List") {
                if let selectedRecipe = selectedRecipe {
                    addRecipe(selectedRecipe)
                }
            }
            .disabled(selectedRecipe == nil)
            Toggle("Favorite", isOn: Binding(
                get: { selectedRecipe?.isFavorite ?? false },
                set: { selectedRecipe?.isFavorite = $0 }))
            .keyboardShortcut("f", modifiers: [.command, .option])
            .disabled(selectedRecipe == nil)
        }
    }

    private func addRecipe(_ recipe: Recipe) { /* ... */ }
}

struct RecipeView: View {
    @Binding var recipe: Recipe

    var body: some View {
        VStack {
            Text(recipe.title)
            TextField("Title", text: $recipe.title)
        }
        .focusedSceneValue(\.selectedRecipe, $recipe)
    }
}

@main
struct RecipeApp: App {
    @State private var recipe = Recipe(title: "Apple Pie")

    var body: some Scene {
        WindowGroup {
            RecipeView(recipe: $recipe)
        }
        .commands {
            RecipeCommands()
        }
    }
}
