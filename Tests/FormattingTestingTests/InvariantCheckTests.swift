import XCTest
import Formatting
import FormattingTesting
import RichText

/// Each invariant check catches a planted bug, and passes the correct editor.
final class InvariantCheckTests: XCTestCase {
    let budget = PropertyCheckBudget(scripts: 10, steps: 30)

    func testTheCorrectSessionPassesEveryCheck() throws {
        let result = PropertyCheck.run(definition: try Fixtures.recipe(), seed: 7, budget: budget)
        XCTAssertTrue(result.passed, result.description)
        XCTAssertEqual(result.stats.scriptsGenerated, 10)
    }

    func testLintCheckCatchesAnEditorThatBypassesTheEngine() throws {
        let definition = try Fixtures.recipe()
        let result = PropertyCheck.run(definition: definition, seed: 1, budget: budget, checks: [.lintClean]) { _ in
            EngineBypassingEditor(definition: definition)
        }
        guard case let .failed(_, _, failure, script, _, _) = result else { return XCTFail("the bypass was not caught") }
        XCTAssertEqual(failure.check, .lintClean)
        XCTAssertLessThanOrEqual(script.count, 2, ScriptStep.jsonLines(script))
    }

    func testIdempotenceCheckCatchesAToggLingConstraint() throws {
        let result = PropertyCheck.run(definition: try Fixtures.toggling(), seed: 1, budget: budget, checks: [.idempotentNormalization])
        guard case let .failed(_, _, failure, _, _, _) = result else { return XCTFail("the toggle was not caught") }
        guard case .notIdempotent = failure else { return XCTFail("\(failure)") }
    }

    func testSelectionCheckCatchesAnUntrackedSelection() throws {
        let result = PropertyCheck.run(definition: try Fixtures.recipe(), seed: 1, budget: budget, checks: [.selectionTracking]) {
            UntrackedSelectionEditor(inner: SessionEditor(engine: $0))
        }
        guard case let .failed(_, _, failure, script, report, _) = result else { return XCTFail("the stale selection was not caught") }
        guard case .selectionMismatch = failure else { return XCTFail("\(failure)") }
        XCTAssertLessThanOrEqual(script.count, 3, report)
    }

    func testSelectionReferenceFollowsFoundationsRules() {
        let selection = ScalarSelection.range(2, 5)
        XCTAssertEqual(selection.tracked(through: 0..<0, inserted: 3), .range(5, 8), "an insert before shifts it")
        XCTAssertEqual(selection.tracked(through: 2..<2, inserted: 1), .range(3, 6), "an insert at its start pushes it")
        XCTAssertEqual(selection.tracked(through: 5..<5, inserted: 1), .range(2, 5), "an insert at its end leaves it")
        XCTAssertEqual(selection.tracked(through: 3..<7, inserted: 0), .range(2, 3), "an end inside a delete moves to its start")
        XCTAssertEqual(selection.tracked(through: 1..<6, inserted: 0), .caret(1), "a selection whose text goes becomes a caret")
        XCTAssertEqual(ScalarSelection.caret(4).tracked(through: 4..<4, inserted: 2), .caret(6), "typing at the caret moves it")
    }

    func testRopeCheckCatchesCorruptLayouts() {
        var text = RichString("milk and sugar")
        text.setAttribute(Fixtures.flag, to: .bool(true), in: text.range(0, 4, in: .scalars))
        let good = StringLayout(text)
        XCTAssertNil(Invariants.ropeInvariants(good))
        XCTAssertNil(Invariants.ropeInvariants(text))

        var unmerged = good
        let first = unmerged.runs[1]
        unmerged.runs.replaceSubrange(1...1, with: [
            .init(utf8Range: first.utf8Range.lowerBound..<(first.utf8Range.lowerBound + 2), attributes: first.attributes),
            .init(utf8Range: (first.utf8Range.lowerBound + 2)..<first.utf8Range.upperBound, attributes: first.attributes),
        ])
        XCTAssertEqual(Invariants.ropeInvariants(unmerged)?.check, .ropeInvariants)

        var staleCount = good
        staleCount.characterCount += 1
        XCTAssertEqual(Invariants.ropeInvariants(staleCount)?.check, .ropeInvariants)

        var gap = good
        gap.runs[1].utf8Range = (gap.runs[1].utf8Range.lowerBound + 1)..<gap.runs[1].utf8Range.upperBound
        XCTAssertEqual(Invariants.ropeInvariants(gap)?.check, .ropeInvariants)
    }

    func testAdjustmentCheckCatchesADroppedAdjustment() throws {
        let result = PropertyCheck.run(definition: try Fixtures.recipe(), seed: 1, budget: budget, checks: [.adjustmentsMatchChanges]) {
            DroppingAdjustmentsEditor(inner: SessionEditor(engine: $0))
        }
        guard case let .failed(_, _, failure, script, report, _) = result else { return XCTFail("the dropped adjustment was not caught") }
        guard case let .adjustmentMismatch(_, _, detail, _) = failure else { return XCTFail("\(failure)") }
        XCTAssertTrue(detail.contains("no adjustment reported"), detail)
        XCTAssertLessThanOrEqual(script.count, 3, report)
    }

    func testAdjustmentCheckCatchesAnInventedAdjustment() throws {
        let result = PropertyCheck.run(definition: try Fixtures.recipe(), seed: 1, budget: budget, checks: [.adjustmentsMatchChanges]) {
            InventingAdjustmentsEditor(inner: SessionEditor(engine: $0))
        }
        guard case let .failed(_, _, failure, script, _, _) = result else { return XCTFail("the invented adjustment was not caught") }
        guard case let .adjustmentMismatch(key, _, _, _) = failure else { return XCTFail("\(failure)") }
        XCTAssertEqual(key, "ghost")
        XCTAssertEqual(script.count, 1)
    }

    func testAdjustmentCheckExplainsTheRecipeExample() throws {
        // Typing inside an ingredient clears it (textChanged), and the colour follows (IngredientsAreGreen).
        let definition = try Fixtures.recipe()
        let script: [ScriptStep] = [
            .insert(at: 0, text: "a milk shake"),
            .set(from: 2, to: 6, key: "ingredient", value: .string("milk")),
            .insert(at: 4, text: "x"),
        ]
        XCTAssertNil(PropertyCheck.check(script: script, definition: definition).map { "\($0)" })
    }
}
