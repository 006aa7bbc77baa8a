import FormatCheck
import XCTest

/// Rules that can never apply are found, with the reason.
final class ReachabilityTests: XCTestCase {
    /// A definition whose constraint `R` on `a` has the given rules JSON.
    private func definition(rules: String, otherwise: String? = nil) -> String {
        """
        {"name": "x",
         "attributes": {"a": {"type": "string"}, "b": {"type": "string"}, "c": {"type": "bool"}},
         "scope": ["a", "b", "c"],
         "constraints": [{"name": "R", "key": "a", "rules": \(rules)\(otherwise.map { ", \"otherwise\": \($0)" } ?? "")}]}
        """
    }

    private func unreachable(_ text: String) -> [Diagnostic] {
        switch DefinitionFile.parse(text, fileName: "test.json") {
        case .success(let loaded): return loaded.warnings.filter { $0.check == .unreachableRule }
        case .failure(let problems): return problems.diagnostics.filter { $0.check == .unreachableRule }
        }
    }

    func testARuleRepeatingAnEarlierConditionIsUnreachable() {
        let found = unreachable(definition(rules: #"[{"when": {"present": "b"}, "set": "x"}, {"when": {"present": "b"}, "remove": true}]"#))
        XCTAssertEqual(found.map(\.path), ["$.constraints[0].rules[1]"])
        XCTAssertEqual(found.first?.message, "rules[1] of 'R' never applies: its condition repeats that of rules[0], which comes first")
        XCTAssertEqual(found.first?.severity, .error)
    }

    func testRulesAfterAnAlwaysTrueConditionAreUnreachable() {
        let found = unreachable(definition(rules: #"[{"when": {"all": []}, "set": "x"}, {"when": {"present": "b"}, "remove": true}, {"when": {"absent": "c"}, "keep": true}]"#, otherwise: #""remove""#))
        XCTAssertEqual(found.map(\.path), ["$.constraints[0].rules[1]", "$.constraints[0].rules[2]", "$.constraints[0].otherwise"])
        XCTAssertTrue(found[0].message.hasSuffix("rules[0] before it always applies"))
        XCTAssertEqual(found.last?.severity, .warning)
    }

    func testNotOfAnEmptyAnyAlwaysHolds() {
        let found = unreachable(definition(rules: #"[{"when": {"not": {"any": []}}, "set": "x"}, {"when": {"present": "b"}, "remove": true}]"#))
        XCTAssertEqual(found.map(\.path), ["$.constraints[0].rules[1]"])
    }

    func testPresentAndAbsentTogetherCanNeverHold() {
        let found = unreachable(definition(rules: #"[{"when": {"all": [{"present": "b"}, {"absent": "b"}]}, "set": "x"}]"#))
        XCTAssertEqual(found.map(\.path), ["$.constraints[0].rules[0]"])
        XCTAssertEqual(found.first?.hint, "it needs 'b' to be both present and absent; fix or remove the rule")
    }

    func testEqualsTwoDifferentValuesCanNeverHold() {
        let found = unreachable(definition(rules: #"[{"when": {"all": [{"equals": {"key": "b", "value": "x"}}, {"equals": {"key": "b", "value": "y"}}]}, "set": "x"}]"#))
        XCTAssertEqual(found.first?.hint, "it needs 'b' to equal both \"x\" and \"y\"; fix or remove the rule")
    }

    func testARuleCoveredByEarlierRulesTogetherIsUnreachable() {
        let found = unreachable(definition(rules: #"[{"when": {"present": "c"}, "set": "x"}, {"when": {"absent": "c"}, "set": "y"}, {"when": {"equals": {"key": "b", "value": "z"}}, "remove": true}]"#))
        XCTAssertEqual(found.map(\.path), ["$.constraints[0].rules[2]", ])
        XCTAssertTrue(found.first?.message.hasSuffix("the rules before it already take every case it covers") ?? false)
    }

    func testRulesThatEachTakeSomeCaseAreReachable() {
        XCTAssertEqual(unreachable(definition(rules: #"[{"when": {"equals": {"key": "b", "value": "x"}}, "set": "x"}, {"when": {"present": "b"}, "remove": true}, {"when": {"not": {"equals": {"key": "c", "value": true}}}, "keep": true}]"#, otherwise: #"{"set": "q"}"#)), [])
    }
}
