@testable import RichText
import XCTest
import struct FormattingTesting.SeededGenerator

/// A chunk cut from text gets room to grow (`TextChunk(copying:)`), so that its first small insertions write in
/// place. The room must change nothing but where the bytes live: the chunk holds the same text, counts and ASCII
/// runs as a chunk made from the same text without room, and the same edits leave both equal.
final class ChunkRoomTests: XCTestCase {
    /// Checks that two chunks hold the same text, counts and ASCII runs, and that the counts are exact.
    private func assertSame(_ roomy: TextChunk, _ plain: TextChunk, _ context: @autoclosure () -> String,
                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(roomy.string, plain.string, "text, \(context())", file: file, line: line)
        XCTAssertEqual(roomy.summary, plain.summary, "summary, \(context())", file: file, line: line)
        XCTAssertEqual(roomy.summary, TextChunk.summarize(roomy.string), "exact summary, \(context())", file: file, line: line)
        XCTAssertEqual(roomy.leadingASCII, plain.leadingASCII, "leading run, \(context())", file: file, line: line)
        XCTAssertEqual(roomy.trailingASCII, plain.trailingASCII, "trailing run, \(context())", file: file, line: line)
    }

    /// Random texts of every size (inline small strings too), then random edits applied to both chunks alike.
    func testChunkWithRoomMatchesChunkWithout() {
        var rng = SeededGenerator(seed: 0x5CA1_E500)
        let replacements = ["", "x", "yz", "é", "🙂", "\n", "\r\n", "word word word ", String(repeating: "z", count: 40)]
        for round in 0..<propertyBudget(default: 60, long: 600) {
            let size = rng.pick([0, 1, 15, 16, 17, rng.int(0...TextChunk.maxUTF8)])
            let text = ChunkASCIIRunsTests.sparseText(&rng, bytes: size, sparse: rng.pick([0.0, 0.05, 0.3]))
            // The text as a slice of a larger string, as `cut` hands it over.
            let whole = "<<" + text + ">>"
            let slice = whole.dropFirst(2).dropLast(2)
            var roomy = TextChunk(copying: slice)
            var plain = TextChunk(String(slice))
            assertSame(roomy, plain, "round \(round), built")
            // The same bytes copied from a buffer, as a probe cuts its excerpt from a chunk.
            var fromBytes = Array(slice.utf8).withUnsafeBufferPointer { TextChunk(copying: $0) }
            assertSame(fromBytes, plain, "round \(round), built from bytes")
            for step in 0..<30 {
                let starts = ChunkASCIIRunsTests.scalarStarts(plain.string)
                let a = rng.pick(starts)
                var b = rng.chance(0.3) ? rng.pick(starts) : a
                if b < a { b = a }
                let replacement = rng.pick(replacements)
                roomy.replace(a, b, with: replacement[...])
                plain.replace(a, b, with: replacement[...])
                fromBytes.replace(a, b, with: replacement[...])
                assertSame(roomy, plain, "round \(round), step \(step)")
                assertSame(fromBytes, plain, "round \(round), step \(step), built from bytes")
            }
        }
    }

    /// A chunk copied from bytes (a probe's excerpt) has room for an insertion too.
    func testAChunkCopiedFromBytesHasRoomForAnInsertion() {
        let bytes = Array("a piece of a paragraph, cut for a probe".utf8)
        var chunk = bytes.withUnsafeBufferPointer { TextChunk(copying: $0) }
        let before = chunk.string.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
        chunk.replace(5, 5, with: "x"[...])
        let after = chunk.string.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
        XCTAssertNotNil(before ?? nil)
        XCTAssertEqual(before, after, "the insertion moved the chunk's bytes to new storage")
        XCTAssertEqual(chunk.string, "a piexce of a paragraph, cut for a probe")
    }

    /// A chunk cut from a long text takes the room, and a one-byte insertion fits in it without new storage.
    func testCutChunksHaveRoomForAnInsertion() {
        let text = String(repeating: "0123456789", count: 500)
        var chunks = TextRope.cut(text)
        XCTAssertGreaterThan(chunks.count, 1)
        for k in chunks.indices {
            let before = chunks[k].string.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
            chunks[k].replace(3, 3, with: "y"[...])
            let after = chunks[k].string.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
            XCTAssertNotNil(before ?? nil)
            XCTAssertEqual(before, after, "the insertion moved the chunk's bytes to new storage")
        }
    }
}
