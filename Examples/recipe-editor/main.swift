// The WWDC25 "Cook up a rich text experience" story, replayed on the FormatCheck engine. After every step it
// prints the runs and what the engine adjusted on its own.
import Formatting
import RichText

// 1. The keys and RecipeFormattingDefinition: foregroundColor, adaptiveImageGlyph and ingredient in scope, and
//    IngredientsAreGreen.
enum ForegroundColor: RichAttributeKey {
    typealias Value = RichColor
    static let name = "foregroundColor"
}

enum AdaptiveImageGlyph: RichAttributeKey {
    typealias Value = ImageGlyphReference
    static let name = "adaptiveImageGlyph"
    // Not inherited: a U+FFFC typed after a Genmoji must not become a copy of it.
    static let inheritedByAddedText = false
    static let runBoundaries: RunBoundary? = .character("\u{FFFC}")
}

enum Ingredient: RichAttributeKey {
    typealias Value = String
    static let name = "ingredient"
    static let inheritedByAddedText = false
    static let invalidationConditions: Set<InvalidationCondition> = [.textChanged]
}

let green = AttributeValue.color(RichColor(hex: "#34c759")!)
let white = AttributeValue.color(RichColor(hex: "#ffffff")!)

struct RecipeFormattingDefinition: FormattingDefinitionProviding {
    var scope: [AttributeKeyDescriptor] { [ForegroundColor.descriptor, AdaptiveImageGlyph.descriptor, Ingredient.descriptor] }
    var body: [any ValueConstraint] {
        Rules("IngredientsAreGreen", for: ForegroundColor.self,
              [Rule(when: .present(Ingredient.self), .set(green))], otherwise: .remove)
    }
}

func show(_ title: String, _ session: EditingSession, _ adjustments: [Adjustment]) {
    print("== \(title)")
    let text = session.document
    for run in text.runs {
        let attributes = run.attributes.entries.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
        print("   \(text[run.range].string.debugDescription) \(attributes)")
    }
    if let caret = session.selection.insertionPoint {
        print("   caret at character \(text.offset(of: caret, in: .characters))")
    } else {
        print("   selection: " + session.selection.ranges.ranges.map { text[$0].string.debugDescription }.joined(separator: ", "))
    }
    for adjustment in adjustments {
        let range = text.range(adjustment.utf8Range.lowerBound, adjustment.utf8Range.upperBound, in: .utf8)
        print("   adjusted: \(adjustment.rule) \(adjustment.key) on \(text[range].string.debugDescription): \(adjustment.oldValue.map { "\($0)" } ?? "nil") -> \(adjustment.newValue.map { "\($0)" } ?? "nil")")
    }
    if adjustments.isEmpty { print("   (no adjustments)") }
}

do {
    let definition = try RecipeFormattingDefinition().definition()
    let engine = FormattingEngine(definition)
    var session = EditingSession(document: RichString("Melt the butter, add milk and more butter."), engine: engine)
    show("1. RecipeFormattingDefinition with IngredientsAreGreen", session, [])

    // 2. Select "butter" and mark every occurrence in one RangeSet mutation: the selection stays put.
    let firstButter = session.document.range(of: "butter")!
    session.select(.ranges(RangeSet(firstButter)))
    let everyButter = session.document.ranges(of: "butter")
    var adjustments = session.perform(.setAttribute(Ingredient.descriptor, to: .string("butter"), in: everyButter))
    show("2. mark every \"butter\" (one mutation); the selection is still the first butter", session, adjustments)

    // 3. Mark "milk" and type "y" right after it.
    let milk = session.document.range(of: "milk")!
    session.select(.ranges(RangeSet(milk)))
    adjustments = session.setAttribute(Ingredient.descriptor, to: .string("milk"))
    show("3a. mark \"milk\"", session, adjustments)
    session.select(.caret(milk.upperBound))
    adjustments = session.type("y")
    show("3b. type \"y\" after it: \"milk\" stays marked, \"y\" is not", session, adjustments)

    // 4. Delete a letter of "milk": the mark leaves the whole word.
    let l = session.document.range(of: "milky")!.lowerBound
    let afterL = session.document.characters.index(l, offsetBy: 3)
    session.select(.caret(afterL))
    adjustments = session.deleteBackward()
    show("4. delete the \"l\": the ingredient and its green leave the word", session, adjustments)

    // 5. Try to colour an ingredient white: the probe says no, and why.
    let butter = session.document.range(of: "butter")!
    let probe = engine.probe(.setAttribute(ForegroundColor.descriptor, to: white, in: RangeSet(butter)), on: session.document)
    print("== 5. probe: colour \"butter\" white?")
    print("   kept: \(probe.isKept)" + probe.reverts.map { "; reverted by \($0.rule) to \($0.newValue.map { "\($0)" } ?? "nil")" }.joined())
    print("   a colour control on this selection is \(engine.canSet(ForegroundColor.descriptor, to: white, on: RangeSet(butter), in: session.document) ? "enabled" : "disabled")")

    // 6. Paste an ingredient: its attribute is kept and the constraint colours it.
    session.select(.caret(session.document.endIndex))
    adjustments = session.paste(RichString(" Sugar", attributes: AttributeSet([
        AttributeEntry(name: Ingredient.name, value: .string("sugar"), behavior: Ingredient.descriptor.behavior),
    ])))
    show("6. paste \" Sugar\" marked as an ingredient: kept, and made green", session, adjustments)

    // 7. Undo.
    session.undo()
    show("7. undo the paste", session, session.lastAdjustments)
} catch {
    print("The definition was rejected: \(error)")
}
