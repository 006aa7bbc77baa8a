import EditorBridge
import Foundation
import Formatting
import FormattingTesting
import RichText
import XCTest

/// Several widget events as one undo step (`beginUndoGroup`/`endUndoGroup`, as `NSUndoManager` grouping and GTK's
/// user actions), and command states worked out alone.
final class BridgeUndoGroupingTests: XCTestCase {
    func testAMoveByDragIsOneUndoStep() throws {
        var driven = try DrivenWidget("Melt the butter, add milk and stir.", unit: .utf16)
        let milk = driven.range(of: " milk")
        try driven.send(.beginUndoGroup)
        try driven.send(.delete(milk))
        try driven.send(.insert(" milk", at: 8))
        let end = try driven.send(.endUndoGroup)
        XCTAssertEqual(driven.widget.text, "Melt the milk butter, add and stir.")
        XCTAssertTrue(end.textChanges.isEmpty && end.attributeChanges.isEmpty, "closing a group changes no text")
        XCTAssertTrue(end.canUndo)
        let undo = try driven.send(.undo)
        XCTAssertEqual(driven.widget.text, "Melt the butter, add milk and stir.")
        XCTAssertFalse(undo.canUndo, "the move was the only step")
        try driven.send(.redo)
        XCTAssertEqual(driven.widget.text, "Melt the milk butter, add and stir.")
    }

    func testTypingWrappedInAGroupPerKeystrokeStillGathersIntoOneStep() throws {
        // GTK wraps each typed character in its own user action.
        var driven = try DrivenWidget("Salt", unit: .utf16)
        try driven.send(.select(4..<4))
        for (i, letter) in " and pepper".enumerated() {
            try driven.send(.beginUndoGroup)
            try driven.send(.insert(String(letter), at: 4 + i))
            try driven.send(.endUndoGroup)
        }
        let undo = try driven.send(.undo)
        XCTAssertEqual(driven.widget.text, "Salt")
        XCTAssertFalse(undo.canUndo)
    }

    func testNestedGroupsMakeOneStepAtTheOutermostEnd() throws {
        var driven = try DrivenWidget("one two three", unit: .scalars)
        try driven.send(.beginUndoGroup)
        try driven.send(.replace(0..<3, with: "1"))
        try driven.send(.beginUndoGroup)
        try driven.send(.replace(2..<5, with: "2"))
        let inner = try driven.send(.endUndoGroup)
        XCTAssertTrue(inner.canUndo)
        try driven.send(.replace(4..<9, with: "3"))
        try driven.send(.endUndoGroup)
        XCTAssertEqual(driven.widget.text, "1 2 3")
        let undo = try driven.send(.undo)
        XCTAssertEqual(driven.widget.text, "one two three")
        XCTAssertFalse(undo.canUndo)
    }

    func testUndoInsideAGroupClosesItFirst() throws {
        var driven = try DrivenWidget("a b", unit: .utf8)
        try driven.send(.beginUndoGroup)
        try driven.send(.replace(0..<1, with: "x"))
        try driven.send(.replace(2..<3, with: "y"))
        try driven.send(.undo)
        XCTAssertEqual(driven.widget.text, "a b", "both edits of the open group undone at once")
        try driven.send(.replace(0..<1, with: "z"))
        try driven.send(.undo)
        XCTAssertEqual(driven.widget.text, "a b", "no group is left open after the undo")
    }

    func testAGroupThatStartsByContinuingAWordKeepsThatKeystrokeInTheWord() throws {
        var driven = try DrivenWidget("", unit: .utf16)
        for (i, letter) in "ab".enumerated() { try driven.send(.insert(String(letter), at: i)) }
        try driven.send(.beginUndoGroup)
        try driven.send(.insert("c", at: 2))        // joins the typing step "ab"
        try driven.send(.replace(0..<1, with: "A"))
        try driven.send(.endUndoGroup)
        XCTAssertEqual(driven.widget.text, "Abc")
        try driven.send(.undo)
        XCTAssertEqual(driven.widget.text, "abc", "the group's own step is the replacement")
        try driven.send(.undo)
        XCTAssertEqual(driven.widget.text, "")
    }

    func testAGroupWhoseEditsTheEngineRevertedRecordsNothing() throws {
        var driven = try DrivenWidget(BridgeFixtures.recipe(), unit: .utf16)
        try driven.send(.select(driven.range(of: "milk")))
        try driven.send(.beginUndoGroup)
        try driven.send(.command("Red"))            // an ingredient stays green: the engine reverts it
        try driven.send(.command("Red"))
        let end = try driven.send(.endUndoGroup)
        XCTAssertFalse(end.canUndo)
    }

