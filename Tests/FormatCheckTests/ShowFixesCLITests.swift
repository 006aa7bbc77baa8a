import Foundation
import XCTest

/// `--show-fixes`, as ruff's: the fixes per document and rule, applied (with `--fix`) or available.
final class ShowFixesCLITests: XCTestCase {
    func corpus() throws -> URL {
        let folder = try temporaryFolder(self)
        try write(#"["Milk",{"ingredient":"milk"}," and ",{},"oats",{"ingredient":"oats"}]"#, to: "a.json", in: folder)
        try write(#"["Tea",{"bold":true,"ingredient":"tea"}]"#, to: "b.json", in: folder)
        try write(#"["Water",{}]"#, to: "c.json", in: folder)
        try FileManager.default.copyItem(atPath: shippedDefinition("recipe"), toPath: folder.appendingPathComponent("recipe.json").path)
        try write(#"{"definition": "recipe.json"}"#, to: ".fmtcheck.json", in: folder)
        return folder
    }

    func testACheckRunListsTheFixesAvailableThenTheUnsafeOnes() throws {
        let folder = try corpus()
        let result = try FmtcheckProcess.run([".", "--show-fixes"], in: folder)
        XCTAssertEqual(result.status, 1, result.err)
        assertContains(result.err, ["""
        3 fixes available with --fix:
        - ./a.json:
            2 × IngredientsAreGreen
        - ./b.json:
            1 × IngredientsAreGreen
        1 more with --fix --unsafe-fixes (they drop data):
        - ./b.json:
            1 × undeclared-attribute

        """])
        // The report on stdout is as without the option.
        XCTAssertEqual(result.out, try FmtcheckProcess.run(["."], in: folder).out)
    }

    func testAFixListsWhatItFixed() throws {
        let folder = try corpus()
        let result = try FmtcheckProcess.run([".", "--fix", "--show-fixes"], in: folder)
        XCTAssertEqual(result.status, 1, result.err)
        assertContains(result.err, ["Fixed 3 problems:\n- ./a.json:\n    2 × IngredientsAreGreen\n- ./b.json:\n    1 × IngredientsAreGreen\n",
                                    "fixed 3 problems in 2 files"])
        let again = try FmtcheckProcess.run([".", "--fix", "--show-fixes"], in: folder)
        assertContains(again.err, ["No fixes applied.\n"])
        let unsafe = try FmtcheckProcess.run([".", "--fix", "--unsafe-fixes", "--show-fixes"], in: folder)
        XCTAssertEqual(unsafe.status, 0, unsafe.err)
        assertContains(unsafe.err, ["Fixed 1 problem:\n- ./b.json:\n    1 × undeclared-attribute\n"])
    }

    func testACleanRunHasNoFixesAndRecordsRefuseTheOption() throws {
        let folder = try corpus()
        let clean = try FmtcheckProcess.run(["c.json", "--show-fixes"], in: folder)
        XCTAssertEqual(clean.status, 0, clean.err)
        assertContains(clean.err, ["No fixes available with --fix.\n"])
        let records = try FmtcheckProcess.run(["--records", "-", "--show-fixes"], in: folder, input: Data())
        XCTAssertEqual(records.status, 2)
        assertContains(records.err, ["--records cannot be combined with --show-fixes"])
    }
}
