/// `fmtcheck merge-reports REPORT... [-o FILE] [--format json|sarif]`: the reports of runs over disjoint parts of
/// a corpus (`lint --shard K/N`) merged into the report of one run over all of them (`ReportMerge`).
public struct MergeReportsCommand: Hashable, Sendable {
    /// The reports to merge (`-` for standard input), in any order.
    public var inputs: [String]
    /// `-o`, `--output FILE`: where the merged report goes, written atomically; standard output when nil.
    public var output: String?
    /// `-f`, `--format`: the format the reports must be in (json or sarif); nil takes theirs.
    public var format: ReportFormat?

    /// A merge-reports command.
    public init(inputs: [String] = [], output: String? = nil, format: ReportFormat? = nil) {
        self.inputs = inputs
        self.output = output
        self.format = format
    }
}
