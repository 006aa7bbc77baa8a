import XCTest
import FormatCheck
import FormattingTesting

/// Every shipped definition file runs under the harness: a few seconds each in CI, long with FMTCHECK_LONG=1.
final class ShippedDefinitionPropertyTests: XCTestCase {
    func testEveryShippedDefinitionKeepsEveryInvariantUnderGeneratedEditing() throws {
        let definitions = try ShippedDefinitions.all()
        XCTAssertFalse(definitions.isEmpty)
        let budget = PropertyCheckBudget.fromEnvironment(PropertyCheckBudget(scripts: 25, steps: 60))
        var total = PropertyCheckStats()
        for (name, loaded) in definitions {
            let started = Date()
            let result = PropertyCheck.run(definition: loaded.definition, seed: 1, budget: budget, values: ShippedDefinitions.values(for: loaded))
            let stats = result.stats
            print("property check \(name): \(stats) in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
            total.scriptsGenerated += stats.scriptsGenerated
            total.stepsChecked += stats.stepsChecked
            total.adjustmentsReported += stats.adjustmentsReported
            XCTAssertTrue(result.passed, "\(name):\n\(result)")
        }
        print("property check, all shipped definitions: \(total)")
    }
}
