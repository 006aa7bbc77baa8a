import Foundation
import RichText
import RichTextFormats

/// `--format html`: one standalone page for people (no outside resources; one inline script, for the filter).
///
/// It opens on an index: the summary, the count of each rule (with what is fixable), a filter by rule and
/// severity, and the files with problems, most problems first. Then each such file shows the paragraphs its
/// findings are in as they look, through the project's own HTML exporter (bold is bold, a red word is red, a link
/// is a link, a Genmoji shows its fallback image), each finding's text marked and numbered, the number linking to
/// the finding in the list below and the list linking back; a fixable finding shows its text as `--fix` would
/// write it. Files that could not be linted say why; clean files take one line each. Everything from documents
/// is escaped (the exporter's and `HTMLText`'s escaping).
public enum HTMLReport {
    /// The page.
    public static func render(_ result: LintRunResult) -> String {
        var text: [UInt8] = []
        write(result) { text += $0 }
        return String(decoding: text, as: UTF8.self)
    }

    /// Writes the page to `sink` a piece at a time: `render`'s bytes, never held whole. A file's section comes from
    /// `sections` when the run rendered it there while it linted (and let the document go), else from the
    /// document the result keeps.
    public static func write<Failure: Error>(_ result: LintRunResult, sections: Sections? = nil,
                                             to sink: ([UInt8]) throws(Failure) -> Void) throws(Failure) {
        let total = result.errorCount + result.warningCount
        let statistics = RuleStatistics.of(result)
        let withProblems = result.files.indices.filter { result.files[$0].failure == nil && !result.files[$0].violations.isEmpty }
            .sorted { (result.files[$1].violations.count, result.files[$0].path) < (result.files[$0].violations.count, result.files[$1].path) }
        let failed = result.files.indices.filter { result.files[$0].failure != nil }
        let clean = result.files.indices.filter { result.files[$0].failure == nil && result.files[$0].violations.isEmpty }

        var html = head
        /// Hands what is written so far to `sink` once there is enough of it.
        func flush(always: Bool = false) throws(Failure) {
            guard always || html.utf8.count >= 1 << 16 else { return }
            try sink(Array(html.utf8))
            html = ""
        }
        html += "<p class=\"summary\">\(count(total, "problem")) (\(count(result.errorCount, "error")), \(count(result.warningCount, "warning"))) in \(withProblems.count) of \(count(result.files.count, "file"))"
        if !failed.isEmpty { html += "; \(failed.count) not linted" }
        html += ".</p>\n"
        if !statistics.isEmpty {
            html += "<nav class=\"filter\">Show <select id=\"rule\"><option value=\"\">every rule</option>"
            for (n, entry) in statistics.enumerated() { html += "<option value=\"\(n)\">\(HTMLText.escape(entry.rule))</option>" }
            html += "</select> <label><input type=\"checkbox\" id=\"show-error\" checked> errors</label> "
            html += "<label><input type=\"checkbox\" id=\"show-warning\" checked> warnings</label> <span id=\"shown\"></span></nav>\n"
            html += "<table class=\"rules\">\n<tr><th>rule</th><th>findings</th><th>fixable</th><th>what it checks</th></tr>\n"
            for entry in statistics {
                let fixable = [entry.fixable > 0 ? "\(entry.fixable) with --fix" : nil,
                               entry.unsafeFixable > 0 ? "\(entry.unsafeFixable) with --unsafe-fixes" : nil].compactMap { $0 }.joined(separator: ", ")
                html += "<tr><td class=\"rule\">\(HTMLText.escape(entry.rule))</td><td>\(entry.count)</td><td>\(fixable)</td>\(about(entry.rule, in: result))</tr>\n"
            }
            html += "</table>\n"
        }
        if !withProblems.isEmpty {
            html += "<h2>Files with problems (<span id=\"files-shown\">\(withProblems.count)</span>)</h2>\n<ul class=\"index\">\n"
            for k in withProblems {
                let file = result.files[k]
                html += "<li data-file=\"file-\(k)\"><a href=\"#file-\(k)\">\(HTMLText.escape(file.path))</a> <span class=\"count\">\(count(file.violations.count, "problem"))</span></li>\n"
                try flush()
            }
            html += "</ul>\n"
        }
        // Marks and findings name their rule by its row in the table (`data-r`), not by its name again.
        var ruleNumbers: [String: Int] = [:]
        for (n, entry) in statistics.enumerated() { ruleNumbers[entry.rule] = n }
        let ruleNumber = { (rule: String) in String(ruleNumbers[rule] ?? -1) }
        for k in withProblems {
            if let template = sections?.template(for: result.files[k].path) {
                html += template.filled(fileID: String(k), ruleNumber: ruleNumber)
            } else {
                html += section(result.files[k], fileID: String(k), ruleNumber: ruleNumber)
            }
            try flush()
        }
        if !failed.isEmpty {
            html += "<h2>Not linted (\(failed.count))</h2>\n<ul class=\"failures\">\n"
            for k in failed {
                let file = result.files[k]
                html += "<li class=\"failure\" id=\"file-\(k)\">\(HTMLText.escape(file.path)): \(HTMLText.escape(file.failure?.message ?? ""))</li>\n"
                try flush()
            }
            html += "</ul>\n"
        }
        if !clean.isEmpty {
            html += "<h2>Clean files (\(clean.count))</h2>\n<ul class=\"clean\">\n"
            for k in clean {
                html += "<li id=\"file-\(k)\">\(HTMLText.escape(result.files[k].path))</li>\n"
                try flush()
            }
            html += "</ul>\n"
        }
        html += script + "</body>\n</html>\n"
        try flush(always: true)
    }

