import StreamingJSON

/// Why `ReportMerge` cannot merge its inputs: a report that cannot be read (at its line and column), or reports
/// that do not belong together. Exit code 2 either way; nothing is written.
public enum ReportMergeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A report that is not JSON, or not a report `merge-reports` knows: where, and what is wrong.
    case invalidReport(file: String, location: JSONLocation?, message: String)
    /// Reports of two formats (a json report and a SARIF log): there is no one report they merge into.
    case mixedFormats(first: String, firstFormat: ReportFormat, other: String, otherFormat: ReportFormat)
    /// `--format` names one format and a report is in another (`merge-reports` does not convert).
    case formatMismatch(file: String, format: ReportFormat, requested: ReportFormat)
    /// Reports written by different tools or fmtcheck versions, whose findings and rules may not mean the same.
    case differentTools(first: String, firstTool: String, other: String, otherTool: String)
    /// A document reported by two inputs: they are not reports of disjoint parts, so counts would be doubled.
    case overlap(document: String, first: String, other: String)
    /// `--format` names a format that is not merged.
    case unsupportedFormat(ReportFormat)
    /// Nothing to merge.
    case noInputs

    /// What is wrong, in one sentence.
    public var message: String {
        switch self {
        case .invalidReport(_, _, let message):
            return message
        case .mixedFormats(let first, let firstFormat, let other, let otherFormat):
            return "\(first) is a \(firstFormat.rawValue) report and \(other) a \(otherFormat.rawValue) report; merge-reports merges reports of one format"
        case .formatMismatch(let file, let format, let requested):
            return "\(file) is a \(format.rawValue) report, not \(requested.rawValue); merge-reports does not convert between formats"
        case .differentTools(let first, let firstTool, let other, let otherTool):
            return "\(first) was written by \(firstTool) and \(other) by \(otherTool); merge reports of one fmtcheck version"
        case .overlap(let document, let first, let other):
            return "\(document) is reported by both \(first) and \(other); merge-reports merges the reports of disjoint parts (the shards of one run)"
        case .unsupportedFormat(let format):
            return "merge-reports merges json and sarif reports, not \(format.rawValue)"
        case .noInputs:
            return "there are no reports to merge"
        }
    }

    /// How to fix it.
    public var hint: String? {
        switch self {
        case .invalidReport: return nil
        case .mixedFormats, .formatMismatch: return "lint every part with the same --format (json or sarif)"
        case .differentTools: return "lint every part with the same fmtcheck build"
        case .overlap: return "split the documents with --shard K/N, or pass each document to one part only"
        case .unsupportedFormat: return "write '--format json' or '--format sarif'"
        case .noInputs: return "write 'fmtcheck merge-reports shard-1.sarif shard-2.sarif -o merged.sarif'"
        }
    }

    /// Whether the reports are fine one by one and the command line put together what does not merge (a usage
    /// error), as opposed to a report that cannot be read.
    public var isUsageError: Bool {
        if case .invalidReport = self { return false }
        return true
    }

    /// `FILE:LINE:COLUMN: error: message` for a report that cannot be read; `fmtcheck: error: message` and the
    /// hint otherwise. Escaped for a terminal.
    public var description: String {
        guard case .invalidReport(let file, let location, let message) = self else {
            return TerminalText.escaped("fmtcheck: error: \(self.message)") + (hint.map { "\n  hint: " + TerminalText.escaped($0) } ?? "")
        }
        let place = location.map { "\(file):\($0.line):\($0.column)" } ?? file
        return TerminalText.escaped("\(place): error: \(message)")
    }
}
