import Foundation
import FormatCheck
import FormattingTesting

// The cache row of fmtbench lint (issue 20): 2,000 recipe documents of a few kilobytes with findings in each,
// the shape of corpus a CI team lints, linted twice with a cache as `fmtcheck --cache` does (LintRun, the
// default report rendered, the cache saved). The second run must print the same bytes, at least 3x faster.

enum LintCacheBenchmark {
    static let documentCount = 2_000
    static let sizeRange = 2_000...24_000

    static func run(definition: String) {
        let directory = NSTemporaryDirectory() + "fmtbench-lint-cache-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try? FileManager.default.createDirectory(atPath: directory + "/docs", withIntermediateDirectories: true)
        var rng = SeededGenerator(seed: 0x4341_4348)
        var totalBytes = 0
        for i in 0..<documentCount {
            let bytes = RecipeCorpus.document(targetBytes: rng.int(in: sizeRange), table: i % 2 == 1, rng: &rng)
            _ = FileManager.default.createFile(atPath: directory + "/docs/" + String(format: "note%04d.json", i), contents: Data(bytes))
            totalBytes += bytes.count
        }
        let cachePath = directory + "/.fmtcheck-cache"
        let request = LintRequest(paths: [directory + "/docs"], definition: definition)
        /// One `fmtcheck --cache` run: its report, findings, and how many documents came from the cache.
        func lintWithCache() -> (report: String, findings: Int, hits: Int) {
            var run = LintRun(request)
            let cache = LintCache(location: cachePath)
            run.cache = cache
            let result = run.run()
            let report = Report.render(result, as: .default)
            try? cache.save()
            return (report, result.violations.count, cache.hits)
        }
        var first: (report: String, findings: Int, hits: Int) = ("", 0, 0)
        var second = first
        let cold = measure { first = lintWithCache() }
        let warm = measure { second = lintWithCache() }
        let uncached = Report.render(LintRun(request).run(), as: .default)
        let cacheBytes = (try? FileManager.default.attributesOfItem(atPath: cachePath)[.size] as? Int) ?? -1
        print("")
        print("cache: \(documentCount) documents, \(formatNumber(Double(totalBytes) / 1_000_000, digits: 1)) MB, \(grouped(Double(first.findings))) findings; cache file \(grouped(Double(cacheBytes))) bytes; second run: \(second.hits) of \(documentCount) from the cache")
        if second.report != first.report || second.report != uncached { print("note: the cached run's report differs from an uncached run's") }
        printTable(["run (--cache)", "seconds", "documents read"], [
            ["first (cache empty)", formatNumber(cold, digits: 3), "\(documentCount - first.hits)"],
            ["second (nothing changed)", formatNumber(warm, digits: 3), "\(documentCount - second.hits)"],
        ])
        print("(goal: second run >= 3x faster; same report bytes: \(second.report == uncached ? "yes" : "NO"))")
        printMetric("lint_cache_second_run_speedup", cold / warm)

        // The HTML report of the same corpus: its size against the documents' (the goal: no larger).
        var htmlRequest = request
        htmlRequest.keepsDocuments = true
        let kept = LintRun(htmlRequest).run()
        var page = ""
        let rendering = measure { page = Report.render(kept, as: .html) }
        print("html report: \(grouped(Double(page.utf8.count))) bytes for \(grouped(Double(totalBytes))) bytes of documents, rendered in \(formatNumber(rendering, digits: 3)) s")
        printMetric("lint_html_report_bytes_over_documents", Double(page.utf8.count) / Double(totalBytes))
    }
}
