import FormatCheck
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
}
