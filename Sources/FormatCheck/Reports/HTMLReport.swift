/// `--format html`: one standalone page (no scripts, no outside resources). Each document's text is shown with
/// the stretches its findings cover in `<mark>` (the rule ids in `data-rules`, the messages in `title`),
/// followed by the numbered findings. Documents that could not be read show why. All text is escaped.
public enum HTMLReport {
    /// The page.
    public static func render(_ result: LintRunResult) -> String {
        let total = result.errorCount + result.warningCount
        var html = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>fmtcheck report</title>
        <style>
        body { font-family: system-ui, sans-serif; margin: 2em; color: #1d1d1f; }
        .document { white-space: pre-wrap; font-family: ui-monospace, monospace; background: #f5f5f7; padding: 1em; border-radius: 6px; }
        mark.error { background: #ffd6d6; outline: 1px solid #ff3b30; }
        mark.warning { background: #fff3c4; outline: 1px solid #ff9f0a; }
        .rule { font-family: ui-monospace, monospace; font-weight: 600; }
        .failure { color: #c00; }
        </style>
        </head>
        <body>
        <h1>fmtcheck report</h1>

        """
        html += "<p class=\"summary\">\(total) problem\(total == 1 ? "" : "s") (\(result.errorCount) error\(result.errorCount == 1 ? "" : "s"), \(result.warningCount) warning\(result.warningCount == 1 ? "" : "s")) in \(result.files.count) file\(result.files.count == 1 ? "" : "s").</p>\n"
        for (fileIndex, file) in result.files.enumerated() {
            html += "<section class=\"file\" id=\"file-\(fileIndex)\">\n<h2>\(HTMLText.escape(file.path))</h2>\n"
            if let definition = file.definitionName {
                html += "<p>Definition: <code>\(HTMLText.escape(definition))</code></p>\n"
            }
            if let failure = file.failure {
                html += "<p class=\"failure\">Not linted: \(HTMLText.escape(failure.message))</p>\n</section>\n"
                continue
            }
            if let document = file.document {
                html += "<div class=\"document\">" + highlighted(document.string, file.violations, fileIndex: fileIndex) + "</div>\n"
            }
            if file.violations.isEmpty {
                html += "<p class=\"clean\">No problems.</p>\n"
            } else {
                html += "<ol class=\"violations\">\n"
                for (index, v) in file.violations.enumerated() {
                    html += "<li id=\"f\(fileIndex)-v\(index)\" class=\"\(v.severity)\">\(v.position.line):\(v.position.column) \(v.severity) <span class=\"rule\">\(HTMLText.escape(v.rule))</span>: \(HTMLText.escape(v.message))</li>\n"
                }
                html += "</ol>\n"
            }
            html += "</section>\n"
        }
        html += "</body>\n</html>\n"
        return html
    }

    /// The text with each stretch covered by findings in a `<mark>`; overlapping findings split the text at
    /// every boundary, so each piece is marked once with all its findings.
    static func highlighted(_ text: String, _ violations: [Violation], fileIndex: Int) -> String {
        let utf8 = Array(text.utf8)
        let spans = violations.enumerated().compactMap { index, v -> (Range<Int>, Int)? in
            let lower = min(v.position.utf8Offset, utf8.count)
            let upper = min(lower + v.position.utf8Length, utf8.count)
            return upper > lower ? (lower..<upper, index) : nil
        }
        var cuts = Set([0, utf8.count])
        for (range, _) in spans { cuts.insert(range.lowerBound); cuts.insert(range.upperBound) }
        let points = cuts.sorted()
        var out = ""
        for (a, b) in zip(points, points.dropFirst()) where b > a {
            let piece = HTMLText.escape(String(decoding: utf8[a..<b], as: UTF8.self))
            let covering = spans.filter { $0.0.lowerBound <= a && $0.0.upperBound >= b }.map { violations[$0.1] }
            guard !covering.isEmpty else { out += piece; continue }
            let severity = covering.contains { $0.severity == .error } ? "error" : "warning"
            let rules = covering.map(\.rule).joined(separator: " ")
            let title = covering.map { "\($0.rule): \($0.message)" }.joined(separator: "\n")
            out += "<mark class=\"\(severity)\" data-rules=\"\(HTMLText.escape(rules))\" title=\"\(HTMLText.escape(title))\">\(piece)</mark>"
        }
        return out
    }
}
