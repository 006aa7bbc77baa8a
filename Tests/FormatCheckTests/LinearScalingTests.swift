import FormatCheck
import Foundation
import RichText
import XCTest

/// Inputs large in one dimension cost time in proportion to their size. The sizes are ones that quadratic
/// code takes minutes on (a run of 20k keys took 14.5 s, an enum of 20k values 40 s), so a regression shows
/// as a hang; linear code does them in well under a second. The tests check results, not time.
final class LinearScalingTests: XCTestCase {
    static let size = 100_000

    func testARunOfAHundredThousandDistinctKeysLints() throws {
        let keys = (0..<Self.size).map { "key\($0)" }
        let document = #"["x",{"# + keys.map { #""\#($0)":1"# }.joined(separator: ",") + "}]"
        let linter = DocumentLinter(definition: try DefinitionFile.load(path: shippedDefinition("plain")))
        let outcome = linter.lint(Array(document.utf8))
        XCTAssertEqual(outcome.violations.count, Self.size)
        XCTAssertEqual(Set(outcome.violations.map(\.rule)), ["undeclared-attribute"])
        XCTAssertEqual(Set(outcome.violations.compactMap(\.key)).count, Self.size)
        let fixed = try XCTUnwrap(outcome.fixed)
        XCTAssertEqual(fixed.string, "x")
        XCTAssertTrue(fixed.runs.allSatisfy { $0.attributes.entries.isEmpty })
    }

    func testAnEnumOfAHundredThousandValuesAllAllowedLoads() throws {
        let values = (0..<Self.size).map { "\"v\($0)\"" }.joined(separator: ",")
        let text = """
            {"name": "big", "attributes": {"k": {"type": "enum", "values": [\(values)]}}, "scope": ["k"],
             "constraints": [{"name": "Listed", "key": "k", "allowed": [\(values)]}]}
            """
        let definition = try XCTUnwrap(loaded(text))
        guard case .enumeration(let loadedValues)? = definition.declaration(of: "k")?.type else {
            return XCTFail("k is not an enum")
        }
        XCTAssertEqual(loadedValues.count, Self.size)
        XCTAssertEqual(loadedValues.last, "v\(Self.size - 1)")
        XCTAssertTrue(loadedValues.contains("v\(Self.size / 2)"))
        XCTAssertFalse(loadedValues.contains("w1"))

        let linter = DocumentLinter(definition: definition)
        XCTAssertEqual(linter.lint(Array(#"["a",{"k":"v99999"}]"#.utf8)).violations, [])
        XCTAssertEqual(linter.lint(Array(#"["a",{"k":"w1"}]"#.utf8)).violations.map(\.rule), ["wrong-type"])
    }

    func testAnEnumValueListedTwiceIsStillReportedOnce() {
        let text = #"{"name": "d", "attributes": {"k": {"type": "enum", "values": ["a", "b", "a"]}}, "scope": ["k"]}"#
        let found = diagnostics(text).filter { $0.check == .duplicateName }
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.message, #"the enum value "a" is listed twice"#)
    }
}
