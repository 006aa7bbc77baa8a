/// Renders a lint run in one report format.
public enum Report {
    /// The run as `format` writes it.
    public static func render(_ result: LintRunResult, as format: ReportFormat) -> String {
        switch format {
        case .default: return DefaultReport.render(result)
        case .json: return JSONReport.render(result)
        case .sarif: return SARIFReport.render(result)
        case .github: return GitHubReport.render(result)
        case .html: return HTMLReport.render(result)
        case .jsonl: return JSONLinesReport.render(result)
        case .junit: return JUnitReport.render(result)
        case .checkstyle: return CheckstyleReport.render(result)
        case .gitlab: return GitLabReport.render(result)
        }
    }

    /// Writes the run as `format` writes it to `sink`: the JSON, SARIF and HTML reports a piece at a time (the
    /// same bytes as `render`, never held whole), the others in one piece. `sections` are the HTML report's
    /// sections rendered while the run linted (`HTMLReport.Sections`).
    public static func write<Failure: Error>(_ result: LintRunResult, as format: ReportFormat, sections: HTMLReport.Sections? = nil,
                                             to sink: ([UInt8]) throws(Failure) -> Void) throws(Failure) {
        switch format {
        case .json: try JSONReport.write(result, to: sink)
        case .sarif: try SARIFReport.write(result, to: sink)
        case .html: try HTMLReport.write(result, sections: sections, to: sink)
        default: try sink(Array(render(result, as: format).utf8))
        }
    }
}
