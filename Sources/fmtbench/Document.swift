import FormattingTesting
import Foundation
import RichText

// The benchmark document and the attribute keys, declared identically on both sides.

enum TagKey: RichAttributeKey { typealias Value = Int; static let name = "tag" }
enum ParaKey: RichAttributeKey { typealias Value = Int; static let name = "para" }
enum BoldKey: RichAttributeKey { typealias Value = Bool; static let name = "bold" }

enum FTagKey: AttributedStringKey { typealias Value = Int; static let name = "tag" }
enum FParaKey: AttributedStringKey { typealias Value = Int; static let name = "para" }
enum FBoldKey: AttributedStringKey { typealias Value = Bool; static let name = "bold" }

// The constrained keys (DESIGN §2, key behaviours), same names, same behaviours on both sides.

/// "tag", not inherited by typed text and removed from a whole stretch by any text change inside it.
enum CTagKey: RichAttributeKey {
    typealias Value = Int
    static let name = "tag"
    static let inheritedByAddedText = false
    static let invalidationConditions: Set<InvalidationCondition> = [.textChanged]
}
/// "para", constant over each paragraph.
enum CParaKey: RichAttributeKey {
    typealias Value = Int
    static let name = "para"
    static let runBoundaries: RunBoundary? = .paragraph
}

enum FCTagKey: AttributedStringKey {
    typealias Value = Int
    static let name = "tag"
    static let inheritedByAddedText = false
    static let invalidationConditions: Set<AttributedString.AttributeInvalidationCondition>? = [.textChanged]
}
enum FCParaKey: AttributedStringKey {
    typealias Value = Int
    static let name = "para"
    static let runBoundaries: AttributedString.AttributeRunBoundaries? = .paragraph
}

/// Which key declarations a document uses: the plain keys or the constrained ones.
enum KeyStyle: String {
    case plain, constrained

    var tag: AttributeKeyDescriptor { self == .plain ? TagKey.descriptor : CTagKey.descriptor }
    var para: AttributeKeyDescriptor { self == .plain ? ParaKey.descriptor : CParaKey.descriptor }
}

/// Generates the document as a stream of segments (text, tag value or nil, paragraph number): paragraphs of
/// 1–300 words separated by "\n", about 10% of words tagged, and about 1% of words with a two-byte "é".
/// Streaming keeps the 100M-character build from holding a second copy of the document.
enum DocumentGenerator {
    static func generate(characters target: Int, seed: UInt64, _ emit: (String, Int?, Int) -> Void) -> Int {
        var rng = SeededGenerator(seed: seed)
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
                if rng.chanceFromHighBits(0.01) { word.append("é") }
                produced += word.count
                if rng.chanceFromHighBits(0.10) {
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

    static func attributeSet(tag: Int?, para: Int, style: KeyStyle = .plain) -> AttributeSet {
        let p = style.para, t = style.tag
        var entries = [AttributeEntry(name: p.name, value: .integer(para), behavior: p.behavior)]
        if let tag { entries.append(AttributeEntry(name: t.name, value: .integer(tag), behavior: t.behavior)) }
        return AttributeSet(entries)
    }

    /// One segment of our document.
    static func segmentOurs(_ text: String, tag: Int?, para: Int, style: KeyStyle) -> RichString {
        RichString(text, attributes: attributeSet(tag: tag, para: para, style: style))
    }

    /// One segment of Foundation's document.
    static func segmentFoundation(_ text: String, tag: Int?, para: Int, style: KeyStyle) -> AttributedString {
        var container = AttributeContainer()
        switch style {
        case .plain:
            container[FParaKey.self] = para
            if let tag { container[FTagKey.self] = tag }
        case .constrained:
            container[FCParaKey.self] = para
            if let tag { container[FCTagKey.self] = tag }
        }
        return AttributedString(text, attributes: container)
    }

    /// Our document, built by appending attributed segments.
    static func buildOurs(characters: Int, seed: UInt64, style: KeyStyle = .plain) -> RichString {
        var s = RichString()
        _ = generate(characters: characters, seed: seed) { text, tag, para in
            s.append(segmentOurs(text, tag: tag, para: para, style: style))
        }
        return s
    }

    /// Foundation's document, built the same way.
    static func buildFoundation(characters: Int, seed: UInt64, style: KeyStyle = .plain) -> AttributedString {
        var s = AttributedString()
        _ = generate(characters: characters, seed: seed) { text, tag, para in
            s.append(segmentFoundation(text, tag: tag, para: para, style: style))
        }
        return s
    }
}
