import Foundation
import XCTest

/// Which files a run lints, as ruff decides it (issue 20): `exclude` and `extendExclude` in `.fmtcheck.json`,
/// `--exclude` and `--extend-exclude`, the default excludes, `.gitignore` inside a git repository
/// (`--no-respect-gitignore` turns it off), and files named on the command line linted unless `--force-exclude`.
final class ExcludeCLITests: XCTestCase {
    let document = #"["milk",{"ingredient":"milk"}]"#

    /// A git repository with a configuration, a document in `docs/`, ordinary JSON (`tsconfig.json`, a package in
    /// `node_modules/`), a git-ignored `drafts/` and an excluded `archive/`.
    func repository(configuration: String = "") throws -> URL {
        let root = try temporaryFolder(self)
        for folder in [".git", "docs", "node_modules/pkg", "drafts", "archive"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try write(#"{"definition":"\#(shippedDefinition("recipe"))"\#(configuration)}"#, to: ".fmtcheck.json", in: root)
        try write(document, to: "docs/a.json", in: root)
        try write(document, to: "drafts/b.json", in: root)
        try write(document, to: "archive/c.json", in: root)
        try write(#"{"compilerOptions":{}}"#, to: "tsconfig.json", in: root)
        try write(#"{"name":"pkg"}"#, to: "node_modules/pkg/package.json", in: root)
        try write("drafts/\n", to: ".gitignore", in: root)
        return root
    }

    /// The documents a run reported findings in, by path as printed.
    func linted(_ result: FmtcheckProcess.Result) -> Set<String> {
        Set(result.out.split(separator: "\n").compactMap { $0.split(separator: ":").first.map(String.init) })
    }

    func testOrdinaryJSONIsPassedOverByExcludeAndTheDefaultsAndGitignoredFoldersAreNotSearched() throws {
        // Ordinary JSON the defaults do not know is a malformed document: exit 2.
        let root = try repository()
        try write(#"{"compilerOptions":{}}"#, to: "settings.json", in: root)
        let before = try FmtcheckProcess.run(["."], in: root)
        XCTAssertEqual(before.status, 2, before.out + before.err)
        XCTAssertTrue(linted(before).contains("./settings.json"), before.out)
        XCTAssertFalse(linted(before).contains("./tsconfig.json"), "tsconfig.json is a default exclude")
        XCTAssertFalse(linted(before).contains("./node_modules/pkg/package.json"), "node_modules is a default exclude")
        XCTAssertFalse(linted(before).contains("./drafts/b.json"), "drafts/ is git-ignored")

        let excluded = try repository(configuration: #","extendExclude":["settings.json","archive/"]"#)
        try write(#"{"compilerOptions":{}}"#, to: "settings.json", in: excluded)
        let result = try FmtcheckProcess.run([".", "--verbose"], in: excluded)
        XCTAssertEqual(result.status, 1, result.out + result.err)
        XCTAssertEqual(linted(result), ["./docs/a.json"], result.out)
        assertContains(result.err, [
            "./settings.json: skipped: excluded by 'settings.json' (",
            "./tsconfig.json: skipped: excluded by 'tsconfig.json' (the default excludes)",
            "./archive: skipped: excluded by 'archive/' (",
            "./node_modules: skipped: excluded by 'node_modules/' (the default excludes)",
            "./drafts: skipped: ignored by 'drafts/' (.gitignore:1)",
            "; 5 excluded (--verbose lists them)",
        ])
    }

    func testExcludeReplacesTheDefaultsAndTheCommandLineReplacesOrExtendsTheConfiguration() throws {
        let root = try repository(configuration: #","exclude":["tsconfig.json"]"#)
        // `exclude` replaces the defaults: node_modules is searched, and its package.json is not a document.
        var result = try FmtcheckProcess.run(["."], in: root)
        XCTAssertTrue(linted(result).contains("./node_modules/pkg/package.json"), result.out)
        // --exclude replaces the configuration's exclude.
        result = try FmtcheckProcess.run([".", "--exclude", "node_modules/,archive"], in: root)
        XCTAssertEqual(linted(result), ["./docs/a.json", "./tsconfig.json"], result.out)
        // --extend-exclude adds to it.
        result = try FmtcheckProcess.run([".", "--extend-exclude", "node_modules/,archive"], in: root)
        XCTAssertEqual(linted(result), ["./docs/a.json"], result.out)
        XCTAssertEqual(result.status, 1)
    }

    func testGitignoreCountsOnlyInARepositoryAndCanBeTurnedOff() throws {
        let root = try repository(configuration: #","extendExclude":["tsconfig.json","archive/"]"#)
        var result = try FmtcheckProcess.run([".", "--no-respect-gitignore"], in: root)
        XCTAssertEqual(linted(result), ["./docs/a.json", "./drafts/b.json"], result.out)
        result = try FmtcheckProcess.run([".", "--no-respect-gitignore", "--respect-gitignore"], in: root)
        XCTAssertEqual(linted(result), ["./docs/a.json"], result.out)
        // The configuration can turn it off too.
        try write(#"{"definition":"\#(shippedDefinition("recipe"))","extendExclude":["tsconfig.json","archive/"],"respectGitignore":false}"#,
                  to: ".fmtcheck.json", in: root)
        result = try FmtcheckProcess.run(["."], in: root)
        XCTAssertEqual(linted(result), ["./docs/a.json", "./drafts/b.json"], result.out)
        // Outside a git repository a .gitignore is only a file.
        try write(#"{"definition":"\#(shippedDefinition("recipe"))","extendExclude":["tsconfig.json","archive/"]}"#, to: ".fmtcheck.json", in: root)
        try FileManager.default.removeItem(at: root.appendingPathComponent(".git"))
        result = try FmtcheckProcess.run(["."], in: root)
        XCTAssertEqual(linted(result), ["./docs/a.json", "./drafts/b.json"], result.out)
    }

    func testANestedGitignoreAndANegationFollowGitsPrecedence() throws {
        let root = try repository(configuration: #","extendExclude":["tsconfig.json","archive/"]"#)
        try write("*.json\n", to: "docs/.gitignore", in: root)
        try write(document, to: "docs/keep.json", in: root)
        var result = try FmtcheckProcess.run(["docs"], in: root)
        XCTAssertEqual(result.status, 2, "every document of docs/ is ignored: a folder with no document is an error")
        XCTAssertTrue(result.err.contains("no documents found under docs: no .json, .rtf or .rtfd document (2 excluded; --verbose lists them)"), result.err)
        try write("*.json\n!keep.json\n", to: "docs/.gitignore", in: root)
        result = try FmtcheckProcess.run(["docs"], in: root)
        XCTAssertEqual(linted(result), ["docs/keep.json"], result.out + result.err)
    }

    func testANamedFileIsLintedUnlessForceExcludeIsOn() throws {
        let root = try repository(configuration: #","extendExclude":["tsconfig.json"]"#)
        var result = try FmtcheckProcess.run(["drafts/b.json", "archive/c.json"], in: root)
        XCTAssertEqual(linted(result), ["drafts/b.json", "archive/c.json"], result.out)
        // As pre-commit passes every changed file: the excluded ones are passed over, and a run of only those passes.
        result = try FmtcheckProcess.run(["tsconfig.json", "drafts/b.json", "--force-exclude", "--verbose"], in: root)
        XCTAssertEqual(result.status, 0, result.out + result.err)
        XCTAssertEqual(result.out, "")
        XCTAssertTrue(result.err.contains("drafts/b.json: skipped: ignored by 'drafts/' (.gitignore:1), and --force-exclude is on"), result.err)
        XCTAssertTrue(result.err.contains("0 files linted; 2 excluded"), result.err)
        // The configuration can set it.
        try write(#"{"definition":"\#(shippedDefinition("recipe"))","extendExclude":["tsconfig.json"],"forceExclude":true}"#, to: ".fmtcheck.json", in: root)
        result = try FmtcheckProcess.run(["tsconfig.json", "docs/a.json"], in: root)
        XCTAssertEqual(linted(result), ["docs/a.json"], result.out)
    }

    func testABadPatternIsAnErrorNamingItsPlace() throws {
        let root = try repository(configuration: #","exclude":["ok/", 3]"#)
        let result = try FmtcheckProcess.run(["."], in: root)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains(".fmtcheck.json:1:"), result.err)
        XCTAssertTrue(result.err.contains("\"exclude\" must be an array of gitignore-style patterns (strings)"), result.err)
        let usage = try FmtcheckProcess.run([".", "--exclude", "#comment"], in: root)
        XCTAssertEqual(usage.status, 2)
        XCTAssertTrue(usage.err.contains("--exclude '#comment' matches nothing"), usage.err)
    }
}
