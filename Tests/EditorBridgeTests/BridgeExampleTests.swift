import EditorBridge
import Formatting
import RichText
import XCTest

final class BridgeExampleTests: XCTestCase {
    // MARK: The WWDC25 story

    func testTypingInsideARunRetagsOnlyTheTypedText() throws {
        var driven = try DrivenWidget(BridgeFixtures.recipe(), unit: .utf16)
        let at = driven.range(of: "butter").lowerBound + 2
        try driven.send(.select(at..<at))
        let update = try driven.send(.insert("x", at: at))
        XCTAssertEqual(update.textChanges, [.init(range: at..<at, text: "x")])
        XCTAssertEqual(update.attributeChanges.map(\.range), [at..<(at + 1)])
        XCTAssertEqual(update.selectedRanges, [(at + 1)..<(at + 1)])
        XCTAssertTrue(update.canUndo)
    }

    func testYTypedAfterMilkIsNotGreen() throws {
        var driven = try DrivenWidget(BridgeFixtures.recipe(), unit: .utf16)
        let end = driven.range(of: "milk").upperBound
        try driven.send(.select(end..<end))
        let update = try driven.send(.insert("y", at: end))
        XCTAssertEqual(update.attributeChanges.count, 1)
        XCTAssertNil(update.attributeChanges[0].attributes["foregroundColor"])
        XCTAssertNil(update.attributeChanges[0].attributes["ingredient"])
        XCTAssertEqual(driven.bridge.session.document[driven.bridge.session.document.range(of: "milk")!].runs.count, 1)
    }

    func testDeletingALetterOfAnIngredientRemovesItAndItsGreen() throws {
        var driven = try DrivenWidget(BridgeFixtures.recipe(), unit: .utf16)
        let milk = driven.range(of: "milk")
        let update = try driven.send(.delete((milk.lowerBound + 1)..<(milk.lowerBound + 2)))
        XCTAssertEqual(update.textChanges, [.init(range: (milk.lowerBound + 1)..<(milk.lowerBound + 2), text: "")])
        XCTAssertEqual(update.attributeChanges.map(\.range), [milk.lowerBound..<(milk.lowerBound + 3)])
        XCTAssertEqual(update.attributeChanges[0].attributes, .empty)
        XCTAssertEqual(Set(update.adjustments.map(\.key)), ["ingredient", "foregroundColor"])
        XCTAssertTrue(update.adjustments.allSatisfy { $0.range == milk.lowerBound..<(milk.lowerBound + 3) })
    }

    func testIngredientMarksTheSelectionGreenAndTogglesOff() throws {
        var driven = try DrivenWidget(BridgeFixtures.recipe(), unit: .scalars)
        let butter = driven.range(of: "butter")
        var update = try driven.send(.select(butter))
        XCTAssertEqual(driven.state("Ingredient", in: update), CommandState(name: "Ingredient", isEnabled: true, isOn: false))
        update = try driven.send(.command("Ingredient"))
        XCTAssertEqual(update.attributeChanges.map(\.range), [butter])
        XCTAssertEqual(update.attributeChanges[0].attributes["ingredient"], .string("butter"))
        XCTAssertEqual(update.attributeChanges[0].attributes["foregroundColor"], BridgeFixtures.green)
        XCTAssertEqual(update.adjustments.map(\.rule), ["IngredientsAreGreen"])
        XCTAssertTrue(driven.state("Ingredient", in: update).isOn)
        update = try driven.send(.command("Ingredient"))
        XCTAssertEqual(update.attributeChanges[0].attributes, .empty)
    }

    func testColourIsDisabledOnAnIngredientAndGreenIsNot() throws {
        var driven = try DrivenWidget(BridgeFixtures.recipe(), unit: .utf16)
        let update = try driven.send(.select(driven.range(of: "milk")))
        XCTAssertFalse(driven.state("Red", in: update).isEnabled)
        XCTAssertTrue(driven.state("Green", in: update).isEnabled)
        XCTAssertTrue(driven.state("Green", in: update).isOn)
        XCTAssertTrue(driven.state("Ingredient", in: update).isEnabled)
    }

    func testAtACaretIngredientHasNothingToMarkAndColourWouldNotBeKept() throws {
        var driven = try DrivenWidget(BridgeFixtures.recipe(), unit: .utf16)
        let update = try driven.send(.select(3..<3))
        XCTAssertEqual(driven.state("Ingredient", in: update), CommandState(name: "Ingredient", isEnabled: false, isOn: false))
        XCTAssertFalse(driven.state("Red", in: update).isEnabled)
    }