    /// The rule table's "what it checks" cell: a built-in rule's summary, with why and its fix on hover (its
    /// `RuleDocumentation`, as `fmtcheck rule` prints it); a constraint's description in its definition.
    static func about(_ rule: String, in result: LintRunResult) -> String {
        if let documentation = BuiltInRule(rawValue: rule)?.documentation {
            return "<td class=\"about\" title=\"\(HTMLText.escape(documentation.why + " " + documentation.fixLine))\">\(HTMLText.escape(documentation.summary))</td>"
        }
        let own = result.files.lazy.compactMap { $0.ruleDescriptions[rule] }.first
        return "<td class=\"about\">\(HTMLText.escape(own ?? RuleCatalog.description(of: rule)))</td>"
    }

    /// One file with problems: its excerpts, marked, and its findings. `fileID` is its number in the page and
    /// `ruleNumber` a rule's row in the rules table, as they appear in ids and `data-r` values.
    static func section(_ file: FileResult, fileID k: String, ruleNumber: (String) -> String) -> String {
        var html = "<section class=\"file\" id=\"file-\(k)\">\n"
        html += "<h3>\(HTMLText.escape(file.path))</h3>\n"
        if let definition = file.definitionName { html += "<p class=\"definition\">Definition <code>\(HTMLText.escape(definition))</code></p>\n" }
        let exporter = HTMLExporter(imagePolicy: .dataURLs, fullDocument: false)
        if let document = file.document {
            for excerpt in excerpts(of: file.violations, in: document) {
                let text = RichString(document[document.index(atOffset: excerpt.range.lowerBound, in: .utf8)..<document.index(atOffset: excerpt.range.upperBound, in: .utf8)])
                let highlights = excerpt.findings.map { n -> HTMLHighlight in
                    let v = file.violations[n]
                    let lower = v.position.utf8Offset - excerpt.range.lowerBound
                    return HTMLHighlight(utf8Range: lower..<(lower + v.position.utf8Length), classes: [v.severity == .error ? "e" : "w"],
                                         data: ["r": ruleNumber(v.rule), "s": v.severity == .error ? "e" : "w"],
                                         label: String(n + 1), labelID: "m\(k)-\(n + 1)", labelLink: "#f\(k)-\(n + 1)")
                }
                html += "<div class=\"document\">" + showingOverrides(exporter.export(text, images: file.images ?? ImageStore(), highlights: highlights).html) + "</div>\n"
            }
        }
        html += "<ol class=\"findings\">\n"
        for (n, v) in file.violations.enumerated() {
            let placed = file.document != nil && !Suppressions.unsuppressible.contains(v.rule)
            let place = "\(v.position.line):\(v.position.column)"
            // Its number is its own (`value`), so the list keeps the marks' numbers when the filter hides some.
            html += "<li id=\"f\(k)-\(n + 1)\" class=\"\(v.severity == .error ? "e" : "w")\" data-r=\"\(ruleNumber(v.rule))\" value=\"\(n + 1)\">"
            html += placed ? "<a href=\"#m\(k)-\(n + 1)\">\(place)</a>" : place
            html += " \(v.severity) <b>\(HTMLText.escape(v.rule))</b>: \(HTMLText.escape(v.message))"
            if v.fix != .none, let fixed = fixedText(of: v, in: file) {
                html += " <span class=\"fix\">\(v.fix == .unsafe ? "--unsafe-fixes" : "--fix") writes <span class=\"fixed\">\(showingOverrides(exporter.export(fixed, images: file.images ?? ImageStore()).html))</span></span>"
            }
            html += "</li>\n"
        }
        return html + "</ol>\n</section>\n"
    }

