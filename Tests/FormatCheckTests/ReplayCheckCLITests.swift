import Foundation
import XCTest
import FormatCheck
import Formatting
import FormattingTesting
import RichText

/// `fmtcheck replay` takes every script the property harness prints, and `--check` prints the harness's failure.
final class ReplayCheckCLITests: XCTestCase {
    /// The script lines of a printed failure report.
    static func printedScript(_ report: String) -> String {
        report.split(separator: "\n").filter { $0.hasPrefix("{\"op\"") }.joined(separator: "\n") + "\n"
    }

    static let paragraphFollowsIngredient = """
        {
          "name": "marked-paragraphs",
          "attributes": {
            "ingredient": { "type": "string", "inheritedByAddedText": false, "invalidationConditions": ["textChanged"] },
            "marked": { "type": "bool", "runBoundaries": "paragraph" }
          },
          "scope": ["ingredient", "marked"],
          "constraints": [
            { "name": "MarkedWhereIngredient", "key": "marked", "rules": [{ "when": { "present": "ingredient" }, "set": true }], "otherwise": "remove" }
          ]
        }
        """

    func testProbe() throws {
        let folder = try temporaryFolder(self)
        let path = try write(Self.paragraphFollowsIngredient, to: "d.json", in: folder)
        let loaded = try DefinitionFile.load(path: path)
        let result = PropertyCheck.run(definition: loaded.definition, seed: 1, budget: PropertyCheckBudget(scripts: 100, steps: 60), failuresFolder: nil)
        print(result.description)
    }
}
