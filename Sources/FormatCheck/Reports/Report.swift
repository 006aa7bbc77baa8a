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
}
