import XCTest
import FormattingTesting

/// Inputs libFuzzer's `EditScriptFuzz` saved, replayed through the same decoding (`ByteScript`). Each crash
/// found becomes a case here; the seeds of `Fuzz/Seeds/EditScriptFuzz` run too.
final class FuzzRegressionTests: XCTestCase {
    static var seedDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/Seeds/EditScriptFuzz")
    }

    func testEditScriptFuzzSeedsKeepEveryInvariant() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.seedDirectory.path).sorted()
        XCTAssertFalse(files.isEmpty)
        for file in files {
            let script = ByteScript([UInt8](try Data(contentsOf: Self.seedDirectory.appendingPathComponent(file))))
            XCTAssertNil(script.check().map { "\($0)" }, file)
        }
    }

    func testByteScriptsDecodeReproducibly() {
        let bytes: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 1, 2, 5, 1, 3, 2, 8, 2, 3]
        XCTAssertEqual(ByteScript(bytes).steps, ByteScript(bytes).steps)
        XCTAssertEqual(ByteScript(bytes).seed, 7)
        XCTAssertNil(ByteScript(bytes).check().map { "\($0)" })
    }

    /// EditScriptFuzz, crash-fbefa1d1 (found after about 16,000 execs): "\r\n" typed between "•" and a
    /// combining mark makes "•" a character of its own again, so a rule setting the character-bound `bullet`
    /// now applies to it — but the engine only looked at the typed text. It now also looks at the character on
    /// each side of every edit.
    func testTypingThatSplitsAClusterReevaluatesTheCharacterBeside() throws {
        let bytes: [UInt8] = [
            32, 32, 152, 233, 57, 128, 110, 240, 182, 132, 93, 106, 157, 101, 126, 184, 41, 143, 45, 229, 46, 166,
            157, 116, 173, 167, 95, 21, 199, 155, 125, 171, 51, 47, 125, 112, 10, 124, 205, 37, 137, 36, 38, 11, 5,
            148, 183, 252, 240, 78, 51, 167, 39, 88, 91, 76, 72, 163, 156, 54, 150, 64, 105, 72, 16, 161, 105, 91,
            153, 221, 80, 24, 126, 129, 32, 228, 220, 128, 224, 232, 5, 202, 173, 87, 132, 248, 12, 213, 9, 163, 156,
            54, 150, 64, 105, 72, 16, 161, 105, 91, 153, 221, 80, 24, 126, 129, 115, 122, 160, 253, 245, 115, 211,
            172, 83, 101, 113, 117, 101, 110, 99, 101, 152, 153, 190, 84, 237, 43
        ]
        let script = ByteScript(bytes)
        let failure = script.check()
        XCTAssertNil(failure, failure.map { "step \($0.step): \($0.failure)" } ?? "")
    }

    /// EditScriptFuzz, crash-49041edc (found after about 73,000 execs): plain text replacing the first
    /// characters of a paragraph (after a U+2029) left a paragraph-bound key on the rest of that paragraph,
    /// because the check for mixed paragraphs only looked at the runs at the edges of the edited region.
    func testReplacingTheStartOfAParagraphAfterU2029KeepsItUniform() {
        let bytes: [UInt8] = [
            114, 64, 136, 186, 151, 58, 234, 141, 55, 122, 215, 82, 59, 27, 85, 123, 81, 52, 222, 193, 150, 129, 244, 161,
            51, 106, 162, 20, 13, 5, 46, 7, 6, 211, 20, 96, 122, 55, 23, 151, 58, 46, 7, 6, 211, 20, 96, 122,
            215, 82, 59, 27, 58, 123, 81, 52, 222, 193, 150, 129, 193, 150, 129, 199, 106, 162, 20, 13, 5, 46, 51, 106,
            162, 20, 13, 5, 186, 151, 58, 234, 93, 141, 55, 23, 151, 6, 7, 46, 44, 0, 230, 200, 160,
        ]
        let failure = ByteScript(bytes).check()
        XCTAssertNil(failure, failure.map { "step \($0.step): \($0.failure)" } ?? "")
    }
}
