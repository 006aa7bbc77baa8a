import FormattingTesting
import Testing

extension PropertyCheckResult {
    /// Records a failed property check as one Swift Testing issue, at the caller, with the report once; does
    /// nothing when every invariant held. `#expect(result.passed, "\(result)")` prints the report twice (once
    /// for the comment, once for the value of `result` the expansion shows); this prints it once.
    ///
    /// ```swift
    /// import FormattingSwiftTesting
    ///
    /// @Test func headingsKeepEveryInvariant() throws {
    ///     PropertyCheck.run(definition: try headingDefinition(), seed: 1).expectPassed()
    /// }
    /// ```
    public func expectPassed(sourceLocation: SourceLocation = #_sourceLocation) {
        guard !passed else { return }
        Issue.record(Comment(rawValue: description), sourceLocation: sourceLocation)
    }
}
