import Foundation
import XCTest

/// The HTML report for people (issue 20): each document as it looks, through the project's HTML exporter, with
/// each finding's text marked, numbered and linked both ways with the list; an index first, a filter that works
/// without a server; everything from documents escaped. Rendered in real headless Chromium.
final class HTMLReportChromiumTests: XCTestCase {
    /// The Examples report, written to a temporary folder.
    func examplesReport() throws -> (folder: URL, page: String, path: URL) {
        let folder = try temporaryFolder(self)
        let report = folder.appendingPathComponent("report.html")
        let lint = try FmtcheckProcess.run(["Examples", "--format", "html", "-o", report.path])
        XCTAssertEqual(lint.status, 1, lint.err)
        return (folder, try String(contentsOf: report, encoding: .utf8), report)
    }

    /// Chromium's DOM of `page` after its scripts ran, with `check` (a script) appended to a copy of it.
    func dom(of page: URL, in folder: URL, check: String) throws -> String {
        let copy = folder.appendingPathComponent("checked.html")
        try (try String(contentsOf: page, encoding: .utf8).replacingOccurrences(of: "</body>", with: "<script>\(check)</script></body>"))
            .write(to: copy, atomically: true, encoding: .utf8)
        return try Chromium.run(["--dump-dom", copy.absoluteString], profileIn: folder)
    }

