import Synchronization
import Testing
import Formatting
import FormattingSwiftTesting
import FormattingTesting

/// The README's Swift Testing example.
@Suite struct HeadingProperties {
    @Test func headingsKeepEveryInvariant() throws {
        // One issue with the report once, when it fails (`#expect(result.passed, "\(result)")` prints it twice).
        PropertyCheck.run(definition: try headingDefinition(headingsAreLarge), seed: 1).expectPassed()
    }

    @Test(arguments: [1, 1000, 2000] as [UInt64])
    func headingsKeepEveryInvariantFromSeed(_ seed: UInt64) throws {
        PropertyCheck.run(definition: try headingDefinition(headingsAreLarge), seed: seed,
                          budget: PropertyCheckBudget(scripts: 5, steps: 40)).expectPassed()
    }

    @Test func aFailedCheckIsRecordedOnceWithItsReport() throws {
        let result = PropertyCheck.run(definition: try headingDefinition(headingsGrow), seed: 1, failuresFolder: nil)
        let recorded = Mutex<[String]>([])
        withKnownIssue {
            result.expectPassed()
        } matching: { issue in
            recorded.withLock { $0.append(issue.comments.map(\.rawValue).joined()) }
            return true
        }
        let comments = recorded.withLock { $0 }
        #expect(comments.count == 1)
        #expect(comments.first == result.description)
    }
}
