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
}
