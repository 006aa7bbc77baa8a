import Foundation
import XCTest
@testable import FormatCheck
import FormattingTesting

/// Text from input (documents, definitions, file names) cannot reach a terminal or a CI log raw: no escape
/// sequence, no forged line, and under `--format github` no workflow command of its own.
final class OutputEscapingTests: XCTestCase {
    /// ESC, BEL, a C1 CSI, DEL, a right-to-left override and an isolate: what rewrites or reorders a terminal.
    static let hostile = "\u{1B}[2J\u{7}\u{9B}31m\u{7F}\u{202E}\u{2066}"
    /// The same, as fmtcheck shows it.
    static let hostileShown = #"\u{1B}[2J\u{7}\u{9B}31m\u{7F}\u{202E}\u{2066}"#

    /// Whether `text` holds a character `TerminalText` escapes other than the line breaks that end lines.
    func assertNoRawControls(_ text: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let raw = text.unicodeScalars.filter { $0 != "\n" && TerminalText.needsEscape($0) }
        XCTAssertTrue(raw.isEmpty, "\(what) holds \(raw.map { String($0.value, radix: 16) }): \(text.debugDescription)", file: file, line: line)
    }

    func testTerminalTextEscapesControlsSeparatorsAndBidiAndKeepsTheRest() {
        XCTAssertEqual(TerminalText.escaped("a\nb\rc\td\r\ne"), #"a\nb\rc\td\r\ne"#)
        XCTAssertEqual(TerminalText.escaped(Self.hostile), Self.hostileShown)
        XCTAssertEqual(TerminalText.escaped("\u{0}\u{1F}\u{80}\u{9F}\u{2028}\u{2029}\u{202A}\u{2069}\u{FFFC}"),
                       #"\u{0}\u{1F}\u{80}\u{9F}\u{2028}\u{2029}\u{202A}\u{2069}\u{FFFC}"#)
        XCTAssertEqual(TerminalText.escaped(#"café 😀 e\u{301} C:\dir "q""#), #"café 😀 e\u{301} C:\dir "q""#)
        XCTAssertEqual(TerminalText.escaped(TerminalText.escaped(Self.hostile + "\n")), TerminalText.escaped(Self.hostile + "\n"))
        // Quoted document text escapes the same characters, and its quote.
        XCTAssertEqual(ViolationMessage.quoteWhole("a\"\t" + Self.hostile), #""a\"\t"# + Self.hostileShown + "\"")
    }

    /// `escaped` decides from the bytes first; it shows every string as the scalar-by-scalar rule does: random
    /// text of escaped scalars, their near neighbours (other scalars of the lead bytes 0xC2, 0xE2 and 0xEF) and
    /// plain text, as a `String` and as a `Substring`.
    func testEscapingDecidedFromBytesAgreesWithTheScalarRule() {
        let pieces: [String] = ["a", "milk ", "é", "©", "\u{A0}", "€", "\u{2027}", "\u{202F}", "\u{2065}", "\u{206A}", "\u{FFFB}",
                                "\u{FFFD}", "😀", "\u{80}", "\u{9F}", "\u{2028}", "\u{202E}", "\u{2066}", "\u{FFFC}", "\u{1B}",
                                "\u{7F}", "\n", "\t"]
        var rng = SeededGenerator(seed: 0x4553_4341_5045)
        for _ in 0..<500 {
            let text = (0..<rng.int(0...12)).map { _ in rng.pick(pieces) }.joined()
            var expected = ""
            for character in text { TerminalText.append(character, to: &expected) }
            XCTAssertEqual(TerminalText.escaped(text), expected, text.debugDescription)
            XCTAssertEqual(TerminalText.escaped("x" + text + "y"), "x" + expected + "y", text.debugDescription)
            XCTAssertEqual(TerminalText.escaped(("_" + text).dropFirst()), expected, text.debugDescription)
        }
    }

    func testDefaultReportAndDiffEscapeDocumentTextKeysAndFileNames() throws {
        let folder = try temporaryFolder(self)
        let name = "doc\(Self.hostile)\nforged.json"
        try write(#"["m\u001b[31milk\u202e",{"ingredient":"milk"}," and ",{"\u001b]0;x\u0007":true}]"#, to: name, in: folder)
        for mode in [[], ["--diff"]] {
            let result = try FmtcheckProcess.run(["--definition", shippedDefinition("recipe"), name] + mode, in: folder)
            XCTAssertEqual(result.status, 1, result.err)
            assertNoRawControls(result.out, "stdout of \(mode)")
            assertNoRawControls(result.err, "stderr of \(mode)")
            if mode.isEmpty {
                XCTAssertTrue(result.out.contains(#"doc\u{1B}[2J"#), result.out)
                XCTAssertTrue(result.out.contains(#"\u{1B}]0;x\u{7}"#), result.out)
            } else {
                // A patch: the name quoted as git quotes it, the lines the file's own (JSON escapes its controls).
                XCTAssertTrue(result.out.hasPrefix(#"--- "a/doc\033[2J\a\302\23331m\177\342\200\256\342\201\246\nforged.json""#), result.out)
                XCTAssertTrue(result.out.contains(#"\u001b]0;x\u0007"#), result.out)
            }
            for line in result.out.split(separator: "\n") where !line.hasPrefix("@@") {
                XCTAssertFalse(line.hasPrefix("forged"), "a file name forged the line \(line)")
            }
        }
        let report = try FmtcheckProcess.run(["--definition", shippedDefinition("recipe"), name], in: folder).out
        XCTAssertTrue(report.contains(#"on "m\u{1B}[31milk\u{202E}""#), report)
    }

    func testReportsAndTheHTMLPageCarryNoRawOverrideOrC1Control() throws {
        // Issue 39: a right-to-left override and C1 controls from a file name and a document reached the HTML
        // report and the JSON reports raw, where they reorder or hide what a person reads.
        let folder = try temporaryFolder(self)
        let name = "evil\u{202E}nosj.txt\u{9B}.json"
        try write(#"["a\u202eb\u0085c\u009bd",{"ingredient":"x\u202ey"}]"#, to: name, in: folder)
        for format in ["json", "jsonl", "sarif", "html", "default", "github"] {
            let result = try FmtcheckProcess.run(["--definition", shippedDefinition("recipe"), "--format", format, "."], in: folder)
            XCTAssertEqual(result.status, 1, result.err)
            assertNoRawControls(result.out, "the \(format) report")
            assertNoRawControls(result.err, "stderr of \(format)")
            switch format {
            case "json":
                // The same values: JSON escapes stand for the characters.
                let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
                let files = try XCTUnwrap(root["violations"] as? [[String: Any]]).map { $0["file"] as? String }
                XCTAssertEqual(files.first, "./" + name)
                XCTAssertTrue(result.out.contains(#"evil\u202enosj.txt\u009b.json"#), result.out)
            case "html":
                XCTAssertTrue(result.out.contains(#"evil\u{202E}nosj.txt\u{9B}.json"#), "the name as the terminal shows it")
                XCTAssertTrue(result.out.contains(#"a\u{202E}b"# + "\u{FFFD}c\u{FFFD}d"), "C1 controls are U+FFFD, as C0 are")
                XCTAssertTrue(result.out.contains("unicode-bidi: isolate"), "a document's text cannot reorder the page")
            default:
                break
            }
        }
    }

    func testDefinitionCheckAndExplainEscapeNamesAndFileNames() throws {
        let folder = try temporaryFolder(self)
        let good = try write(#"{"name": "r\u001b[2J", "attributes": {"k\u009b": {"type": "string", "description": "a\u0007\nb"}}, "scope": ["k\u009b"]}"#,
                             to: "good\(Self.hostile).json", in: folder)
        let bad = try write(#"{"name": "x", "attributes": {"k": {"type": "strin\u001b[1m"}}, "scope": []}"#, to: "bad\n::error::x.json", in: folder)
        let check = try FmtcheckProcess.run(["definition", "check", good, bad])
        XCTAssertEqual(check.status, 2)
        XCTAssertTrue(check.out.contains(#"ok: definition 'r\u{1B}[2J'"#), check.out)
        XCTAssertTrue(check.err.contains(#"bad\n::error::x.json:"#), check.err)
        assertNoRawControls(check.out, "definition check's stdout")
        assertNoRawControls(check.err, "definition check's stderr")
        XCTAssertFalse(check.err.split(separator: "\n").contains { $0.hasPrefix("::") }, check.err)
        let explain = try FmtcheckProcess.run(["definition", "explain", good])
        XCTAssertEqual(explain.status, 0, explain.err)
        XCTAssertTrue(explain.out.contains(#"Definition 'r\u{1B}[2J'"#), explain.out)
        XCTAssertTrue(explain.out.contains(#"k\u{9B} (string)"#), explain.out)
        assertNoRawControls(explain.out, "explain")
    }

    func testReplayErrorsEscapeTheScriptNameAndItsContent() throws {
        let folder = try temporaryFolder(self)
        let script = try write(#"{"op":"set","from":0,"to":9,"key":"k\u001b[5m","value":1}"#, to: "s\(Self.hostile)\nforged.jsonl", in: folder)
        let result = try FmtcheckProcess.run(["replay", "--definition", shippedDefinition("recipe"), "--script", script])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.out, "")
        XCTAssertTrue(result.err.contains(#"s\u{1B}[2J"#), result.err)
        XCTAssertEqual(result.err.split(separator: "\n").count, 1, result.err)
        assertNoRawControls(result.err, "replay's stderr")
        let trace = try write("{\"startContent\": \"\u{1B}[2J", to: "t\(Self.hostile).json", in: folder)
        let traced = try FmtcheckProcess.run(["replay", "--trace", trace])
        XCTAssertEqual(traced.status, 2)
        assertNoRawControls(traced.err, "replay --trace's stderr")
        XCTAssertEqual(traced.err.split(separator: "\n").count, 1, traced.err)
    }

    /// A line GitHub reads as a workflow command: `::name …::` after leading spaces.
    func commandName(_ line: Substring) -> Substring? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard trimmed.hasPrefix("::") else { return nil }
        return trimmed.dropFirst(2).prefix { $0 != " " && $0 != ":" }
    }

    func testGitHubFormatEscapesEveryLineOnBothStreams() throws {
        let folder = try temporaryFolder(self)
        let definition = "::warning::def\n::error::forged.json", document = "::error::doc\n::notice::x.json"
        try write(#"{"name": "d", "attributes": {"::error::key\n::error::k": {"type": "nope\n::error::type"}}, "scope": []}"#,
                  to: definition, in: folder)
        try write(#"["milk",{"ingredient":"milk"}]"#, to: document, in: folder)
        try write(#"{"x\n::error::cfg": 1}"#, to: ".fmtcheck.json", in: try subfolder("::error::sub", of: folder))
        let recipe = shippedDefinition("recipe")
        let runs = [
            (2, try FmtcheckProcess.run(["--format", "github", "--definition", definition, document], in: folder)),
            (2, try FmtcheckProcess.run(["--format", "github", "--definition", recipe, "::error::sub", document], in: folder)),
            (2, try FmtcheckProcess.run(["--format", "github", "--select", "::error::rule", "--definition", recipe, document], in: folder)),
            (2, try FmtcheckProcess.run(["--format", "github", "--diff", "--definition", definition, document], in: folder)),
        ]
        for (i, (status, result)) in runs.enumerated() {
            XCTAssertEqual(result.status, Int32(status), "run \(i): \(result.err)")
            var commands = 0
            for line in (result.out + result.err).split(separator: "\n") {
                guard let name = commandName(line) else { continue }
                commands += 1
                // Each is one of ours: a level, then properties (every value from input has `:` escaped) with a title.
                XCTAssertTrue(["error", "warning", "notice"].contains(name), "run \(i): \(line)")
                XCTAssertTrue(line.hasPrefix("::\(name) "), "run \(i): \(line)")
                XCTAssertTrue(line.dropFirst(2).prefix { $0 != ":" }.contains("title="), "run \(i): \(line)")
            }
            XCTAssertGreaterThan(commands, 0, "run \(i): \(result.out)\(result.err)")
            assertNoRawControls(result.out + result.err, "run \(i)")
        }
        XCTAssertTrue(runs[0].1.err.contains("::error file=%3A%3Awarning%3A%3Adef\\n%3A%3Aerror%3A%3Aforged.json,line=1,col="), runs[0].1.err)
        XCTAssertTrue(runs[0].1.out.contains("::error file=%3A%3Aerror%3A%3Adoc\\n%3A%3Anotice%3A%3Ax.json,title=fmtcheck::"), runs[0].1.out)
        XCTAssertTrue(runs[1].1.err.contains("/%3A%3Aerror%3A%3Asub/.fmtcheck.json,line=1,col=2,title=fmtcheck::"), runs[1].1.err)
        XCTAssertTrue(runs[2].1.err.contains("::error title=fmtcheck::--select: error: '%3A%3Aerror%3A%3Arule' is not a rule") || runs[2].1.err.contains("::error title=fmtcheck::--select: error: '::error::rule' is not a rule"), runs[2].1.err)
        // With --diff the report is the diff, so the failure is annotated on stderr.
        XCTAssertTrue(runs[3].1.err.contains("::error file=%3A%3Aerror%3A%3Adoc\\n%3A%3Anotice%3A%3Ax.json,title=fmtcheck::"), runs[3].1.err)
    }

    /// The runner also reads the legacy `##[command]` form anywhere in a line that is not a `::` command, so the
    /// diff, whose lines quote documents, is written between `::stop-commands::TOKEN` and `::TOKEN::`.
    func testGitHubFormatDiffPausesCommandsAroundDocumentText() throws {
        let folder = try temporaryFolder(self)
        try write(###"["##[add-mask]milk ##[error]forged",{"ingredient":"milk"}]"###, to: "doc.json", in: folder)
        let result = try FmtcheckProcess.run(["--format", "github", "--diff", "--definition", shippedDefinition("recipe"), "doc.json"], in: folder)
        XCTAssertEqual(result.status, 1, result.err)
        let lines = result.out.split(separator: "\n")
        let token = try XCTUnwrap(lines.first.flatMap { $0.hasPrefix("::stop-commands::") ? $0.dropFirst(17) : nil }, result.out)
        XCTAssertGreaterThanOrEqual(token.count, 32)
        XCTAssertEqual(lines.last, "::\(token)::")
        XCTAssertTrue(lines.dropFirst().dropLast().allSatisfy { !$0.contains(token) }, result.out)
        XCTAssertTrue(result.out.contains("##[error]forged"), result.out)
    }

    func testGitHubCommandEscapesPropertiesAndKeepsItsOwnLines() {
        XCTAssertEqual(GitHubReport.command("error", file: "a,b:c%\n", line: 3, column: 4, title: "t:1", message: "50%: x\n  hint: \u{1B}y"),
                       "::error file=a%2Cb%3Ac%25\\n,line=3,col=4,title=t%3A1::50%25: x%0A  hint: \\u{1B}y\n")
    }

    func subfolder(_ name: String, of folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
