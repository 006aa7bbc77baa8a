import XCTest
@testable import RichText
import struct FormattingTesting.SeededGenerator
import func FormattingTesting.droppingElements

/// `CharacterCounting` (and the chunk summaries and conversions built on it) count characters as `String` does,
/// on random and adversarial text, in one buffer and across the chunks of documents larger than one chunk,
/// through edits that split and join chunks.
final class CharacterCountingTests: XCTestCase {
    /// Pieces that exercise every rule of UAX #29 the counting must leave to the breaker, and the text around it.
    static let adversarial: [String] = [
        // Plain, Latin, CJK, Hangul syllables, line breaks.
        "a", "b", "hello ", "crème ", "Ž", "Жук ", "日本語", "漢字", "かな", "カタカナ", "가나다", "힣", " ", "\t",
        "\r", "\n", "\r\n", "\u{2029}", "\u{2028}", "\u{AD}", "0123456789", "\u{20000}\u{2A6D6}",
        // Combining marks, alone and stacked, after letters, CJK, syllables and line breaks.
        "e\u{301}", "\u{301}", "\u{301}\u{302}\u{303}", "a\u{308}\u{304}", "日\u{3099}", "가\u{302}", "\u{FF76}\u{FF9E}",
        // Emoji: ZWJ sequences, modifiers, variation selectors, keycaps, tag sequences, a lone ZWJ.
        "👩‍🍳", "👨‍👩‍👧‍👦", "🧑🏿‍🤝‍🧑🏻", "👍🏽", "🏽", "❤️", "\u{FE0F}", "1️⃣", "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}",
        "\u{200D}", "a\u{200D}b", "😀\u{200D}", "\u{200D}😀", "\u{200C}",
        // Regional indicators: pairs, odd runs, halves.
        "🇫🇷", "🇯🇵🇰🇷", "\u{1F1E6}", "\u{1F1E6}\u{1F1E7}\u{1F1E8}",
        // Hangul jamo: L, V, T, and syllables they extend.
        "\u{1100}", "\u{1161}", "\u{11A8}", "\u{1100}\u{1161}\u{11A8}", "가\u{11A8}", "\u{1100}가", "각\u{11A8}\u{11A8}",
        // Indic conjuncts (GB9c), with ZWJ and nukta, spacing marks, and a prepend.
        "क्ष", "क्\u{200D}ष", "क़्ष", "स्त्र", "क्", "्", "ष", "नमस्ते ", "\u{903}", "क\u{903}", "\u{600}", "\u{600}a", "\u{D4E}",
        // Thai and Arabic.
        "กำ", "\u{E33}", "مرحبا", "مَ",
    ]

    /// A random string of `pieces` adversarial pieces and random scalars.
    static func randomPieces(_ rng: inout SeededGenerator, count: Int) -> [String] {
        (0..<count).map { _ in
            if rng.chance(0.15) {
                // Any scalar, weighted towards the planes where text lives.
                let value = rng.chance(0.5) ? UInt32(rng.int(0...0x3200)) : UInt32(rng.int(0...0x10FFFF))
                return Unicode.Scalar(value).map { String(Character($0)) } ?? "?"
            }
            return rng.pick(adversarial)
        }
    }

    /// Characters of `string` that end at or before UTF-8 offset `offset` (the definition).
    func charactersEnding(in string: String, atOrBefore offset: Int) -> Int {
        let target = string.utf8.index(string.utf8.startIndex, offsetBy: offset)
        var n = 0
        var i = string.startIndex
        while i < string.endIndex {
            i = string.index(after: i)
            if i > target { break }
            n += 1
        }
        return n
    }

    /// The first failure of the counting functions on `string`, or nil.
    func failure(_ string: String) -> String? {
        var copy = string
        return copy.withUTF8 { bytes -> String? in
            let n = bytes.count
            if CharacterCounting.count(bytes, from: 0, to: n) != string.count {
                return "count \(CharacterCounting.count(bytes, from: 0, to: n)), String \(string.count)"
            }
            let starts = string.indices.map { string.utf8.distance(from: string.utf8.startIndex, to: $0) }
            for k in 0...(starts.count + 1) {
                let expected = k < starts.count ? starts[k] : n
                let got = CharacterCounting.offset(ofCharacter: k, in: bytes, from: 0, end: n)
                if got != expected { return "character \(k) starts at \(got), String \(expected)" }
            }
            // Every scalar offset, alone, and ascending through one cursor (now and then asking one again).
            var cursor = CharacterCounting.Cursor(bytes, from: 0, end: n)
            for offset in 0...n where offset == n || bytes[offset] & 0xC0 != 0x80 {
                let expected = charactersEnding(in: string, atOrBefore: offset)
                let got = CharacterCounting.count(bytes, from: 0, upTo: offset, end: n)
                if got != expected { return "characters up to \(offset): \(got), String \(expected)" }
                let fromEnd = CharacterCounting.count(bytes, from: 0, upTo: offset, end: n, total: string.count)
                if fromEnd != expected { return "characters up to \(offset) from the end: \(fromEnd), String \(expected)" }
                for _ in 0..<(offset % 3 == 0 ? 2 : 1) {
                    let counted = cursor.count(upTo: offset)
                    if counted != expected { return "cursor up to \(offset): \(counted), String \(expected)" }
                }
            }
            return nil
        }
    }

    func testExamples() {
        for s in ["", "a", "\r\n", "\r\r\n\n", "e\u{301}", "🇫🇷🇯🇵🇦", "👩‍🍳ab", "क्षीर", "\u{1100}\u{1161}\u{11A8}가", "a\u{200D}b",
                  "日本\u{3099}語\r\n가\u{11A8}", "abcdefgh\u{301}ijklmnop", "abcdefg\r\nhijklmn\u{301}", "\n\u{301}", "\r\u{301}"] {
            XCTAssertNil(failure(s), s.debugDescription)
        }
    }

