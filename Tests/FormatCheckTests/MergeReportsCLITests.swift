import FormatCheck
import FormattingTesting
import Foundation
import XCTest

/// `fmtcheck merge-reports`: the reports of runs over disjoint parts of a corpus merge into the report of one
/// run over all of it, byte for byte, for json and SARIF; bad reports are errors at their place, and nothing is
/// written then.
final class MergeReportsCLITests: XCTestCase {
    // MARK: Corpora

    /// A corpus with three definitions, a definition that fails to load, an invalid configuration, a malformed
    /// document, an RTFD package, a clean document, a missing path and standard input: what a run says about
    /// each of them must come out of the merge as the run says it.
    struct Corpus {
        var root: URL
        /// Every document as the parts name it, with `-` (standard input) and a path that does not exist.
        var documents: [String]
        /// What standard input holds.
        var input = Data(#"["salt",{"ingredient":"salt"}]"#.utf8)
    }

    func fixture() throws -> Corpus {
        let root = try temporaryFolder(self)
        let examples = packageRoot.appendingPathComponent("Examples")
        for folder in ["notes/memo.rtfd", "styles", "baddef", "badconfig"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try write(#"{"definition":"\#(shippedDefinition("recipe"))"}"#, to: ".fmtcheck.json", in: root)
        try write(#"["milk",{"ingredient":"milk"}]"#, to: "a.json", in: root)
        try write(#""just text""#, to: "b.json", in: root)
        try write(#"["broken", {"#, to: "broken.json", in: root)
        try write(#"{"definition":"\#(shippedDefinition("notes"))"}"#, to: "notes/.fmtcheck.json", in: root)
        try FileManager.default.copyItem(at: examples.appendingPathComponent("notes/meeting.json"), to: root.appendingPathComponent("notes/n1.json"))
        try FileManager.default.copyItem(at: examples.appendingPathComponent("notes/shopping-list.json"), to: root.appendingPathComponent("notes/n2.json"))
        try FileManager.default.copyItem(at: examples.appendingPathComponent("exports/release-notes.rtf"), to: root.appendingPathComponent("notes/memo.rtfd/TXT.rtf"))
        try write(#"{"definition":"\#(shippedDefinition("paragraph-styles"))"}"#, to: "styles/.fmtcheck.json", in: root)
        for name in ["letter.json", "poem.json"] {
            try FileManager.default.copyItem(at: examples.appendingPathComponent("paragraph-styles/" + name), to: root.appendingPathComponent("styles/" + name))
        }
        try write(#"{"definition":"bad-definition.json"}"#, to: "baddef/.fmtcheck.json", in: root)
        try write(#"{"name": "bad", "attributes": 3}"#, to: "baddef/bad-definition.json", in: root)
        try write(#""x""#, to: "baddef/x.json", in: root)
        try write(#""y""#, to: "baddef/y.json", in: root)
        try write(#"{"definition": 3}"#, to: ".fmtcheck.json", in: root.appendingPathComponent("badconfig"))
        try write(#""z""#, to: "badconfig/z.json", in: root)
        return Corpus(root: root, documents: ["a.json", "b.json", "broken.json", "notes/n1.json", "notes/n2.json", "notes/memo.rtfd",
                                              "styles/letter.json", "styles/poem.json", "baddef/x.json", "baddef/y.json",
                                              "badconfig/z.json", "gone.json", "-"])
    }

    /// The Examples corpus: three definitions by folder, an RTF export.
    func examples() throws -> Corpus {
        let folder = packageRoot.appendingPathComponent("Examples")
        let found = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { path in
            let name = (path as NSString).lastPathComponent
            // Hidden folders are skipped, as fmtcheck's discovery skips them (Examples/gtk-editor/.build).
            return !path.split(separator: "/").contains { $0.hasPrefix(".") } && ["json", "rtf", "rtfd"].contains((name as NSString).pathExtension)
        }
        return Corpus(root: packageRoot, documents: found.sorted().map { "Examples/" + $0 })
    }

    // MARK: Running

    /// The report of one run over `paths` (standard input fed when `-` is among them).
    func report(_ paths: [String], _ format: String, of corpus: Corpus, extra: [String] = []) throws -> URL {
        let output = try temporaryFolder(self).appendingPathComponent("report.\(format)")
        let result = try FmtcheckProcess.run(["lint"] + paths + extra + ["--format", format, "-o", output.path, "-q"], in: corpus.root,
                                             input: paths.contains("-") ? corpus.input : nil)
        XCTAssertTrue([0, 1, 2].contains(result.status) && FileManager.default.fileExists(atPath: output.path), "lint \(paths): \(result.err)")
        return output
    }

    func text(_ url: URL) throws -> String { String(decoding: try Data(contentsOf: url), as: UTF8.self) }

    /// The merge of the parts' reports, or why it differs from `single` (nil when it is the same, byte for byte).
    func mismatch(_ parts: [[String]], _ format: String, of corpus: Corpus, single: String) throws -> String? {
        let reports = try parts.map { try report($0, format, of: corpus).path }
        let merged = try FmtcheckProcess.run(["merge-reports"] + reports, in: corpus.root)
        guard merged.status == 0 else { return "merge-reports exited \(merged.status): \(merged.err)" }
        if merged.out == single { return nil }
        return "the merge of \(parts) differs from the single run's \(format) report (\(merged.err)):\n\(diff(merged.out, single))"
    }

    /// The first line where two texts differ.
    func diff(_ a: String, _ b: String) -> String {
        let (x, y) = (a.split(separator: "\n", omittingEmptySubsequences: false), b.split(separator: "\n", omittingEmptySubsequences: false))
        let line = (0..<min(x.count, y.count)).first { x[$0] != y[$0] } ?? min(x.count, y.count)
        return "line \(line + 1): merged \(line < x.count ? String(x[line]) : "<end>") | single \(line < y.count ? String(y[line]) : "<end>")"
    }

    /// `documents` dealt into `count` parts in turn.
    func dealt(_ documents: [String], into count: Int) -> [[String]] {
        (0..<count).map { part in documents.indices.filter { $0 % count == part }.map { documents[$0] } }
    }

    /// Each partition of `corpus` merges to the single run's report, byte for byte.
    func assertMergesToTheSingleRun(_ corpus: Corpus, partitions: [[[String]]], file: StaticString = #filePath, line: UInt = #line) throws {
        for format in ["json", "sarif"] {
            let single = try text(try report(corpus.documents, format, of: corpus))
            for parts in partitions {
                if let problem = try mismatch(parts, format, of: corpus, single: single) { XCTFail(problem, file: file, line: line) }
            }
        }
    }

    // MARK: Equal to one run

    func testTheExamplesInTwoAndThreePartsMergeToTheSingleRunsReportByteForByte() throws {
        let corpus = try examples()
        XCTAssertEqual(corpus.documents.count, 9, "\(corpus.documents)")
        let byFolder = Dictionary(grouping: corpus.documents) { ($0 as NSString).deletingLastPathComponent }.values.map { $0 }
        try assertMergesToTheSingleRun(corpus, partitions: [dealt(corpus.documents, into: 2), dealt(corpus.documents, into: 3),
                                                            dealt(corpus.documents, into: 3).reversed(), byFolder])
        // The single run over explicit files is the run over the folder.
        for format in ["json", "sarif"] {
            XCTAssertEqual(try text(try report(corpus.documents, format, of: corpus)), try text(try report(["Examples"], format, of: corpus)))
        }
    }

    func testAFixtureWithBrokenDefinitionsConfigurationsDocumentsAndAPackageMergesToTheSingleRun() throws {
        let corpus = try fixture()
        let reversed = Array(corpus.documents.reversed())
        let byFolder = Dictionary(grouping: corpus.documents) { $0.split(separator: "/").dropLast().joined(separator: "/") }.sorted { $0.key > $1.key }.map { $0.value }
        try assertMergesToTheSingleRun(corpus, partitions: [dealt(corpus.documents, into: 2), dealt(corpus.documents, into: 3),
                                                            dealt(reversed, into: 3), dealt(corpus.documents, into: 4).reversed(),
                                                            byFolder, [corpus.documents]])
        // Two definitions only ever linted together, and one linted apart whose documents sort between theirs:
        // the first findings place it between them.
        let notes = corpus.documents.filter { $0.hasPrefix("notes/") }
        try assertMergesToTheSingleRun(corpus, partitions: [[corpus.documents.filter { !notes.contains($0) }, notes]])
        // What is said about a definition or configuration, by every part that used it, is said once.
        let parts = dealt(["baddef/x.json", "baddef/y.json", "badconfig/z.json", "a.json"], into: 2)
        let merged = try FmtcheckProcess.run(["merge-reports"] + parts.map { try report($0, "json", of: corpus).path }, in: corpus.root)
        let errors = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(merged.out.utf8)) as? [String: Any])?["errors"] as? [[String: String]])
        XCTAssertEqual(errors.map { $0["kind"]! }, ["no-definition", "no-definition", "no-definition", "invalid-definition", "invalid-definition", "invalid-configuration"])
    }

    func testShardsOfAFolderMergeToTheSingleRun() throws {
        for corpus in [try fixture(), try examples()] {
            let folder = corpus.root == packageRoot ? "Examples" : "."
            for format in ["json", "sarif"] {
                let single = try text(try report([folder], format, of: corpus))
                for count in [2, 3] {
                    let shards = try (1...count).map { try report([folder], format, of: corpus, extra: ["--shard", "\($0)/\(count)"]).path }
                    let merged = try FmtcheckProcess.run(["merge-reports"] + shards.reversed(), in: corpus.root)
                    XCTAssertEqual(merged.status, 0, merged.err)
                    XCTAssertEqual(merged.out, single, "\(folder) in \(count) shards, \(format): \(diff(merged.out, single))")
                }
            }
        }
    }

    /// Random partitions of the fixture's documents merge to the single run, byte for byte. A failure shrinks to
    /// a partition with as few parts and moves as it can. `FMTCHECK_SEED` reruns a seed.
    func testRandomPartitionsMergeToTheSingleRun() throws {
        let corpus = try fixture()
        let seed = ProcessInfo.processInfo.environment["FMTCHECK_SEED"].flatMap(UInt64.init) ?? 0x4D45_5247
        print("MergeReportsCLITests: FMTCHECK_SEED=\(seed)")
        var rng = SeededGenerator(seed: seed)
        let singles = try Dictionary(uniqueKeysWithValues: ["json", "sarif"].map { ($0, try text(try report(corpus.documents, $0, of: corpus))) })
        func parts(_ assignment: [Int]) -> [[String]] {
            Set(assignment).sorted().map { part in corpus.documents.indices.filter { assignment[$0] == part }.map { corpus.documents[$0] } }
        }
        func failure(_ assignment: [Int]) throws -> String? {
            for format in ["json", "sarif"] {
                if let problem = try mismatch(parts(assignment), format, of: corpus, single: singles[format]!) { return problem }
            }
            return nil
        }
        for trial in 0..<5 {
            let count = 2 + Int(rng.next() % 3)
            var assignment = corpus.documents.map { _ in Int(rng.next() % UInt64(count)) }
            guard var problem = try failure(assignment) else { continue }
            // Shrink: move documents into the first part while it still fails.
            for index in assignment.indices where assignment[index] != assignment[0] {
                var smaller = assignment
                smaller[index] = assignment[0]
                if let still = try failure(smaller) { (assignment, problem) = (smaller, still) }
            }
            XCTFail("FMTCHECK_SEED=\(seed), trial \(trial): the partition \(parts(assignment)) does not merge to the single run: \(problem)")
            return
        }
    }

    func testAConstraintNameTwoDefinitionsShareIsNamespacedAsOneRunWouldThoughNoPartUsedBoth() throws {
        let root = try temporaryFolder(self)
        for name in ["garden", "kitchen"] {
            let sub = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
            try write("""
                {"name":"\(name)","attributes":{"foregroundColor":{"type":"color"},"ingredient":{"type":"string"}},
                 "scope":["foregroundColor","ingredient"],
                 "constraints":[{"name":"ItemsAreGreen","description":"Green in the \(name).","key":"foregroundColor","rules":[{"when":{"present":"ingredient"},"set":"#34C759"}],"otherwise":"remove"}]}
                """, to: "definition.json", in: sub)
            try write(#"{"definition":"definition.json"}"#, to: ".fmtcheck.json", in: sub)
            try write(#"["basil",{"ingredient":"basil"}]"#, to: "a.json", in: sub)
            try write(#"["mint",{"ingredient":"mint"}]"#, to: "b.json", in: sub)
        }
        let corpus = Corpus(root: root, documents: ["garden/a.json", "garden/b.json", "kitchen/a.json", "kitchen/b.json"])
        // Each part used both definitions: exact.
        try assertMergesToTheSingleRun(corpus, partitions: [dealt(corpus.documents, into: 2)])
        // Each part used one definition: its rules name their definition, so the merge namespaces as one run.
        try assertMergesToTheSingleRun(corpus, partitions: [[["garden/a.json"], ["kitchen/a.json"], ["garden/b.json", "kitchen/b.json"]],
                                                            [["garden/a.json", "garden/b.json"], ["kitchen/a.json", "kitchen/b.json"]],
                                                            [["kitchen/b.json"], ["garden/a.json"], ["garden/b.json"], ["kitchen/a.json"]]])
        let single = try text(try report(corpus.documents, "sarif", of: corpus))
        XCTAssertTrue(single.contains(#""id" : "garden/ItemsAreGreen""#) || single.contains(#""id": "garden/ItemsAreGreen""#), single)
    }

    // MARK: Refusals

    func testAMalformedReportIsAnErrorAtItsLineAndColumnAndNothingIsWritten() throws {
        let corpus = try examples()
        let good = try report(["Examples/recipes"], "json", of: corpus)
        let folder = try temporaryFolder(self)
        let bad = try write("{\n  \"version\": 2,\n  \"violations\": [,]\n}\n", to: "bad.json", in: folder)
        let out = try write("the previous merge\n", to: "merged.json", in: folder)
        var result = try FmtcheckProcess.run(["merge-reports", good.path, bad, "-o", out])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.hasPrefix("\(bad):3:18: error: "), result.err)
        XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), "the previous merge\n", "nothing is written over the output")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["bad.json", "merged.json"], "no temporary file is left")
        // Valid JSON that is not what a report has: at the offending value.
        let wrong = try text(good).replacingOccurrences(of: #""notLinted" : 0"#, with: #""notLinted" : "none""#)
        let lines = wrong.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try XCTUnwrap(lines.firstIndex { $0.contains(#""notLinted""#) })
        let column = lines[line].distance(from: lines[line].startIndex, to: try XCTUnwrap(lines[line].firstIndex(of: ":"))) + 3
        let wrongPath = try write(wrong, to: "wrong.json", in: folder)
        result = try FmtcheckProcess.run(["merge-reports", wrongPath])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.err, "\(wrongPath):\(line + 1):\(column): error: \"notLinted\" is a whole number\n")
        XCTAssertEqual(result.out, "")
        // Not a report at all.
        try write(#"{"findings": []}"#, to: "baseline.json", in: folder)
        result = try FmtcheckProcess.run(["merge-reports", folder.appendingPathComponent("baseline.json").path])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("baseline.json:1:1: error: not an fmtcheck report"), result.err)
    }

    func testReportsOfMixedFormatsDifferentVersionsOrOverlappingPartsAreRefused() throws {
        let corpus = try examples()
        let json = try report(["Examples/recipes"], "json", of: corpus).path
        let otherJSON = try report(["Examples/notes"], "json", of: corpus).path
        let sarif = try report(["Examples/notes"], "sarif", of: corpus).path
        var result = try FmtcheckProcess.run(["merge-reports", json, sarif])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("is a json report and \(sarif) a sarif report; merge-reports merges reports of one format"), result.err)
        XCTAssertTrue(result.err.contains("Run 'fmtcheck --help' for usage."), "a usage error: \(result.err)")
        result = try FmtcheckProcess.run(["merge-reports", json, otherJSON, "--format", "sarif"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("is a json report, not sarif; merge-reports does not convert"), result.err)

        let folder = try temporaryFolder(self)
        for (name, path) in [("old.json", otherJSON), ("old.sarif", sarif)] {
            try write(try text(URL(fileURLWithPath: path)).replacingOccurrences(of: "\"0.1.0\"", with: "\"0.0.9\""), to: name, in: folder)
        }
        result = try FmtcheckProcess.run(["merge-reports", json, folder.appendingPathComponent("old.json").path])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("was written by fmtcheck \(FormatCheckVersion.current) and") && result.err.contains("by fmtcheck 0.0.9"), result.err)
        let newSARIF = try report(["Examples/recipes"], "sarif", of: corpus).path
        result = try FmtcheckProcess.run(["merge-reports", newSARIF, folder.appendingPathComponent("old.sarif").path])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("by fmtcheck 0.0.9"), result.err)

        result = try FmtcheckProcess.run(["merge-reports", json, json])
        XCTAssertEqual(result.status, 2, "one report twice counts its documents twice")
        XCTAssertTrue(result.err.contains("is reported by both"), result.err)
        result = try FmtcheckProcess.run(["merge-reports"])
        XCTAssertEqual(result.status, 2)
        result = try FmtcheckProcess.run(["merge-reports", json, "--format", "html"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("merge-reports merges json and sarif reports, not 'html'"), result.err)
    }

    func testTheOutputIsWrittenAtomicallyAndOnlyAsARegularFile() throws {
        let corpus = try examples()
        let parts = try dealt(corpus.documents, into: 2).map { try report($0, "sarif", of: corpus).path }
        let single = try text(try report(corpus.documents, "sarif", of: corpus))
        let folder = try temporaryFolder(self)
        let out = try write("old\n", to: "merged.sarif", in: folder)
        var result = try FmtcheckProcess.run(["merge-reports", "-o", out] + parts)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out, "", "the report goes to the file")
        XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), single)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["merged.sarif"])
        let link = folder.appendingPathComponent("link.sarif").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: out)
        result = try FmtcheckProcess.run(["merge-reports", "--output=\(link)"] + parts)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("is a symbolic link"), result.err)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), out, "the link is left as it was")
        // Standard input is one of the reports.
        result = try FmtcheckProcess.run(["merge-reports", parts[0], "-"], input: try Data(contentsOf: URL(fileURLWithPath: parts[1])))
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out, single)
        // The library merges without the command line, and one report merges to itself.
        let merged = try ReportMerge.merge(try parts.map { (name: $0, text: try text(URL(fileURLWithPath: $0))) })
        XCTAssertEqual(merged, single)
        XCTAssertEqual(try ReportMerge.merge([(name: "all.sarif", text: single)]), single)
        XCTAssertTrue(try FmtcheckProcess.run(["merge-reports", "--help"]).out.contains("USAGE: fmtcheck merge-reports REPORT..."))
    }
}