    func testThePageShowsTheFormattingAndEveryMarkAndFindingLinkEachOther() throws {
        let (_, page, _) = try examplesReport()
        // The index first: rule counts, then the files with problems, most first; clean files one line each.
        let index = try XCTUnwrap(page.range(of: "<ul class=\"index\">"))
        let firstSection = try XCTUnwrap(page.range(of: "<section class=\"file\""))
        XCTAssertLessThan(page.range(of: "<table class=\"rules\">")!.lowerBound, index.lowerBound)
        XCTAssertLessThan(index.lowerBound, firstSection.lowerBound)
        XCTAssertTrue(page.contains("<li data-file=\"file-0\"><a href=\"#file-0\">Examples/exports/release-notes.rtf</a> <span class=\"count\">4 problems</span></li>"), page)
        XCTAssertTrue(page.contains("<h2>Clean files (3)</h2>"), page)
        // The formatting is the exporter's: bold is <strong>, a colour is a style, a link is a link.
        XCTAssertTrue(page.contains(#"<mark class="e" data-r="3" data-s="e"><strong>make test</strong></mark>"#), page)
        XCTAssertTrue(page.contains(#"<span style="color:#34c759">500 g of flour</span>"#), page)
        XCTAssertTrue(page.contains(#"<a href="https://example.com/agenda"><span style="color:#007aff">the shared doc</span></a>"#), page)
        // Every label links to its finding and every placed finding links back to its label.
        let labels = matches(of: ##"<sup class="label" id="(m[0-9]+-[0-9]+)"><a href="#(f[0-9]+-[0-9]+)">"##, in: page)
        let findings = matches(of: ##"<li id="(f[0-9]+-[0-9]+)" class="[ew]" data-r="[0-9]+" value="[0-9]+"><a href="#(m[0-9]+-[0-9]+)">"##, in: page)
        XCTAssertEqual(labels.count, 11, "13 findings, 2 of them about the RTF file itself")
        XCTAssertEqual(Set(labels.map { $0[1] }), Set(findings.map { $0[0] }))
        XCTAssertEqual(Set(labels.map { $0[0] }), Set(findings.map { $0[1] }))
        for label in labels { XCTAssertEqual(label[0].dropFirst(), label[1].dropFirst(), "label \(label[0]) links to \(label[1])") }
        // A fixable finding shows its text as --fix writes it.
        XCTAssertTrue(page.contains(#"--fix writes <span class="fixed"><p><strong>make test</strong></p>"#) == false, "the fix of CodeIsNeverBold is not bold")
        XCTAssertTrue(page.contains(#"--fix writes <span class="fixed"><p>make test</p>"#), page)
        XCTAssertEqual(page.components(separatedBy: "<script>").count, 2, "one script: the filter")
    }

    func matches(of pattern: String, in text: String) -> [[String]] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (1..<match.numberOfRanges).map { String(text[Range(match.range(at: $0), in: text)!]) }
        }
    }

    func testWhatComesFromDocumentsIsEscaped() throws {
        let folder = try temporaryFolder(self)
        let hostile = #"["<\/mark><script>alert(1)<\/script>",{"ingredient":"x\"><img src=x onerror=alert(2)>"}]"#
        try write(hostile, to: "<b>evil<b>.json", in: folder)
        let result = try FmtcheckProcess.run(["--definition", shippedDefinition("recipe"), "--format", "html", "."], in: folder)
        XCTAssertEqual(result.status, 1, result.err)
        assertLacks(result.out, ["<script>alert", "<img src=x", "<b>evil<b>"])
        assertContains(result.out, ["&lt;b&gt;evil&lt;b&gt;.json", "&lt;/mark&gt;&lt;script&gt;alert(1)&lt;/script&gt;"])
    }

    func testChromiumRendersTheBoldRunBoldTheColouredRunColouredAndTheFilterWorks() throws {
        let (folder, _, report) = try examplesReport()
        let check = """
        var out = {};
        var marks = Array.from(document.querySelectorAll(".document mark"));
        var bold = marks.find(function (m) { return m.textContent === "make test"; });
        out.boldWeight = getComputedStyle(bold.querySelector("strong")).fontWeight;
        var flour = Array.from(document.querySelectorAll(".document span")).find(function (s) { return s.textContent === "500 g of flour"; });
        out.flourColour = getComputedStyle(flour).color;
        out.marksWithoutFinding = marks.filter(function (m) {
          var sup = m.previousElementSibling;
          while (sup && sup.tagName === "SUP") { var id = sup.querySelector("a").getAttribute("href").slice(1); if (!document.getElementById(id)) return true; sup = sup.previousElementSibling; }
          return false;
        }).length;
        out.labels = document.querySelectorAll("sup.label").length;
        out.labelsWithoutFinding = Array.from(document.querySelectorAll("sup.label a")).filter(function (a) { return !document.getElementById(a.getAttribute("href").slice(1)); }).length;
        var rule = document.getElementById("rule");
        rule.value = Array.from(rule.options).find(function (o) { return o.textContent === "CodeIsNeverBold"; }).value;
        rule.dispatchEvent(new Event("change"));
        out.shownAfterFilter = document.getElementById("shown").textContent;
        // Shown findings keep their numbers (the marks'), and the index counts what is shown.
        out.renumbered = Array.from(document.querySelectorAll("ol.findings > li:not([hidden])")).filter(function (li) {
          return String(li.value) !== li.id.split("-")[1];
        }).length;
        out.indexShown = Array.from(document.querySelectorAll("ul.index li:not([hidden])")).map(function (li) { return li.querySelector(".count").textContent; });
        out.filesShown = document.getElementById("files-shown").textContent;
        out.visibleSections = Array.from(document.querySelectorAll("section.file")).filter(function (s) { return !s.hidden; }).length;
        out.dimmedMarks = document.querySelectorAll(".document mark.dim").length;
        document.getElementById("show-error").checked = false;
        document.getElementById("show-error").dispatchEvent(new Event("change"));
        out.shownWithoutErrors = document.getElementById("shown").textContent;
        var pre = document.createElement("pre"); pre.id = "check"; pre.textContent = JSON.stringify(out); document.body.appendChild(pre);
        """
        let dom = try dom(of: report, in: folder, check: check)
        let json = try XCTUnwrap(dom.range(of: #"<pre id="check">"#).map { dom[$0.upperBound...] }?.prefix { $0 != "<" })
        let out = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(String(json).replacingOccurrences(of: "&quot;", with: "\"").utf8)) as? [String: Any], dom)
        XCTAssertGreaterThanOrEqual(Int(out["boldWeight"] as? String ?? "0") ?? 0, 600, "\(out)")
        XCTAssertEqual(out["flourColour"] as? String, "rgb(52, 199, 89)")
        XCTAssertEqual(out["marksWithoutFinding"] as? Int, 0)
        XCTAssertEqual(out["labels"] as? Int, 11)
        XCTAssertEqual(out["labelsWithoutFinding"] as? Int, 0)
        XCTAssertEqual(out["shownAfterFilter"] as? String, "1 shown")
        XCTAssertEqual(out["visibleSections"] as? Int, 1)
        XCTAssertEqual(out["renumbered"] as? Int, 0, "a shown finding keeps its number: \(out)")
        XCTAssertEqual(out["indexShown"] as? [String], ["1 problem"], "\(out)")
        XCTAssertEqual(out["filesShown"] as? String, "1")
        XCTAssertEqual(out["dimmedMarks"] as? Int, 8, "every other mark is dimmed (9 marks: two pairs of findings share their text)")
        XCTAssertEqual(out["shownWithoutErrors"] as? String, "0 shown")

        // And it looks so: the screenshot has the error marks' red outline and the ingredient's green.
        let shot = folder.appendingPathComponent("report.png")
        try Chromium.run(["--hide-scrollbars", "--window-size=1000,3200", "--screenshot=\(shot.path)", report.absoluteString], profileIn: folder)
        let pixels = try XCTUnwrap(PNGPixels(try Data(contentsOf: shot)))
        if let keep = ProcessInfo.processInfo.environment["FMTCHECK_KEEP_SCREENSHOTS"] {
            try Data(contentsOf: shot).write(to: URL(fileURLWithPath: keep).appendingPathComponent("html-report.png"))
        }
        var red = 0, green = 0
        for y in stride(from: 0, to: pixels.height, by: 1) {
            for x in stride(from: 0, to: pixels.width, by: 1) {
                let p = pixels.pixel(x, y)
                if p.r > 230 && p.g < 90 && p.b < 80 { red += 1 }
                if p.r < 110 && p.g > 170 && p.b < 130 { green += 1 }
            }
        }
        XCTAssertGreaterThan(red, 100, "the error marks are outlined in red")
        XCTAssertGreaterThan(green, 20, "the green ingredient is green")
    }
}
