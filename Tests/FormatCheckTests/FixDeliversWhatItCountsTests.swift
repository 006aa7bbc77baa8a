import Foundation
import XCTest

/// "N fixable with --fix" is what `--fix` then fixes (issue 39, defect 2): a document holding a wrong-typed value
/// is fixed around it (the value stays, as a safe fix leaves it) instead of not at all, and where a fix writes the
/// key a wrong-typed value stands on, it writes its value over it.
final class FixDeliversWhatItCountsTests: XCTestCase {
    /// Lints `document` (in a fresh folder, under `definition`), fixes it, and lints it again: the check's
    /// "fixable with --fix" count, what the fix said, the fixed bytes and what is left.
    func checkFixAndCheckAgain(_ document: String, definition: String) throws -> (claimed: Int, fix: FmtcheckProcess.Result, written: String, after: FmtcheckProcess.Result) {
        let folder = try temporaryFolder(self)
        let path = try write(document, to: "doc.json", in: folder)
        let check = try FmtcheckProcess.run(["--definition", definition, path])
        let claimed = try XCTUnwrap(check.err.firstMatch(of: /(\d+) fixable with --fix/).map { Int($0.1)! }, check.err)
        let fix = try FmtcheckProcess.run(["--definition", definition, "--fix", path])
        let written = try String(contentsOfFile: path, encoding: .utf8)
        let after = try FmtcheckProcess.run(["--definition", definition, path])
        return (claimed, fix, written, after)
    }

    func fixedCount(_ fix: FmtcheckProcess.Result) throws -> Int {
        try XCTUnwrap(fix.err.firstMatch(of: /fixed (\d+) problems?/).map { Int($0.1)! }, fix.err)
    }

    func testAWrongTypedValueInATableEntryDoesNotKeepTheRestOfTheDocumentFromBeingFixed() throws {
        // "a\n" has ingredient "milk" and a foregroundColor of the wrong type: IngredientsAreGreen writes its
        // colour over the 12. "salt" needs its colour too; "pepper" keeps its wrong-typed ingredient.
        let document = #"{"runs":["salt",0,"pepper",1,"a\n",2],"attributeTable":[{"ingredient":"salt"},{"ingredient":7},{"foregroundColor":12,"ingredient":"milk"}]}"#
        let run = try checkFixAndCheckAgain(document, definition: shippedDefinition("recipe"))
        XCTAssertEqual(run.claimed, 2, "the two IngredientsAreGreen findings")
        XCTAssertEqual(run.fix.status, 1, run.fix.err)
        XCTAssertGreaterThanOrEqual(try fixedCount(run.fix), run.claimed, run.fix.err)
        XCTAssertEqual(run.written, ##"{"runs":["salt",0,"pepper",1,"a\n",2],"attributeTable":[{"ingredient":"salt","foregroundColor":"#34c759"},{"ingredient":7},{"foregroundColor":"#34c759","ingredient":"milk"}]}"##)
        XCTAssertFalse(run.after.err.contains("fixable with --fix"), run.after.err)
        XCTAssertTrue(run.after.out.contains("wrong-type: ingredient is 7 (integer)"), "the wrong-typed value stays: \(run.after.out)")
    }

    func testARunGivenAnotherTableEntryTakesNoWrongTypedValueFromIt() throws {
        // "b\n" takes its paragraph's lineHeight 2 while "c" keeps entry 1: entry 0 has lineHeight 2 but also a
        // wrong-typed alignment, which pointing "b\n" at it would add; it gets an entry of its own.
        let document = #"{"runs":["a",0,"b\n",1,"c",1],"attributeTable":[{"lineHeight":2,"alignment":9},{"lineHeight":1}]}"#
        let run = try checkFixAndCheckAgain(document, definition: shippedDefinition("paragraph-styles"))
        XCTAssertEqual(run.claimed, 1)
        XCTAssertEqual(try fixedCount(run.fix), 1, run.fix.err)
        XCTAssertEqual(run.written, #"{"runs":["a",0,"b\n",2,"c",1],"attributeTable":[{"lineHeight":2,"alignment":9},{"lineHeight":1},{"lineHeight":2}]}"#)
        XCTAssertEqual(run.after.out.components(separatedBy: "wrong-type").count, 2, "one wrong-typed value, as before: \(run.after.out)")
    }

    func testASplitRunGetsEntriesWithItsOwnUnreadMembersAndLeavesNoEntryUnused() throws {
        // The paragraph-bound lineHeight is set on the first paragraph from its start; "b\nc" is cut in two, each
        // half with its own entry, both keeping the run's null.
        let definition = shippedDefinition("paragraph-styles")
        let document = #"{"runs":["a",0,"b\nc",1],"attributeTable":[{"lineHeight":2},{"lineHeight":null,"alignment":"left"}]}"#
        let run = try checkFixAndCheckAgain(document, definition: definition)
        XCTAssertGreaterThan(run.claimed, 0)
        XCTAssertGreaterThanOrEqual(try fixedCount(run.fix), run.claimed, run.fix.err)
        XCTAssertFalse(run.after.err.contains("fixable with --fix"), run.after.out + run.after.err)
        // Entry 1 is patched where it is for one half; the other half takes a new entry: each null once per use.
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.written.utf8)) as? [String: Any])
        let table = try XCTUnwrap(object["attributeTable"] as? [[String: Any]])
        let runs = try XCTUnwrap(object["runs"] as? [Any])
        let used = Set(stride(from: 1, to: runs.count, by: 2).compactMap { runs[$0] as? Int })
        XCTAssertEqual(used, Set(table.indices), "every entry is used: \(run.written)")
    }

    func testAParagraphBoundFixWritesOverAWrongTypedValueOfItsKey() throws {
        // Before: "the fixed document is not clean", nothing written, though the check counted the fix.
        let document = #"["pepper",{"writingDirection":"natural"},"été",{"writingDirection":5,"alignment":3}]"#
        let run = try checkFixAndCheckAgain(document, definition: shippedDefinition("paragraph-styles"))
        XCTAssertEqual(run.claimed, 1)
        XCTAssertFalse(run.fix.err.contains("internal error"), run.fix.err)
        XCTAssertEqual(run.written, #"["pepper",{"writingDirection":"natural"},"été",{"writingDirection":"natural","alignment":3}]"#)
        XCTAssertFalse(run.after.err.contains("fixable with --fix"), run.after.err)
    }

    func testUnsafeFixesLeaveNoWrongTypedValueInATableEntryTheRunsStillUse() throws {
        // Before: entry 1's runs keep their set, so the entry was not rewritten and its 3 stayed ("not clean").
        let document = #"{"runs":["a\n",0,"b",1,"c",1],"attributeTable":[{"alignment":"left"},{"alignment":3,"lineHeight":2}]}"#
        let folder = try temporaryFolder(self)
        let path = try write(document, to: "doc.json", in: folder)
        let fix = try FmtcheckProcess.run(["--definition", shippedDefinition("paragraph-styles"), "--fix", "--unsafe-fixes", path])
        XCTAssertEqual(fix.status, 0, fix.out + fix.err)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), #"{"runs":["a\n",0,"b",1,"c",1],"attributeTable":[{"alignment":"left"},{"lineHeight":2}]}"#)
    }
}
