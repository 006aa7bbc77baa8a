import FormatCheck
import Foundation
import XCTest

/// Arguments parse into commands, and mistakes into usage errors with hints.
final class CommandParseTests: XCTestCase {
    func testDefinitionSubcommandsParse() throws {
        XCTAssertEqual(try Command.parse(["definition", "check", "a.json", "b.json"]), .definitionCheck(paths: ["a.json", "b.json"]))
        XCTAssertEqual(try Command.parse(["definition", "explain", "a.json"]), .definitionExplain(path: "a.json"))
        XCTAssertEqual(try Command.parse(["definition", "check", "--", "-odd.json"]), .definitionCheck(paths: ["-odd.json"]))
    }

    func testHelpAndVersionParse() throws {
        XCTAssertEqual(try Command.parse(["--help"]), .help(topic: nil))
        XCTAssertEqual(try Command.parse(["-h"]), .help(topic: nil))
        XCTAssertEqual(try Command.parse(["definition", "--help"]), .help(topic: "definition"))
        XCTAssertEqual(try Command.parse(["--version"]), .version)
    }

    func testAMistypedSubcommandSuggestsTheRightOne() {
        XCTAssertThrowsError(try Command.parse(["definition", "chek", "a.json"])) { error in
            XCTAssertEqual((error as? UsageError)?.hint, "did you mean 'check'?")
        }
        XCTAssertThrowsError(try Command.parse(["definitons"])) { error in
            XCTAssertEqual((error as? UsageError)?.hint, "did you mean 'definition'?")
        }
    }

    func testMissingOrExtraFilesAreUsageErrors() {
        XCTAssertThrowsError(try Command.parse([]))
        XCTAssertThrowsError(try Command.parse(["definition", "check"]))
        XCTAssertThrowsError(try Command.parse(["definition", "explain", "a.json", "b.json"]))
        XCTAssertThrowsError(try Command.parse(["definition", "check", "--strict", "a.json"]))
    }

    func testAMaxFileSizeTooLargeToCountIsAUsageErrorNotATrap() {
        // 8589934592 GiB is 2^63 bytes, one more than Int holds.
        XCTAssertThrowsError(try Command.parse(["lint", "--max-file-size", "8589934592G", "a.json"])) { error in
            XCTAssertEqual((error as? UsageError)?.message, "--max-file-size 8589934592G is too large; the largest size is 8589934591G")
        }
        XCTAssertThrowsError(try Command.parse(["lint", "--max-file-size=99999999999999999999", "a.json"]))
        let lines = Lines()
        let code = CommandRunner.main(arguments: ["lint", "--max-file-size", "8589934592G", "a.json"],
                                      console: Console(out: { lines.append($0) }, err: { lines.append($0) }))
        XCTAssertEqual(code, .failure)
        XCTAssertTrue(lines.text.hasPrefix("fmtcheck: error: --max-file-size 8589934592G is too large"), lines.text)
    }
}

/// Text a console wrote, collected for a test.
final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var parts: [String] = []
    func append(_ part: String) { lock.withLock { parts.append(part) } }
    var text: String { lock.withLock { parts.joined() } }
}