    /// A document's HTML (the exporter's) with each bidirectional embedding, override and isolate in its text
    /// shown as the terminal shows it (`\u{202E}`, `TerminalText`), so that what the report shows of a document
    /// is not reordered unseen; the excerpts are isolated besides (`unicode-bidi: isolate`). The marks (LRM, RLM)
    /// right-to-left text uses stay. As text, the escape is safe in element content and attribute values alike.
    static func showingOverrides(_ html: String) -> String {
        func isOverride(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isBidiControl && TerminalText.needsEscape(scalar) }
        guard html.unicodeScalars.contains(where: isOverride) else { return html }
        var out = ""
        for scalar in html.unicodeScalars {
            if isOverride(scalar) { out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}" } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// The paragraphs findings are in, merged where they meet, each with the findings in it (by index). Findings
    /// about the file (a reader warning, a malformed document) are in no excerpt.
    static func excerpts(of violations: [Violation], in document: RichString) -> [(range: Range<Int>, findings: [Int])] {
        let total = document.counts.utf8
        var found: [(range: Range<Int>, findings: [Int])] = []
        let placed = violations.indices.filter { !Suppressions.unsuppressible.contains(violations[$0].rule) }
            .sorted { violations[$0].position.utf8Offset < violations[$1].position.utf8Offset }
        for n in placed {
            let v = violations[n]
            let start = min(v.position.utf8Offset, total), end = min(v.position.utf8Offset + v.position.utf8Length, total)
            let first = document.paragraphRange(containing: document.index(atOffset: start, in: .utf8))
            let last = end > start ? document.paragraphRange(containing: document.index(atOffset: end - 1, in: .utf8)) : first
            let range = document.offset(of: first.lowerBound, in: .utf8)..<document.offset(of: last.upperBound, in: .utf8)
            if let previous = found.last, previous.range.upperBound >= range.lowerBound {
                found[found.count - 1] = (previous.range.lowerBound..<max(previous.range.upperBound, range.upperBound), previous.findings + [n])
            } else {
                found.append((range, [n]))
            }
        }
        return found
    }

    /// A fixable finding's text as the fixed document has it (the text is the same; its attributes are fixed).
    static func fixedText(of v: Violation, in file: FileResult) -> RichString? {
        guard let fixed = file.fixedDocument, let document = file.document, fixed.counts.utf8 == document.counts.utf8, v.position.utf8Length > 0,
              v.position.utf8Offset + v.position.utf8Length <= fixed.counts.utf8 else { return nil }
        let lower = fixed.index(atOffset: v.position.utf8Offset, in: .utf8), upper = fixed.index(atOffset: v.position.utf8Offset + v.position.utf8Length, in: .utf8)
        return RichString(fixed[lower..<upper])
    }

    static func count(_ n: Int, _ noun: String) -> String { RunSummary.count(n, noun) }

    static let head = """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <title>fmtcheck report</title>
    <style>
    body { font-family: system-ui, sans-serif; margin: 2em; color: #1d1d1f; max-width: 60em; }
    .document { background: #f5f5f7; padding: 0.2em 1em; border-radius: 6px; margin: 0.5em 0; unicode-bidi: isolate; }
    mark { background: #fff3c4; outline: 1px solid #ff9f0a; color: inherit; }
    mark.e { background: #ffd6d6; outline: 1px solid #ff3b30; }
    mark.dim { background: none; outline: none; }
    sup.label { font-size: 0.7em; font-family: ui-monospace, monospace; margin-right: 0.1em; }
    sup.label a { color: #c00; text-decoration: none; }
    .rule, ol.findings b, ol.findings > li > a { font-family: ui-monospace, monospace; }
    .rule { font-weight: 600; }
    .fix { color: #555; }
    .fixed p { display: inline; margin: 0; }
    .fixed { background: #e6f4ea; padding: 0 0.2em; border-radius: 3px; unicode-bidi: isolate; }
    .failure { color: #c00; }
    ul.clean { color: #555; columns: 3; font-size: 0.9em; }
    table.rules { border-collapse: collapse; margin: 1em 0; }
    table.rules td, table.rules th { border-bottom: 1px solid #ddd; padding: 0.2em 0.8em; text-align: left; }
    nav.filter { position: sticky; top: 0; background: #fff; padding: 0.5em 0; }
    :target { outline: 2px solid #0a84ff; }
    section.file, ul.clean, ul.index { content-visibility: auto; contain-intrinsic-size: auto 30em; }
    </style>
    </head>
    <body>
    <h1>fmtcheck report</h1>

    """

    /// The filter: hides findings, dims marks and hides files (and their index lines) the chosen rule and
    /// severities leave out, and counts in the index what it shows. It reads only the page.
    static let script = """
    <script>
    (function () {
      var rule = document.getElementById("rule");
      if (!rule) return;
      var shows = { error: document.getElementById("show-error"), warning: document.getElementById("show-warning") };
      function wanted(r, s) { return (!rule.value || r === rule.value) && shows[s === "e" ? "error" : "warning"].checked; }
      function apply() {
        var shown = 0;
        document.querySelectorAll("ol.findings > li").forEach(function (li) {
          var ok = wanted(li.dataset.r, li.className);
          li.hidden = !ok;
          if (ok) shown++;
        });
        document.querySelectorAll(".document mark").forEach(function (mark) {
          var rules = mark.dataset.r.split(" "), severities = mark.dataset.s.split(" "), ok = false;
          for (var i = 0; i < rules.length; i++) if (wanted(rules[i], severities[i])) ok = true;
          mark.classList.toggle("dim", !ok);
        });
        var files = 0;
        document.querySelectorAll("section.file").forEach(function (section) {
          var n = section.querySelectorAll("ol.findings > li:not([hidden])").length;
          section.hidden = n === 0;
          if (n > 0) files++;
          var entry = document.querySelector('ul.index li[data-file="' + section.id + '"]');
          if (entry) {
            entry.hidden = section.hidden;
            entry.querySelector(".count").textContent = n + (n === 1 ? " problem" : " problems");
          }
        });
        var heading = document.getElementById("files-shown");
        if (heading) heading.textContent = files;
        document.getElementById("shown").textContent = shown + " shown";
      }
      rule.addEventListener("change", apply);
      shows.error.addEventListener("change", apply);
      shows.warning.addEventListener("change", apply);
    })();
    </script>

    """
}
