@testable import FormatCheck
import FormattingTesting
import XCTest

/// Exclude, per-file-ignore and `.gitignore` patterns match as git's `gitignore(5)` says.
final class PathPatternTests: XCTestCase {
    func matches(_ pattern: String, _ path: String, folder: Bool = false, base: String = "/repo",
                 file: StaticString = #filePath, line: UInt = #line) -> Bool {
        guard let compiled = PathPattern(pattern, base: base) else {
            XCTFail("'\(pattern)' did not compile", file: file, line: line)
            return false
        }
        return compiled.matches(path, isFolder: { folder })
    }

    func testANameWithoutASlashMatchesAtAnyDepthBelowItsFolder() {
        XCTAssertTrue(matches("tsconfig.json", "/repo/tsconfig.json"))
        XCTAssertTrue(matches("tsconfig.json", "/repo/web/app/tsconfig.json"))
        XCTAssertTrue(matches("*.draft.json", "/repo/notes/a.draft.json"))
        XCTAssertFalse(matches("*.draft.json", "/repo/notes/a.json"))
        XCTAssertFalse(matches("tsconfig.json", "/elsewhere/tsconfig.json"), "only below its folder")
        XCTAssertFalse(matches("tsconfig.json", "/repository/tsconfig.json"), "a folder whose name starts like the base is not below it")
    }

    func testASlashAnchorsThePatternAtItsFolder() {
        XCTAssertTrue(matches("legacy/*.json", "/repo/legacy/a.json"))
        XCTAssertFalse(matches("legacy/*.json", "/repo/docs/legacy/a.json"))
        XCTAssertFalse(matches("legacy/*.json", "/repo/legacy/old/a.json"), "* does not cross a slash")
        XCTAssertTrue(matches("/build", "/repo/build", folder: true))
        XCTAssertFalse(matches("/build", "/repo/sub/build", folder: true))
    }

    func testDoubleStarMatchesAnyNumberOfFolders() {
        XCTAssertTrue(matches("legacy/**", "/repo/legacy/a.json"))
        XCTAssertTrue(matches("legacy/**", "/repo/legacy/x/y/a.json"))
        XCTAssertFalse(matches("legacy/**", "/repo/legacy", folder: true), "a trailing /** matches what is inside")
        XCTAssertTrue(matches("**/legacy/*.json", "/repo/a/b/legacy/c.json"))
        XCTAssertTrue(matches("**/legacy/*.json", "/repo/legacy/c.json"))
        XCTAssertTrue(matches("a/**/b", "/repo/a/b"))
        XCTAssertTrue(matches("a/**/b", "/repo/a/x/y/b"))
        XCTAssertFalse(matches("a/**/b", "/repo/a/x/c"))
    }

    func testATrailingSlashMatchesOnlyFolders() {
        XCTAssertTrue(matches("drafts/", "/repo/x/drafts", folder: true))
        XCTAssertFalse(matches("drafts/", "/repo/x/drafts", folder: false))
        XCTAssertTrue(matches("drafts", "/repo/x/drafts", folder: false))
    }

    func testWildcardsSetsAndEscapes() {
        XCTAssertTrue(matches("note-?.json", "/repo/note-1.json"))
        XCTAssertFalse(matches("note-?.json", "/repo/note-12.json"))
        XCTAssertTrue(matches("note-[0-9].json", "/repo/note-7.json"))
        XCTAssertFalse(matches("note-[!0-9].json", "/repo/note-7.json"))
        XCTAssertTrue(matches("note-[!0-9].json", "/repo/note-x.json"))
        XCTAssertTrue(matches(#"\*.json"#, "/repo/*.json"))
        XCTAssertFalse(matches(#"\*.json"#, "/repo/a.json"))
        XCTAssertTrue(matches("*a*b*c", "/repo/xaybzc"))
        XCTAssertFalse(matches("*a*b*c", "/repo/xaybz"))
        XCTAssertTrue(matches("é*.json", "/repo/été.json"), "characters, not bytes")
    }

    func testBlankLinesAndCommentsAreNoPatterns() {
        XCTAssertNil(PathPattern("", base: "/repo"))
        XCTAssertNil(PathPattern("   ", base: "/repo"))
        XCTAssertNil(PathPattern("# a comment", base: "/repo"))
        XCTAssertNotNil(PathPattern(##"\#hash.json"##, base: "/repo"))
        XCTAssertTrue(matches(##"\#hash.json"##, "/repo/#hash.json"))
    }

    func testTheLastMatchingPatternDecidesAndANegationReincludes() throws {
        let patterns = ["*.json", "!keep.json"].compactMap { PathPattern($0, base: "/repo") }
        XCTAssertEqual(patterns.decidingMatch(for: "/repo/a.json", isFolder: { false })?.isNegated, false)
        XCTAssertEqual(patterns.decidingMatch(for: "/repo/keep.json", isFolder: { false })?.isNegated, true)
        XCTAssertNil(patterns.decidingMatch(for: "/repo/a.rtf", isFolder: { false }))
    }

    func testAFolderOnlyPatternAsksWhetherThePathIsAFolderOnlyWhenItsNameMatches() {
        let pattern = PathPattern("build/", base: "/")!
        var asked = 0
        _ = pattern.matches("/repo/docs/a.json", isFolder: { asked += 1; return false })
        XCTAssertEqual(asked, 0)
        XCTAssertTrue(pattern.matches("/repo/build", isFolder: { asked += 1; return true }))
        XCTAssertEqual(asked, 1)
    }

    func testTheNameShortcutAgreesWithTheSegmentMatch() {
        let seed = ProcessInfo.processInfo.environment["FMTCHECK_SEED"].flatMap { UInt64($0) } ?? 0x5041_5448
        var rng = SeededGenerator(seed: seed)
        let pieces = ["a", "b", "é", "*", "?", "[ab]", "[!a]", "\\*", ".json", "x"]
        let names = ["a", "b", "ab", "é", "a.json", "*", "xa", "ba.json", ""]
        for _ in 0..<3000 {
            let pattern = (0..<Int.random(in: 1...3, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
                + (Bool.random(using: &rng) ? "/" : "")
            let base = ["/", "/r", "/r/s"].randomElement(using: &rng)!
            guard let compiled = PathPattern(pattern, base: base) else { continue }
            let path = "/" + (0..<Int.random(in: 1...4, using: &rng)).map { _ in ["r", "s"].randomElement(using: &rng)! + (names.randomElement(using: &rng)!) }
                .joined(separator: "/")
            let folder = Bool.random(using: &rng)
            XCTAssertEqual(compiled.matches(path, isFolder: { folder }), compiled.matchesBySegments(path, isFolder: { folder }),
                           "seed \(seed): '\(pattern)' at \(base) on \(path) (folder: \(folder))")
        }
    }
}