    func testCommandsUnderADefinitionThatKeepsThemAreEnabled() throws {
        var driven = try DrivenWidget("plain words", unit: .utf16, definition: "swiftui-texteditor")
        var update = try driven.send(.select(0..<5))
        XCTAssertTrue(driven.state("Red", in: update).isEnabled)
        update = try driven.send(.command("Red"))
        XCTAssertEqual(update.attributeChanges.map(\.range), [0..<5])
        XCTAssertEqual(update.attributeChanges[0].attributes["foregroundColor"], BridgeFixtures.red)
        XCTAssertTrue(update.adjustments.isEmpty)
    }

    // MARK: Units

    func testUTF16RangeInsideASurrogatePairWidensToTheWholeScalar() throws {
        var driven = try DrivenWidget("a😀b", unit: .utf16)
        var update = try driven.send(.delete(2..<3))
        XCTAssertEqual(update.textChanges, [.init(range: 1..<3, text: "")])
        XCTAssertEqual(driven.widget.text, "ab")
        try driven.send(.select(2..<2))
        try driven.send(.insert("😀", at: 1))
        update = try driven.send(.insert("x", at: 2))
        XCTAssertEqual(update.textChanges, [.init(range: 1..<1, text: "x")], "an insertion inside a pair goes before it")
        XCTAssertEqual(driven.widget.text, "ax😀b")
    }

    func testUTF8RangeInsideAScalarWidensToTheWholeScalar() throws {
        var driven = try DrivenWidget("aéb", unit: .utf8)
        let update = try driven.send(.delete(2..<3))
        XCTAssertEqual(update.textChanges, [.init(range: 1..<3, text: "")])
        XCTAssertEqual(driven.widget.text, "ab")
        try driven.send(.insert("€", at: 1))
        XCTAssertEqual(try driven.send(.select(4..<4)).selectedRanges, [4..<4])
    }

    func testCharactersCountGraphemeClusters() throws {
        var driven = try DrivenWidget("cafe 👩‍👩‍👧", unit: .characters)
        XCTAssertEqual(driven.widget.count, 6)
        let update = try driven.send(.insert("\u{301}", at: 4))
        XCTAssertEqual(update.textChanges, [.init(range: 4..<4, text: "\u{301}")])
        XCTAssertEqual(update.selectedRanges, [4..<4], "the mark joined the e: still four characters before the caret")
        XCTAssertEqual(driven.widget.count, 6)
        try driven.send(.delete(3..<4))
        XCTAssertEqual(driven.widget.text, "caf 👩‍👩‍👧")
        try driven.send(.delete(4..<5))
        XCTAssertEqual(driven.widget.text, "caf ")
    }

    func testScalarsDeleteACombiningMarkAlone() throws {
        var driven = try DrivenWidget("ne\u{301}e", unit: .scalars)
        let update = try driven.send(.delete(2..<3))
        XCTAssertEqual(update.textChanges, [.init(range: 2..<3, text: "")])
        XCTAssertEqual(driven.widget.text, "nee")
    }

    func testCombiningMarksAtTheEdgesOfAnIngredient() throws {
        var driven = try DrivenWidget(BridgeFixtures.recipe(), unit: .utf16)
        let milk = driven.range(of: "milk")
        // A mark typed just before the ingredient joins the space before it; one typed just after joins its "k".
        try driven.send(.select(milk.lowerBound..<milk.lowerBound))
        var update = try driven.send(.insert("\u{301}", at: milk.lowerBound))
        XCTAssertEqual(driven.bridge.session.document[driven.bridge.session.document.range(of: "milk")!].runs.first?.attributes["ingredient"], .string("milk"))
        let end = milk.upperBound + 1
        try driven.send(.select(end..<end))
        update = try driven.send(.insert("\u{301}", at: end))
        XCTAssertEqual(update.textChanges, [.init(range: end..<end, text: "\u{301}")])
        // A pair typed into the ingredient and deleted by its trailing half.
        let inside = milk.lowerBound + 3
        try driven.send(.insert("😀", at: inside))
        try driven.send(.delete((inside + 1)..<(inside + 2)))
        XCTAssertFalse(driven.widget.text.contains("😀"))
    }

    // MARK: Input methods

    func testPreeditStaysInTheWidgetAndTheCommitIsOneEdit() throws {
        var driven = try DrivenWidget("cafe", unit: .scalars)
        try driven.send(.select(3..<4))
        let document = driven.bridge.session.document
        var update = try driven.send(.setMarkedText("\u{B4}"))
        XCTAssertEqual(update.markedText, "\u{B4}")
        XCTAssertFalse(update.changesDocument)
        XCTAssertFalse(update.canUndo)
        update = try driven.send(.setMarkedText("\u{B4}e"))
        XCTAssertEqual(driven.bridge.session.document, document)
        update = try driven.send(.commitMarkedText("é"))
        XCTAssertEqual(update.textChanges, [.init(range: 3..<4, text: "é")])
        XCTAssertEqual(update.markedText, "")
        XCTAssertEqual(driven.widget.text, "café")
        try driven.send(.undo)
        XCTAssertEqual(driven.widget.text, "cafe")
        XCTAssertFalse(driven.bridge.session.canUndo)
    }

