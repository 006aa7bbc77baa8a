import Foundation
import RichText

// The benchmark document and the attribute keys, declared identically on both sides.

enum TagKey: RichAttributeKey { typealias Value = Int; static let name = "tag" }
enum ParaKey: RichAttributeKey { typealias Value = Int; static let name = "para" }
enum BoldKey: RichAttributeKey { typealias Value = Bool; static let name = "bold" }

enum FTagKey: AttributedStringKey { typealias Value = Int; static let name = "tag" }
enum FParaKey: AttributedStringKey { typealias Value = Int; static let name = "para" }
enum FBoldKey: AttributedStringKey { typealias Value = Bool; static let name = "bold" }

/// Generates the document as a stream of segments (text, tag value or nil, paragraph number): paragraphs of
/// 1–300 words separated by "\n", about 10% of words tagged, and about 1% of words with a two-byte "é".
/// Streaming keeps the 100M-character build from holding a second copy of the document.
enum DocumentGenerator {
    static func generate(characters target: Int, seed: UInt64, _ emit: (String, Int?, Int) -> Void) -> Int {
        var rng = SplitMix64(seed: seed)
        var produced = 0
        var paragraph = 0
        let letters = Array("etaoinshrdlucmfwypvbgkqjxz")
        while produced < target {
            let words = rng.int(in: 1...300)
            var buffer = ""
            for w in 0..<words {
                if w > 0 { buffer.append(" "); produced += 1 }
                var word = ""
                let length = rng.int(in: 1...10)
                for _ in 0..<length { word.append(letters[rng.below(letters.count)]) }
                if rng.chance(0.01) { word.append("é") }
                produced += word.count
                if rng.chance(0.10) {
                    if !buffer.isEmpty { emit(buffer, nil, paragraph); buffer = "" }
                    emit(word, rng.below(16), paragraph)
                } else {
                    buffer += word
                }
                if produced >= target { break }
            }
            if produced < target { buffer.append("\n"); produced += 1 }
            if !buffer.isEmpty { emit(buffer, nil, paragraph) }
            paragraph += 1
        }
        return produced
    }

    static func attributeSet(tag: Int?, para: Int) -> AttributeSet {
        var entries = [AttributeEntry(name: ParaKey.name, value: .integer(para))]
        if let tag { entries.append(AttributeEntry(name: TagKey.name, value: .integer(tag))) }
        return AttributeSet(entries)
    }

    /// Our document, built by appending attributed segments.
    static func buildOurs(characters: Int, seed: UInt64) -> RichString {
        var s = RichString()
        _ = generate(characters: characters, seed: seed) { text, tag, para in
            s.append(RichString(text, attributes: attributeSet(tag: tag, para: para)))
        }
        return s
    }

    /// Foundation's document, built the same way.
    static func buildFoundation(characters: Int, seed: UInt64) -> AttributedString {
        var s = AttributedString()
        _ = generate(characters: characters, seed: seed) { text, tag, para in
            var container = AttributeContainer()
            container[FParaKey.self] = para
            if let tag { container[FTagKey.self] = tag }
            s.append(AttributedString(text, attributes: container))
        }
        return s
    }
}
