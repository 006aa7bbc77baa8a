import Foundation
import XCTest

/// SARIF that code scanning can match across edits and across definitions: fingerprints of what a finding is
/// about, rule ids namespaced where two definitions share a constraint name, rules in the definition's words.
final class SARIFReportTests: XCTestCase {
    func results(_ arguments: [String]) throws -> (rules: [[String: Any]], results: [[String: Any]]) {
        let out = try FmtcheckProcess.run(arguments + ["--format", "sarif"]).out
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        let run = try XCTUnwrap((root["runs"] as? [[String: Any]])?.first)
        let driver = try XCTUnwrap((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        return (try XCTUnwrap(driver["rules"] as? [[String: Any]]), try XCTUnwrap(run["results"] as? [[String: Any]]))
    }

    func fingerprints(_ results: [[String: Any]]) -> [String] {
        results.compactMap { ($0["partialFingerprints"] as? [String: String])?["fmtcheck/v1"] }
    }

    func testFingerprintsSurviveAnUnrelatedEditAndANewFindingHasItsOwn() throws {
        let folder = try temporaryFolder(self)
        let before = try write(#"["Whisk ",{},"milk",{"ingredient":"milk"}," and ",{},"eggs",{"ingredient":"eggs"}]"#, to: "a.json", in: folder)
        let first = fingerprints(try results(["--definition", shippedDefinition("recipe"), before]).results)
        XCTAssertEqual(first.count, 2)
        XCTAssertEqual(Set(first).count, 2)
        // A new paragraph at the top moves every finding, and a new finding comes with it.
        try Data(#"["A new line, with ",{},"salt",{"ingredient":"salt"},"\nWhisk ",{},"milk",{"ingredient":"milk"}," and ",{},"eggs",{"ingredient":"eggs"}]"#.utf8)
            .write(to: URL(fileURLWithPath: before))
        let second = fingerprints(try results(["--definition", shippedDefinition("recipe"), before]).results)
        XCTAssertEqual(second.count, 3)
        XCTAssertEqual(Array(second.suffix(2)), first, "the old findings keep their fingerprints")
        XCTAssertFalse(first.contains(second[0]), "the new one has its own")
    }

    func testTheSameFindingTwiceInAFileCountsItsOccurrences() throws {
        let folder = try temporaryFolder(self)
        // Two paragraphs alike: the same finding, with the same text beside it in its paragraph.
        let path = try write(#"["milk",{"ingredient":"milk"},"\n",{},"milk",{"ingredient":"milk"},"\n",{}]"#, to: "twice.json", in: folder)
        let prints = fingerprints(try results(["--definition", shippedDefinition("recipe"), path]).results)
        XCTAssertEqual(prints.count, 2)
        let (a, b) = (prints[0].split(separator: ":"), prints[1].split(separator: ":"))
        XCTAssertEqual(a.last, "1")
        XCTAssertEqual(b.last, "2")
    }

    func testAConstraintNameTwoDefinitionsShareIsNamespacedAndDescribedInTheirWords() throws {
        let folder = try temporaryFolder(self)
        for (name, words) in [("kitchen", "Ingredients in the kitchen are green."), ("garden", "Plants in the garden are green.")] {
            let sub = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
            _ = try write("""
                {"name":"\(name)","attributes":{"foregroundColor":{"type":"color"},"ingredient":{"type":"string"}},
                 "scope":["foregroundColor","ingredient"],
                 "constraints":[{"name":"ItemsAreGreen","description":"\(words)","key":"foregroundColor",
                                 "rules":[{"when":{"present":"ingredient"},"set":"#34C759"}],"otherwise":"remove"}]}
                """, to: "definition.json", in: sub)
            _ = try write(#"{"definition":"definition.json"}"#, to: ".fmtcheck.json", in: sub)
            _ = try write(#"["basil",{"ingredient":"basil"}]"#, to: "doc.json", in: sub)
        }
        let (rules, results) = try results([folder.path])
        let ids = rules.compactMap { $0["id"] as? String }
        XCTAssertTrue(ids.contains("garden/ItemsAreGreen") && ids.contains("kitchen/ItemsAreGreen"), "\(ids)")
        XCTAssertFalse(ids.contains("ItemsAreGreen"))
        let words = Dictionary(uniqueKeysWithValues: rules.map { ($0["id"] as! String, (($0["shortDescription"] as? [String: Any])?["text"] as? String) ?? "") })
        XCTAssertEqual(words["kitchen/ItemsAreGreen"], "Ingredients in the kitchen are green.")
        XCTAssertEqual(words["garden/ItemsAreGreen"], "Plants in the garden are green.")
        XCTAssertEqual(Set(results.compactMap { $0["ruleId"] as? String }), ["garden/ItemsAreGreen", "kitchen/ItemsAreGreen"])
        for result in results {
            XCTAssertEqual(ids[result["ruleIndex"] as! Int], result["ruleId"] as? String)
        }
    }
}
