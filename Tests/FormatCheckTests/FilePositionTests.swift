import Foundation
import XCTest

/// Every finding's position is where its text sits in the file (issue 19): a pretty-printed copy of each example
/// is linted, and in the default, JSON, SARIF and GitHub formats each finding's line and column open on the
/// JSON string token's part that holds the finding's text; in the RTF example, on the RTF text.
final class FilePositionTests: XCTestCase {
    struct Finding: Equatable {
        var line: Int, column: Int, endLine: Int, endColumn: Int
    }

    /// The scalars of `file` from 1-based (line, column) to (endLine, endColumn), lines ending after LF.
    func slice(_ file: String, _ f: Finding) -> String {
        let lines = file.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
        guard f.line == f.endLine, f.line <= lines.count else { return "<spans lines>" }
        let line = lines[f.line - 1]
        let lower = f.column - 1, upper = min(f.endColumn - 1, line.count)
        guard lower >= 0, lower <= upper else { return "<out of the line>" }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: line[lower..<upper])
        return String(text)
    }

    func lint(_ path: String, definition: String, format: String) throws -> String {
        try FmtcheckProcess.run(["--definition", definition, "--format", format, path]).out
    }

    func testEveryFindingInAPrettyPrintedCopyOpensOnItsTextInEveryFormat() throws {
        let folder = try temporaryFolder(self)
        let examples: [(file: String, definition: String)] = [
            ("Examples/recipes/bread.json", "recipe"), ("Examples/recipes/smoothie.json", "recipe"),
            ("Examples/recipes/tomato-salad.json", "recipe"), ("Examples/notes/meeting.json", "notes"),
            ("Examples/paragraph-styles/letter.json", "paragraph-styles"),
        ]
        var checked = 0
        for (file, definitionName) in examples {
            let original = try Data(contentsOf: packageRoot.appendingPathComponent(file))
            let pretty = try JSONSerialization.data(withJSONObject: try JSONSerialization.jsonObject(with: original), options: [.prettyPrinted])
            let copy = folder.appendingPathComponent((file as NSString).lastPathComponent)
            try pretty.write(to: copy)
            let text = try XCTUnwrap(String(data: pretty, encoding: .utf8))
            let definition = shippedDefinition(definitionName)
            // The JSON report: each finding's file span, read as the inside of a JSON string, is its text.
            let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try lint(copy.path, definition: definition, format: "json").utf8)) as? [String: Any])
            let violations = try XCTUnwrap(report["violations"] as? [[String: Any]])
            XCTAssertFalse(violations.isEmpty, file)
            let utf8 = Array(try plainText(of: original).utf8)
            var expected: [Finding] = []
            for v in violations {
                let f = Finding(line: v["line"] as! Int, column: v["column"] as! Int, endLine: v["endLine"] as! Int, endColumn: v["endColumn"] as! Int)
                expected.append(f)
                let range = try XCTUnwrap(v["textRange"] as? [String: Int])
                let want = String(decoding: utf8[range["utf8Offset"]!..<(range["utf8Offset"]! + range["utf8Length"]!)], as: UTF8.self)
                let spelled = slice(text, f)
                let read = try JSONSerialization.jsonObject(with: Data(("\"" + spelled + "\"").utf8), options: [.fragmentsAllowed]) as? String
                XCTAssertEqual(read, want, "\(file): \(v["rule"]!) at \(f.line):\(f.column)-\(f.endColumn) reads \(spelled.debugDescription)")
                XCTAssertEqual(Array(pretty)[(v["byteOffset"] as! Int)..<((v["byteOffset"] as! Int) + (v["byteLength"] as! Int))],
                               Array(spelled.utf8)[...], "\(file): byte offsets")
                checked += 1
            }
            XCTAssertGreaterThan(expected.map(\.line).max() ?? 0, 1, "\(file): the pretty-printed copy puts findings past line 1")
            // The default format: path:line:col, the same places in the same order.
            let lines = try lint(copy.path, definition: definition, format: "default").split(separator: "\n")
            XCTAssertEqual(lines.map { line -> [Int] in
                let parts = line.dropFirst(copy.path.count + 1).split(separator: ":")
                return [Int(parts[0]) ?? -1, Int(parts[1]) ?? -1]
            }, expected.map { [$0.line, $0.column] }, file)
            // SARIF regions.
            let sarif = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try lint(copy.path, definition: definition, format: "sarif").utf8)) as? [String: Any])
            let run = try XCTUnwrap((sarif["runs"] as? [[String: Any]])?.first)
            XCTAssertEqual(run["columnKind"] as? String, "unicodeCodePoints")
            let regions = try XCTUnwrap(run["results"] as? [[String: Any]]).map { result -> Finding in
                let location = (result["locations"] as! [[String: Any]])[0]["physicalLocation"] as! [String: Any]
                let region = location["region"] as! [String: Int]
                return Finding(line: region["startLine"]!, column: region["startColumn"]!, endLine: region["endLine"]!, endColumn: region["endColumn"]!)
            }
            XCTAssertEqual(regions, expected, file)
            // GitHub annotations.
            let annotations = try lint(copy.path, definition: definition, format: "github").split(separator: "\n").map { command -> [Int] in
                func value(_ name: String) -> Int? {
                    guard let range = command.range(of: name + "=") else { return nil }
                    return Int(command[range.upperBound...].prefix { $0.isNumber })
                }
                return [value("line") ?? -1, value("col") ?? -1]
            }
            XCTAssertEqual(annotations, expected.map { [$0.line, $0.column] }, file)
        }
        XCTAssertGreaterThanOrEqual(checked, 9)
    }

    /// The document's text of a native JSON file in the flat form (what the examples use).
    func plainText(of data: Data) throws -> String {
        let runs = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [Any])
        return stride(from: 0, to: runs.count, by: 2).compactMap { runs[$0] as? String }.joined()
    }

    func testAnRTFFindingOpensOnTheRTFTextItCameFrom() throws {
        let path = "Examples/exports/release-notes.rtf"
        let source = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try FmtcheckProcess.run(["--format", "json", path]).out.utf8)) as? [String: Any])
        let links = try XCTUnwrap(report["violations"] as? [[String: Any]]).filter { ($0["rule"] as? String) == "LinksAreBlue" }
        XCTAssertEqual(links.count, 1)
        let f = Finding(line: links[0]["line"] as! Int, column: links[0]["column"] as! Int, endLine: links[0]["endLine"] as! Int, endColumn: links[0]["endColumn"] as! Int)
        XCTAssertEqual(slice(source, f), "the builds page")
    }
}