    /// Random groups of random edits: after the group, one undo gives back the document as it was when the group
    /// began and one redo the document it left; the widget equals the document throughout. Each group starts by
    /// typing over a selection, which never joins a typing step before it.
    func testRandomGroupsUndoAndRedoAsOneStep() throws {
        let seeds: [UInt64] = ProcessInfo.processInfo.environment["FMTCHECK_SEED"].flatMap(UInt64.init).map { [$0] }
            ?? (0..<16).map { 0x6A0B_0000 + $0 }
        for seed in seeds {
            var random = SeededGenerator(seed: seed)
            let unit = TextUnit.allCases[Int(seed % 4)]
            var driven = try DrivenWidget(BridgeFixtures.recipe(), unit: unit)
            var log: [String] = []
            func send(_ event: WidgetEvent) throws {
                log.append("\(event)")
                try driven.send(event)
            }
            for _ in 0..<6 {
                let before = driven.bridge.session.document
                let count = driven.widget.count
                guard count > 1 else { break }
                // Whole scalars, so the first edit's range is the one the widget sees.
                let start = driven.widget.widgetOffset(ofScalar: Int.random(in: 0..<(driven.widget.scalars.count - 1), using: &random))
                let end = driven.widget.widgetOffset(ofScalar: driven.widget.scalars.count)
                try send(.beginUndoGroup)
                try send(.replace(start..<min(end, start + 1), with: BridgePropertyTests.pieces.randomElement(using: &random)!))
                for _ in 0..<Int.random(in: 0..<5, using: &random) {
                    let n = driven.widget.count
                    let caret = driven.widget.selectedRanges.first ?? n..<n
                    switch Int.random(in: 0..<4, using: &random) {
                    case 0: try send(.replace(caret, with: BridgePropertyTests.pieces.randomElement(using: &random)!))
                    case 1: try send(.select(0..<driven.widget.widgetOffset(ofScalar: min(3, driven.widget.scalars.count))))
                    case 2: try send(.command(BridgeFixtures.commands.randomElement(using: &random)!.name))
                    default: try send(.insert("milk", at: 0))
                    }
                }
                try send(.endUndoGroup)
                let after = driven.bridge.session.document
                try send(.undo)
                XCTAssertEqual(driven.bridge.session.document, before, "seed \(seed) (FMTCHECK_SEED=\(seed)), \(unit): one undo after the group\n\(log.joined(separator: "\n"))")
                try send(.redo)
                XCTAssertEqual(driven.bridge.session.document, after, "seed \(seed), \(unit): one redo after the group\n\(log.joined(separator: "\n"))")
            }
        }
    }

    func testUndoOfAGroupOfTwoFarApartMarksRetagsTheTwoWordsOnly() throws {
        var driven = try DrivenWidget(BridgeFixtures.recipe(), unit: .utf16)
        let melt = driven.range(of: "Melt"), stir = driven.range(of: "stir")
        try driven.send(.beginUndoGroup)
        try driven.send(.select(melt))
        try driven.send(.command("Ingredient"))
        try driven.send(.select(stir))
        try driven.send(.command("Ingredient"))
        try driven.send(.endUndoGroup)
        let undo = try driven.send(.undo)
        XCTAssertTrue(undo.textChanges.isEmpty)
        XCTAssertEqual(undo.attributeChanges.map(\.range), [melt, stir], "not the text between them")
        let redo = try driven.send(.redo)
        XCTAssertEqual(redo.attributeChanges.map(\.range), [melt, stir])
    }

    // MARK: Command states alone

    func testACommandsStateAloneEqualsItsStateInTheUpdate() throws {
        var driven = try DrivenWidget(BridgeFixtures.recipe(), unit: .utf16)
        for range in [3..<3, driven.range(of: "milk"), driven.range(of: "butter"), 22..<22] {
            let update = try driven.send(.select(range))
            for command in BridgeFixtures.commands {
                XCTAssertEqual(driven.bridge.state(ofCommand: command.name), driven.state(command.name, in: update), "\(command.name) at \(range)")
            }
        }
        XCTAssertNil(driven.bridge.state(ofCommand: "Bold"))
    }

    /// At random carets, a command's enabled state is what typing a character with the attributes it would set
    /// really gives: the attributes stay on the typed text after the engine applied the definition.
    func testCaretCommandStatesMatchTypingWithTheirAttributes() throws {
        var random = SeededGenerator(seed: 0xCA2E7)
        var driven = try DrivenWidget(BridgeFixtures.recipe(), unit: .utf16)
        let engine = driven.bridge.session.engine
        for _ in 0..<40 {
            let caret = Int.random(in: 0...driven.widget.count, using: &random)
            try driven.send(.select(caret..<caret))
            let document = driven.bridge.session.document
            let index = document.index(atOffset: caret, in: .utf16)
            let typing = driven.bridge.session.typingAttributes
            for command in BridgeFixtures.commands {
                let state = driven.bridge.state(ofCommand: command.name)!
                guard case let .constant(value) = command.value else {
                    XCTAssertFalse(state.isEnabled, "\(command.name) names the selected text: nothing at a caret")
                    continue
                }
                var typed = document
                let attributes = typing.setting(command.key.name, to: value, behavior: command.key.behavior)
                engine.apply(.replaceAttributed(index..<index, with: RichString("x", attributes: attributes)), to: &typed)
                let kept = typed[typed.range(caret, caret + 1, in: .utf16)].runs.allSatisfy { $0.attributes[command.key.name] == value }
                XCTAssertEqual(state.isEnabled, kept, "\(command.name) at \(caret)")
            }
        }
    }
}