    /// Segment counts remembered per thread (`SegmentCounts`) answer exactly for each segment's own bytes: the
    /// same segments counted again (from the table), many more distinct segments than the table has slots (each
    /// slot taken over again and again), and segments of the same length that differ in one byte.
    func testRememberedSegmentCountsAreThoseOfTheSegmentsOwnBytes() {
        let joiners = ["\u{301}", "\u{308}", "\u{200D}🍳", "🏽", "\u{FE0F}", "\u{94D}क", "\u{93F}", "\u{20E3}"]
        let bases = ["e", "a", "👩", "👍", "1", "क", "ष", "❤"]
        var segments: [String] = []
        for base in bases {
            for a in joiners { for b in joiners { segments.append(base + a + b) } }
        }
        // Distinct segments of up to the longest remembered length and past it.
        for k in 0..<1500 { segments.append("क" + String(repeating: "\u{94D}क", count: k % 6) + String(UnicodeScalar(0x300 + k % 0x70)!)) }
        // Segments of the longest remembered length that start alike and count differently: two regional
        // indicators, then six scalars each an indicator (they pair) or a tag (Extend); many share a slot.
        var rng = SeededGenerator(seed: 0x5345_474D_454E_5453)
        for _ in 0..<3000 {
            var segment = "🇫🇷"
            for _ in 0..<6 {
                segment.unicodeScalars.append(rng.chance(0.5) ? UnicodeScalar(0x1F1E6 + UInt32(rng.int(0...25)))!
                                                              : UnicodeScalar(0xE0020 + UInt32(rng.int(0...94)))!)
            }
            segments.append(segment)
        }
        for round in 0..<2 {
            for segment in segments {
                XCTAssertNil(failure(segment), "round \(round): \(segment.unicodeScalars.map { String($0.value, radix: 16) })")
                XCTAssertNil(failure(" " + segment + " " + segment), "round \(round)")
            }
        }
    }

    func testRandomAndAdversarialTextCountsLikeString() {
        let seed = UInt64(0x4752_4150_4845)
        var rng = SeededGenerator(seed: seed)
        for round in 0..<propertyBudget(default: 600, long: 10_000) {
            let pieces = Self.randomPieces(&rng, count: rng.int(0...40))
            guard let problem = failure(pieces.joined()) else { continue }
            let shrunk = droppingElements(of: pieces) { failure($0.joined()) != nil }
            XCTFail("seed \(seed) round \(round): \(problem); shrunk to \(shrunk.joined().unicodeScalars.map { "U+" + String($0.value, radix: 16) })")
            return
        }
    }

    /// The chunks' cached character counts and the character conversions of a rope of many chunks, against
    /// `String`, after each of a series of edits that cut, grow, split and join chunks.
    func testDocumentsOfManyChunksCountLikeStringThroughEdits() {
        let seed = UInt64(0x4348_554E_4B53)
        var rng = SeededGenerator(seed: seed)
        for round in 0..<propertyBudget(default: 12, long: 200) {
            var model = Self.randomPieces(&rng, count: rng.int(300...1200)).joined()
            var document = RichString(model)
            for step in 0..<40 {
                if let problem = mismatch(document, model, &rng) {
                    XCTFail("seed \(seed) round \(round) step \(step): \(problem)")
                    return
                }
                // An edit at scalar offsets: insert, delete or replace, now and then far larger than a chunk.
                let scalars = Array(model.unicodeScalars)
                let a = rng.int(0...scalars.count)
                let b = min(scalars.count, a + (rng.chance(0.2) ? rng.int(0...3000) : rng.int(0...12)))
                let text = rng.chance(0.3) ? "" : Self.randomPieces(&rng, count: rng.chance(0.1) ? rng.int(100...600) : rng.int(1...4)).joined()
                var view = String.UnicodeScalarView()
                view.append(contentsOf: scalars[..<a])
                view.append(contentsOf: text.unicodeScalars)
                view.append(contentsOf: scalars[b...])
                model = String(view)
                let range = document.index(atOffset: a, in: .scalars)..<document.index(atOffset: b, in: .scalars)
                _ = document.replaceSubrange(range, with: text)
            }
        }
    }

    /// What differs between the document's counts and conversions and `String`'s, at a few random offsets.
    func mismatch(_ document: RichString, _ model: String, _ rng: inout SeededGenerator) -> String? {
        guard document.string == model else { return "the text differs" }
        if document.counts.characters != model.count { return "characters \(document.counts.characters), String \(model.count)" }
        document._invariantCheck()
        let utf8 = model.utf8.count
        let starts = model.indices.map { model.utf8.distance(from: model.utf8.startIndex, to: $0) }
        for _ in 0..<8 {
            var offset = rng.int(0...utf8)
            while offset < utf8 && Array(model.utf8)[offset] & 0xC0 == 0x80 { offset -= 1 }
            let expected = charactersEnding(in: model, atOrBefore: offset)
            if document.text.count(.characters, upToUTF8: offset) != expected {
                return "characters up to \(offset): \(document.text.count(.characters, upToUTF8: offset)), String \(expected)"
            }
            let k = rng.int(0...starts.count)
            let start = k < starts.count ? starts[k] : utf8
            if document.text.utf8Offset(of: k, in: .characters).offset != start {
                return "character \(k) at \(document.text.utf8Offset(of: k, in: .characters).offset), String \(start)"
            }
        }
        return nil
    }
}
