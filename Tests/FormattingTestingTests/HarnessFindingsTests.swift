import XCTest
import Formatting
import FormattingTesting
import RichText

/// Failures the harness found in the engine (not in the harness), pinned so they replay exactly.
final class HarnessFindingsTests: XCTestCase {
    /// Found by `testRandomDefinitionsKeepEveryInvariant` with FMTCHECK_SCRIPTS=150 FMTCHECK_STEPS=120
    /// (definition 0: scope k1, k2, tag (textChanged), para (paragraph-bound), bullet; constraint clamp-k2).
    /// Seed 118 fails at step 62: `runBoundaries(.paragraph) para [11, 12): -3 -> nil` after deleting a space
    /// before "\n" inside a `tag` stretch. The 13-step script it shrinks to fails inside that run but NOT on a
    /// fresh engine, so the engine's result depends on history (an engine cache is the suspect). A known
    /// engine issue, reported to the Formatting owners; whoever fixes it flips this to `XCTAssertTrue(passed)`.
    func testKnownIssueSeed118OfTheFirstRandomDefinitionIsNotLintClean() {
        var rng = SeededGenerator(seed: 1)
        let definition = DefinitionGenerator.randomDefinition(using: &rng)
        XCTAssertEqual(definition.scope.map(\.name), ["k1", "k2", "tag", "para", "bullet"])
        let result = PropertyCheck.run(definition: definition, seed: 118, budget: PropertyCheckBudget(scripts: 1, steps: 120))
        guard case let .failed(_, step, failure, _, _, _) = result else { return XCTFail("fixed? make this XCTAssertTrue(result.passed)") }
        XCTAssertEqual(step, 62)
        XCTAssertEqual(failure.check, .lintClean)
    }
}
