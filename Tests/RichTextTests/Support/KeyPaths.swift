import RichText
import TestKeys

// Key paths for the shared keys these tests reach by name (`text.ingredient`, `runs[\.color]`). The keys themselves
// are declared once, in the TestKeys target (`Sources/TestKeys/TestKeys.swift`).
extension AttributeKeys {
    var ingredient: IngredientKey.Type { IngredientKey.self }
    var color: ColorKey.Type { ColorKey.self }
}
