import FormatCheck
import Foundation
import XCTest

/// `fmtcheck rule`: every rule says what it checks, why, whether it is fixable, with an example that fails and
/// one that passes — and the examples are true: each is linted (or, for an edit rule, replayed) here.
final class RuleDocumentationTests: XCTestCase {
    /// Each built-in rule's failing example has a finding of the rule and its passing example none at all; an
    /// edit rule's edit, replayed through the engine, reports the rule and leaves the passing document.
    func testEveryBuiltInExampleFailsAndPassesAsItSays() throws {
        for rule in BuiltInRule.allCases {
            let documentation = rule.documentation
            let example = try XCTUnwrap(documentation.example, "\(rule.id) has no example")
            XCTAssertFalse(example.definitionIsPath)
            let definition = try XCTUnwrap(loaded(example.definition), "\(rule.id): the example's definition does not load")
            var linter = DocumentLinter(definition: definition)
            linter.reportsUnusedSuppressions = true
            if let edit = example.edit {
                // A stored document has no edit: both documents lint clean, and the edit is what the rule is about.
                XCTAssertEqual(linter.lint(Array(example.failing.utf8)).violations, [], rule.id)
                let folder = try temporaryFolder(self)
                let definitionPath = try write(example.definition, to: "definition.json", in: folder)
                let document = try write(example.failing, to: "document.json", in: folder)
                let script = try write(edit + "\n", to: "edit.jsonl", in: folder)
                let replay = try FmtcheckProcess.run(["replay", "--definition", definitionPath, "--script", script, document, "--adjustments"])
                XCTAssertEqual(replay.status, 0, replay.err)
                XCTAssertEqual(replay.out.trimmingCharacters(in: .newlines), example.passing, rule.id)
                XCTAssertTrue(replay.err.contains("\"rule\":\"\(rule.id)\""), "\(rule.id): \(replay.err)")
            } else {
                let failing = linter.lint(Array(example.failing.utf8)).violations.map(\.rule)
                XCTAssertTrue(failing.contains(rule.id), "\(rule.id): the failing example finds \(failing)")
                XCTAssertEqual(linter.lint(Array(example.passing.utf8)).violations.map(\.rule), [], "\(rule.id): the passing example")
            }
            XCTAssertEqual(documentation.fix, BuiltInRule.fix(for: rule.id))
            XCTAssertEqual(documentation.summary, RuleCatalog.description(of: rule.id), "one text for the rule, the reports' too")
        }
    }

    /// A constraint's example is made by the engine: its failing document breaks only that constraint, and the
    /// passing one is what `--fix` writes, clean.
    func testAConstraintsExampleIsMadeByTheEngineAndChecked() throws {
        for name in ["recipe", "paragraph-styles", "notes", "swiftui-texteditor", "spellcheck"] {
            let definition = try DefinitionFile.load(path: shippedDefinition(name))
            for constraint in definition.definition.constraints {
                let documentation = try XCTUnwrap(definition.documentation(ofConstraint: constraint.name))
                XCTAssertEqual(documentation.definition, definition.name)
                let example = try XCTUnwrap(documentation.example, "\(name)/\(constraint.name) has no example")
                let linter = DocumentLinter(definition: definition)
                XCTAssertTrue(linter.lint(Array(example.failing.utf8)).violations.contains { $0.rule == constraint.name },
                              "\(name)/\(constraint.name): \(example.failing)")
                XCTAssertEqual(linter.lint(Array(example.passing.utf8)).violations, [], "\(name)/\(constraint.name): \(example.passing)")
            }
        }
    }

    func testRuleNamePrintsWhatItChecksWhyTheFixAndTheExample() throws {
        let result = try FmtcheckProcess.run(["rule", "paragraph-boundary"])
        XCTAssertEqual(result.status, 0, result.err)
        assertContains(result.out, [
            "# paragraph-boundary (built-in rule)\n",
            "Fixable with --fix: gives the whole paragraph its first character's value.\n",
            "## What it checks\nA paragraph-bound value that changes inside a paragraph.\n",
            "## Why\n", "## Example\n", "this document fails:\n", "Use instead:\n",
        ])
    }

