import XCTest
@testable import RichText
import struct FormattingTesting.SeededGenerator

/// `RichString.textPositions(of:)` (one forward pass over the chunks, `TextRope.positionInfos(at:)`) gives exactly
/// what the per-offset conversions give, and both agree with the standard library's view of the text.
final class TextPositionTests: XCTestCase {
    static let pieces = ["a", "b", "hello ", "crème ", "naïve café ", "\r", "\n", "\r\n", "\u{2029}", "e\u{301}", "\u{301}",
                         "😀", "🇫🇷", "👩🏽‍💻", "\u{2FF}", "ü", "日本", "\t", "0123456789 ", "stir the dough gently "]

    /// A random document: some long, so the text spans many chunks; built in one piece or by appending.
    func document(_ rng: inout SeededGenerator) -> RichString {
        var s = ""
        let count = rng.chance(0.3) ? rng.int(200...2500) : rng.int(0...40)
        for _ in 0..<count { s += rng.pick(Self.pieces) }
        if rng.chance(0.5) { return RichString(s) }
        var built = RichString()
        var rest = Substring(s)
        while !rest.isEmpty {
            let n = rng.int(1...300)
            let piece = rest.prefix(n)
            built.append(RichString(String(piece)))
            rest = rest.dropFirst(piece.count)
        }
        return built
    }

    /// The position from the String alone: lines end after LF, lone CR, CRLF or U+2029; characters and UTF-16
    /// units are those of the prefix up to the offset (the offset is on a character boundary).
    func fromString(_ string: String, characterBoundary offset: Int) -> TextPosition {
        let utf8 = Array(string.utf8)
        var line = 1, lineStart = 0
        var i = 0
        while i < offset {
            if utf8[i] == 0x0A || (utf8[i] == 0x0D && !(i + 1 < utf8.count && utf8[i + 1] == 0x0A)) {
                line += 1; lineStart = i + 1
            } else if utf8[i] == 0xE2, i + 2 < offset, utf8[i + 1] == 0x80, utf8[i + 2] == 0xA9 {
                line += 1; lineStart = i + 3
            }
            i += 1
        }
        func prefix(_ n: Int) -> String { String(decoding: utf8[0..<n], as: UTF8.self) }
        return TextPosition(line: line, lineStartUTF8: lineStart, characters: prefix(offset).count,
                                utf16: prefix(offset).utf16.count, lineStartCharacters: prefix(lineStart).count,
                                lineStartUTF16: prefix(lineStart).utf16.count)
    }

    func testOnePassMatchesThePerOffsetConversionsOnRandomDocuments() {
        var rng = SeededGenerator(seed: 0x504F_5349_5449_4F4E)
        for _ in 0..<propertyBudget(default: 150, long: 2000) {
            let doc = document(&rng)
            let total = doc.counts.utf8
            var offsets: [Int]
            if total <= 200 {
                offsets = Array(0...total)
            } else {
                offsets = (0..<200).map { _ in rng.int(0...total) } + [0, total, total - 1, 1]
            }
            if rng.chance(0.2) { offsets += [-3, total + 5] }
            offsets.shuffle(using: &rng)
            let fast = doc.text.positionInfos(at: offsets)
            XCTAssertEqual(fast.count, offsets.count)
            let string = doc.string
            let characterBoundaries = Set(string.indices.map { string.utf8.distance(from: string.startIndex, to: $0) } + [total])
            let inside = offsets.filter { (0...total).contains($0) }
            XCTAssertEqual(doc.textPositions(of: inside.map { doc.index(atOffset: $0, in: .utf8) }),
                           inside.map { doc.text.positionInfo(at: $0) })
            for (k, offset) in offsets.enumerated() {
                let slow = doc.text.positionInfo(at: offset)
                XCTAssertEqual(fast[k], slow, "offset \(offset) of \(total) in \(string.debugDescription.prefix(200))")
                let clamped = min(max(offset, 0), total)
                if clamped == 0 || characterBoundaries.contains(clamped) {
                    XCTAssertEqual(slow, fromString(string, characterBoundary: clamped), "offset \(clamped)")
                }
            }
        }
    }

