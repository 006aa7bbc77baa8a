import XCTest
import Formatting
import FormattingTesting
import RichText

/// Failures the harness found in the engine (not in the harness), pinned so they replay exactly.
final class HarnessFindingsTests: XCTestCase {
    /// Found by `testRandomDefinitionsKeepEveryInvariant` with FMTCHECK_SCRIPTS=150 FMTCHECK_STEPS=120
    /// (definition 0: scope k1, k2, tag (textChanged), para (paragraph-bound), bullet; constraint clamp-k2).
    /// Seed 118 failed at step 62: `runBoundaries(.paragraph) para [11, 12): -3 -> nil`. The string decided
    /// whether a paragraph could have become mixed by looking only at the runs at the edges of the edited
    /// region; a paragraph-bound key in the middle of a long invalidated stretch went unseen. It now looks at
    /// every run of the region.
    func testSeed118OfTheFirstRandomDefinitionStaysLintClean() {
        var rng = SeededGenerator(seed: 1)
        let definition = DefinitionGenerator.randomDefinition(using: &rng)
        XCTAssertEqual(definition.scope.map(\.name), ["k1", "k2", "tag", "para", "bullet"])
        let result = PropertyCheck.run(definition: definition, seed: 118, budget: PropertyCheckBudget(scripts: 1, steps: 120))
        XCTAssertTrue(result.passed, result.description)
    }

    /// Found when generation began to aim at run edges: typing over two ranges of one `textChanged` stretch
    /// (recipe's `ingredient`). The session removes the second range first, which invalidates the stretch, so the
    /// text typed over the first inherits nothing; the adjustment check's baseline inherited from the document as
    /// it was before the removal and called the missing colour unreported. The baseline now reads what each step
    /// of a command inherits from the document the engine left after the steps before it.
    func testTypingOverTwoRangesOfAStretchIsExplainedByItsAdjustments() throws {
        let script = try ScriptStep.parse(jsonLines: """
            {"op":"insertAttributed","at":0,"document":["aat",{"ingredient":""}]}
            {"op":"select","ranges":[[0,1],[2,3]]}
            {"op":"type","text":"a"}
            """)
        XCTAssertNil(PropertyCheck.check(script: script, definition: try Fixtures.recipe()))
    }
}
