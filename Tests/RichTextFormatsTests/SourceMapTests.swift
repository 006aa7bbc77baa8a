import XCTest
@testable import RichTextFormats

/// The source map finds a text offset in the file through JSON escapes, and lines and columns in one pass.
final class SourceMapTests: XCTestCase {
    func testOffsetsInsideAJSONStringCountEscapesAsTheirText() throws {
        // "a\n\u00e9\ud83d\ude00b": a, LF, é (2 bytes), 😀 (4 bytes), b.
        let file = Array(#"["a\n\u00e9\ud83d\ude00b",{}]"#.utf8)
        let decoded = try NativeJSONDecoder().decode(file)
        XCTAssertEqual(decoded.document.string, "a\né😀b")
        let map = try XCTUnwrap(decoded.sourceMap)
        XCTAssertEqual(map.pieces.count, 1)
        let expected: [(text: Int, file: Int)] = [(0, 2), (1, 3), (2, 5), (4, 11), (8, 23), (9, 24)]
        for (text, offset) in expected {
            XCTAssertEqual(map.fileOffset(ofText: text, in: file), offset, "text offset \(text)")
        }
        XCTAssertEqual(Array(file[23..<24]), Array("b".utf8))
    }

    func testTheTokenReaderAndTheFastReaderMakeTheSameMap() throws {
        // A null attribute value warns, so the token reader reads it; without it the fast path does.
        let fast = Array(#"["ab",{},"cd",{"k":1}]"#.utf8)
        let slow = Array(#"["ab",{},"cd",{"k":1,"x":null}]"#.utf8)
        let a = try XCTUnwrap(try NativeJSONDecoder().decode(fast).sourceMap)
        let b = try XCTUnwrap(try NativeJSONDecoder().decode(slow).sourceMap)
        XCTAssertFalse(try NativeJSONDecoder().decode(slow).warnings.isEmpty, "the token reader read it")
        XCTAssertEqual(a.pieces, b.pieces)
        XCTAssertEqual(a.pieces.map(\.fileOffset), [1, 9])
        // The end of "ab" is in its own token, the start of "cd" in the next.
        XCTAssertEqual(a.fileOffset(ofText: 2, isEnd: true, in: fast), 4)
        XCTAssertEqual(a.fileOffset(ofText: 2, in: fast), 10)
    }

    func testLinesAndColumnsInOnePassCountScalarsAndLineFeeds() {
        let file = Array("ab\né😀x\n\nlast line with a long run of ascii text".utf8)
        let offsets = [0, 1, 3, 5, 9, 10, 11, 12, file.count, file.count + 5, 2]
        let places = SourceMap.lineAndColumns(of: offsets, in: file)
        // Against a plain count.
        for (k, offset) in offsets.enumerated() {
            let before = file.prefix(min(offset, file.count))
            let line = before.filter { $0 == 0x0A }.count + 1
            let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            let column = String(decoding: before[lineStart...], as: UTF8.self).unicodeScalars.count + 1
            XCTAssertEqual(places[k].line, line, "offset \(offset)")
            XCTAssertEqual(places[k].column, column, "offset \(offset)")
        }
    }

    func testManyBoundsInOneTokenLandWhereEachAloneWouldInOnePass() throws {
        // Tokens of units whose spelling and decoded length are known; bounds in any order, starts and ends.
        let units: [(spelled: String, decoded: Int)] = [("a", 1), (#"\n"#, 1), (#"\u00e9"#, 2), (#"\ud83d\ude00"#, 4), ("日", 3), (#"\""#, 1)]
        let seed = UInt64(ProcessInfo.processInfo.environment["FMTCHECK_SEED"] ?? "") ?? 0x50_0C_E3_A9
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        for round in 0..<200 {
            let chosen = (0..<(1 + next(30))).map { _ in units[next(units.count)] }
            let file = Array(("[\"" + chosen.map(\.spelled).joined() + "\",{}]").utf8)
            // Where each decoded offset ends in the file: after the escape that holds its last byte, or after the
            // byte itself where the text is written as it is.
            var ends = [2]
            var spelled = 2
            for unit in chosen {
                let escaped = unit.spelled.hasPrefix("\\")
                ends += escaped ? Array(repeating: spelled + unit.spelled.utf8.count, count: unit.decoded) : (1...unit.decoded).map { spelled + $0 }
                spelled += unit.spelled.utf8.count
            }
            let map = SourceMap(pieces: [.init(textOffset: 0, fileOffset: 1, spelling: .jsonString)])
            let bounds = (0..<(1 + next(12))).map { _ in (offset: next(ends.count), isEnd: next(2) == 0) }
            let batch = map.fileOffsets(ofText: bounds, in: file)
            for (k, bound) in bounds.enumerated() {
                XCTAssertEqual(batch[k], ends[bound.offset], "seed \(seed), round \(round): bound \(bound) of \(chosen.map(\.spelled).joined())")
            }
        }
    }
}
