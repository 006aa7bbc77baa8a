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
}