    // MARK: Undo, redo, paste

    func testConsecutiveTypingUndoesInOneStepAndRedoes() throws {
        var driven = try DrivenWidget(BridgeFixtures.recipe(), unit: .utf16)
        let end = driven.widget.count
        try driven.send(.select(end..<end))
        for (i, letter) in " Salt".enumerated() {
            try driven.send(.insert(String(letter), at: end + i))
            try driven.send(.select((end + i + 1)..<(end + i + 1)))
        }
        var update = try driven.send(.undo)
        XCTAssertEqual(update.textChanges, [.init(range: end..<(end + 5), text: "")])
        XCTAssertEqual(driven.widget.text, "Melt the butter, add milk and stir.")
        XCTAssertTrue(update.canRedo)
        update = try driven.send(.redo)
        XCTAssertEqual(driven.widget.text, "Melt the butter, add milk and stir. Salt")
        XCTAssertFalse(update.canRedo)
    }

    func testBackspacesGatherIntoOneUndoStep() throws {
        var driven = try DrivenWidget("one two", unit: .utf16)
        for end in stride(from: 7, to: 4, by: -1) { try driven.send(.delete((end - 1)..<end)) }
        XCTAssertEqual(driven.widget.text, "one ")
        try driven.send(.undo)
        XCTAssertEqual(driven.widget.text, "one two")
    }

    func testRedoOfGatheredBackspacesPlacesTheStepsAdjustmentsInTheText() throws {
        var text = RichString("add milk")
        _ = text[text.range(of: "milk")!].setAttribute(BridgeFixtures.ingredientKey, to: .string("milk"))
        var driven = try DrivenWidget(text, unit: .utf16)
        // The first backspace invalidates "mil" (an adjustment over [4, 7)); the next two leave "a" + "dd " + "m".
        for end in [8, 7, 6] { try driven.send(.delete((end - 1)..<end)) }
        try driven.send(.undo)
        let update = try driven.send(.redo)
        XCTAssertEqual(driven.widget.text, "add m")
        XCTAssertTrue(update.adjustments.allSatisfy { $0.range.upperBound <= 5 }, "\(update.adjustments)")
    }

    func testUndoOfAnAttributeStepRetagsOnlyWhatChanged() throws {
        var driven = try DrivenWidget(BridgeFixtures.recipe(), unit: .utf16)
        let butter = driven.range(of: "butter")
        try driven.send(.select(butter))
        try driven.send(.command("Ingredient"))
        let update = try driven.send(.undo)
        XCTAssertTrue(update.textChanges.isEmpty)
        XCTAssertEqual(update.attributeChanges.map(\.range), [butter])
    }

    func testPasteKeepsItsAttributesThenTheDefinitionApplies() throws {
        var driven = try DrivenWidget("Add  now.", unit: .utf16)
        var piece = RichString("cream")
        _ = piece[piece.startIndex..<piece.endIndex].setAttribute(BridgeFixtures.ingredientKey, to: .string("cream"))
        _ = piece[piece.startIndex..<piece.endIndex].setAttribute(BridgeFixtures.colorKey, to: BridgeFixtures.red)
        let update = try driven.send(.paste(piece, over: 4..<4))
        XCTAssertEqual(update.textChanges, [.init(range: 4..<4, text: "cream")])
        XCTAssertEqual(update.attributeChanges.map(\.range), [4..<9])
        XCTAssertEqual(update.attributeChanges[0].attributes["foregroundColor"], BridgeFixtures.green)
        XCTAssertEqual(update.adjustments.map(\.rule), ["IngredientsAreGreen"])
        XCTAssertEqual(update.adjustments[0].oldValue, BridgeFixtures.red)
        XCTAssertEqual(update.selectedRanges, [9..<9])
    }

    // MARK: Bad events

    func testARangeOutsideTheTextThrowsAndChangesNothing() throws {
        var driven = try DrivenWidget("abc", unit: .utf16)
        XCTAssertThrowsError(try driven.bridge.handle(.delete(2..<9))) { error in
            XCTAssertEqual(error as? EditorBridgeError, .outOfBounds(2..<9, count: 3, unit: .utf16))
        }
        XCTAssertThrowsError(try driven.bridge.handle(.command("Bold")))
        XCTAssertEqual(driven.bridge.session.document.string, "abc")
    }
}