    func testAConstraintIsDescribedFromItsDefinition() throws {
        let result = try FmtcheckProcess.run(["rule", "IngredientsAreGreen", "--definition", shippedDefinition("recipe")])
        XCTAssertEqual(result.status, 0, result.err)
        assertContains(result.out, [
            "# IngredientsAreGreen (constraint of 'recipe')\n",
            "foregroundColor is set to #34c759 when ingredient is present; otherwise it is removed.\n",
            "Fixable with --fix", "[\"milk\",{\"ingredient\":\"milk\"}]", "[\"milk\",{\"foregroundColor\":\"#34c759\",\"ingredient\":\"milk\"}]",
        ])
    }

    func testTheConfigurationsDefinitionServesWhenNoneIsGiven() throws {
        let result = try FmtcheckProcess.run(["rule", "IngredientsAreGreen"], in: packageRoot.appendingPathComponent("Examples"))
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.hasPrefix("# IngredientsAreGreen (constraint of 'recipe')"), result.out)
    }

    func testRuleAllListsEveryBuiltInRuleAndTheDefinitionsConstraintsFirst() throws {
        let result = try FmtcheckProcess.run(["rule", "--all", "--definition", shippedDefinition("recipe"), "--format", "json"])
        XCTAssertEqual(result.status, 0, result.err)
        let rules = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]])
        XCTAssertEqual(rules.map { $0["id"] as? String }, ["IngredientsAreGreen"] + BuiltInRule.allCases.map(\.id))
        // The definition's severities: recipe makes scope a warning.
        XCTAssertEqual(rules.first { $0["id"] as? String == "scope" }?["severity"] as? String, "warning")
        XCTAssertEqual(rules.first { $0["id"] as? String == "scope" }?["fix"] as? String, "unsafe")
        for rule in rules { XCTAssertNotNil(rule["example"], "\(rule["id"] ?? "?") has no example") }

        let text = try FmtcheckProcess.run(["rule", "--all"])
        XCTAssertEqual(text.status, 0, text.err)
        for rule in BuiltInRule.allCases { XCTAssertTrue(text.out.contains("# \(rule.id) (built-in rule)\n"), rule.id) }
    }

    func testAnUnknownRuleIsAUsageErrorWithAHint() throws {
        let result = try FmtcheckProcess.run(["rule", "paragraph-boundry"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.out, "")
        assertContains(result.err, ["no rule 'paragraph-boundry'", "paragraph-boundary"])
        let none = try FmtcheckProcess.run(["rule"])
        XCTAssertEqual(none.status, 2)
        assertContains(none.err, ["'rule' needs a rule name or --all"])
    }

    func testABrokenDefinitionIsAnErrorNotAnEmptyAnswer() throws {
        let folder = try temporaryFolder(self)
        let broken = try write(#"{"name": "x", "attributes": {}, "scope": ["nope"]}"#, to: "broken.json", in: folder)
        let result = try FmtcheckProcess.run(["rule", "--all", "--definition", broken])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.out, "")
        assertContains(result.err, ["does not load"])
    }
}

/// The built-in rules' one text is also SARIF's `help` and the HTML report's "what it checks".
final class RuleDocumentationInReportsTests: XCTestCase {
    func testSARIFRulesCarryTheRulesDocumentationAsHelp() throws {
        let result = try FmtcheckProcess.run(["Examples", "--format", "sarif"])
        XCTAssertEqual(result.status, 1, result.err)
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let run = try XCTUnwrap((root["runs"] as? [[String: Any]])?.first)
        let rules = try XCTUnwrap(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        let scope = try XCTUnwrap(rules.first { $0["id"] as? String == "scope" })
        let help = try XCTUnwrap(scope["help"] as? [String: String])
        let printed = try FmtcheckProcess.run(["rule", "scope"])
        XCTAssertEqual(help["markdown"], printed.out)
        XCTAssertEqual(help["text"], BuiltInRule.scope.documentation.helpText)
        // A constraint is described in its definition's words, with no help of its own.
        XCTAssertNil(rules.first { $0["id"] as? String == "IngredientsAreGreen" }?["help"])
    }

    func testTheHTMLRuleTableSaysWhatEachRuleChecks() throws {
        let result = try FmtcheckProcess.run(["Examples", "--format", "html"])
        XCTAssertEqual(result.status, 1, result.err)
        assertContains(result.out, ["<th>what it checks</th>",
                                    "<td class=\"about\" title=\"A key the definition does not know has no type and no behaviour.",
                                    ">An attribute the definition does not declare.</td>"])
    }
}
