import Testing
import Formatting
import FormattingTesting

/// The README's Swift Testing example.
@Suite struct HeadingProperties {
    @Test func headingsKeepEveryInvariant() throws {
        let result = PropertyCheck.run(definition: try headingDefinition(headingsAreLarge), seed: 1)
        #expect(result.passed, "\(result)")
    }

    @Test(arguments: [1, 1000, 2000] as [UInt64])
    func headingsKeepEveryInvariantFromSeed(_ seed: UInt64) throws {
        let result = PropertyCheck.run(definition: try headingDefinition(headingsAreLarge), seed: seed,
                                       budget: PropertyCheckBudget(scripts: 5, steps: 40))
        #expect(result.passed, "\(result)")
    }
}