    func testExamples() {
        let doc = RichString("é😀\n🍞 x\r\ny\u{2029}z\r")
        let indices = (0...doc.counts.utf8).map { doc.index(atOffset: $0, in: .utf8) }
        XCTAssertEqual(doc.textPositions(of: indices), indices.map { doc.textPosition(of: $0) })
        let info = doc.textPosition(of: doc.index(atOffset: "é😀\n🍞 ".utf8.count, in: .utf8))
        XCTAssertEqual(info.line, 2)
        XCTAssertEqual(info.column, 3)
        XCTAssertEqual(info.utf16Column, 4)
        XCTAssertEqual(info.characterOffset, 5)
        XCTAssertEqual(info.utf16Offset, 7)
        let empty = RichString()
        XCTAssertEqual(empty.textPositions(of: []), [])
        XCTAssertEqual(empty.textPosition(of: empty.startIndex), doc.textPosition(of: doc.startIndex))
    }

    func testAPositionAgreesWithTheOffsetsOfItsIndexInEveryUnit() {
        let doc = RichString("a😀\nb😀c")
        for n in 0...doc.counts.utf16 {
            let index = doc.index(atOffset: n, in: .utf16)
            let position = doc.textPosition(of: index)
            XCTAssertEqual(position.utf16Offset, n, "UTF-16 offset \(n)")
            XCTAssertEqual(position.utf16Offset, doc.offset(of: index, in: .utf16))
            XCTAssertEqual(position.characterOffset, doc.offset(of: index, in: .characters))
            let (line, column) = doc.lineAndColumn(of: index)
            XCTAssertEqual(position.line, line)
            XCTAssertEqual(position.column, column)
            XCTAssertEqual(doc.textPositions(of: [index]), [position])
        }
    }

    /// `offsets(of:in:)`, one forward pass, gives what `offset(of:in:)` gives index by index, in every unit, for
    /// indices in any order (trailing surrogates included).
    func testOffsetsOfManyIndicesAreTheOneByOneOffsetsInEveryUnit() {
        var rng = SeededGenerator(seed: 0x4241_5443_4845_5321)
        for _ in 0..<propertyBudget(default: 120, long: 1500) {
            let doc = document(&rng)
            let total = doc.counts.utf16
            let count = total <= 120 ? total + 1 : 150
            var indices = (0..<count).map { k in doc.index(atOffset: total <= 120 ? k : rng.int(0...total), in: .utf16) }
            indices.shuffle(using: &rng)
            for unit in [TextUnit.utf8, .utf16, .scalars, .characters] {
                let batch = doc.offsets(of: indices, in: unit)
                XCTAssertEqual(batch, indices.map { doc.offset(of: $0, in: unit) }, "\(unit) in \(doc.string.debugDescription.prefix(200))")
            }
        }
        XCTAssertEqual(RichString("abc").offsets(of: [], in: .characters), [])
    }

    /// `string(in:)` is the string of the slice over the same bounds, bounds inside a scalar rounded down as the
    /// slice rounds them.
    func testStringInBoundsIsTheSlicesString() {
        var rng = SeededGenerator(seed: 0x5354_5249_4E47_494E)
        for _ in 0..<propertyBudget(default: 150, long: 2000) {
            let doc = document(&rng)
            let total = doc.counts.utf8
            let utf8 = Array(doc.string.utf8)
            func roundedDown(_ o: Int) -> Int {
                var o = o
                while o > 0 && o < total && utf8[o] & 0xC0 == 0x80 { o -= 1 }
                return o
            }
            for _ in 0..<20 {
                let a = rng.int(0...total), b = rng.int(0...total)
                let bounds = doc.index(atOffset: min(a, b), in: .utf8)..<doc.index(atOffset: max(a, b), in: .utf8)
                let expected = String(decoding: utf8[roundedDown(min(a, b))..<roundedDown(max(a, b))], as: UTF8.self)
                XCTAssertEqual(doc.string(in: bounds), expected, "\(min(a, b))..<\(max(a, b)) of \(total)")
                XCTAssertEqual(doc[bounds].string, expected)
            }
        }
        let doc = RichString("a😀b")
        XCTAssertEqual(doc.string(in: doc.index(atOffset: 3, in: .utf8)..<doc.index(atOffset: 5, in: .utf8)), "😀")
        XCTAssertEqual(doc.string(in: doc.index(atOffset: 3, in: .utf8)..<doc.index(atOffset: 6, in: .utf8)), "😀b")
        XCTAssertEqual(doc.string(in: doc.startIndex..<doc.endIndex), "a😀b")
        XCTAssertEqual(doc.string(in: doc.startIndex..<doc.startIndex), "")
    }
}
