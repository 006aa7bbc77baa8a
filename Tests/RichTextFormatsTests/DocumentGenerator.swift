import Foundation
import struct FormattingTesting.SeededGenerator
import RichText
@testable import RichTextFormats

/// The seed of a property test: `FORMATS_SEED` when set (to replay a failure), else a fresh one.
func propertySeed(_ name: String) -> UInt64 {
    let seed = ProcessInfo.processInfo.environment["FORMATS_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 0...UInt64.max)
    print("\(name): seed \(seed) (replay with FORMATS_SEED=\(seed))")
    return seed
}

/// Random documents carrying every attribute value kind, glyphs, and Unicode edge cases.
struct DocumentGenerator {
    /// The schema the generated documents are read back with: the standard keys plus a data key.
    static let schema = NativeJSONSchema.standard.adding(
        NativeJSONSchema.Key(AttributeKeyDescriptor(name: "blob"), codec: .data))

    static let pieces: [String] = [
        "a", "Hello ", "world", " ", "👨‍👩‍👧‍👦", "🇫🇷", "🏳️‍🌈", "e\u{301}", "\u{301}", "\u{200D}", "\r\n", "\n", "\r",
        "\u{2029}", "\u{2028}", "שלום", "مرحبا ", "\u{202E}rtl", "\u{FFFC}", "\u{FFFC}", "\"</script>\\/", "\u{0}\u{1}",
        "tab\t", "😀", "x\u{200D}y", "日本語", "\u{10FFFF}", "&amp;<b>",
    ]

    static let glyphIDs = ["genmoji-cat", "genmoji-dog", "weird/id with spaces", "🐱"]

    var rng: SeededGenerator

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }

    mutating func string() -> String {
        (0..<int(0...3)).map { _ in Self.pieces[int(0...(Self.pieces.count - 1))] }.joined()
    }

    mutating func plainJSONValue(depth: Int = 0) -> AttributeValue {
        switch int(0...(depth > 2 ? 3 : 5)) {
        case 0: return .string(string())
        case 1: return .integer(int(-1_000_000...1_000_000))
        case 2: return .number(Double(int(-100_000...100_000)) + 0.25)
        case 3: return .bool(chance(0.5))
        case 4: return .list((0..<int(0...3)).map { _ in plainJSONValue(depth: depth + 1) })
        default:
            var record: [String: AttributeValue] = [:]
            for _ in 0..<int(0...3) { record[string()] = plainJSONValue(depth: depth + 1) }
            return .record(record)
        }
    }

    mutating func color() -> RichColor {
        if chance(0.5) {
            return RichColor(red: Double(int(0...255)) / 255, green: Double(int(0...255)) / 255,
                             blue: Double(int(0...255)) / 255, alpha: chance(0.5) ? 1 : Double(int(0...255)) / 255)
        }
        return RichColor(red: Double.random(in: 0...1, using: &rng), green: 0.1, blue: 1.0 / 3.0, alpha: 0.5)
    }

    mutating func attributes(onGlyph: Bool, images: inout ImageStore) -> AttributeSet {
        var entries: [(String, AttributeValue)] = []
        if chance(0.3) { entries.append(("bold", .bool(chance(0.5)))) }
        if chance(0.2) { entries.append(("italic", .bool(true))) }
        if chance(0.2) { entries.append(("foregroundColor", .color(color()))) }
        if chance(0.2) { entries.append(("fontSize", .number(Double(int(1...400)) / 4))) }
        if chance(0.2) { entries.append(("font", .string(string()))) }
        if chance(0.2) { entries.append(("NSLink", .url(URL(string: "https://example.com/\(int(0...3))?q=\(int(0...9))")!))) }
        if chance(0.1) { entries.append(("link", .url(URL(string: "b/\(int(0...3))", relativeTo: URL(string: "https://swift.org/a/"))!))) }
        if chance(0.15) { entries.append(("alignment", .string(["left", "center", "right", "justified"][int(0...3)]))) }
        if chance(0.15) { entries.append(("writingDirection", .string(["leftToRight", "rightToLeft"][int(0...1)]))) }
        if chance(0.1) { entries.append(("blob", .data(Data((0..<int(0...20)).map { _ in UInt8(int(0...255)) })))) }
        if chance(0.1) { entries.append(("Highlight", .string(string()))) }
        if chance(0.1) { entries.append(("custom.int", .integer(int(-5...5)))) }
        if chance(0.1) { entries.append(("custom.number", .number(Double(int(-50...50)) + 0.5))) }
        if chance(0.1) { entries.append(("custom.value", plainJSONValue())) }
        if onGlyph && chance(0.8) {
            let id = Self.glyphIDs[int(0...(Self.glyphIDs.count - 1))]
            let glyph = ImageGlyphReference(contentIdentifier: id, contentDescription: "a \(id)",
                                            contentType: id == "genmoji-dog" ? "public.png" : "public.heic")
            let bytes: [UInt8] = id == "genmoji-dog" ? PNGEncoder.placeholder(size: 2) : Array("heic:\(id)".utf8)
            images.insert(Data(bytes), for: glyph)
            entries.append(("adaptiveImageGlyph", .imageGlyph(glyph)))
        }
        return AttributeSet(entries.map { name, value in
            AttributeEntry(name: name, value: value, behavior: Self.schema.key(named: name).descriptor.behavior)
        })
    }

    /// A document (already consistent with its keys' behaviours) and the images of its glyphs.
    mutating func document(maxPieces: Int = 14) -> (RichString, ImageStore) {
        var images = ImageStore()
        var runs: [DocumentRun] = []
        var text = ""
        for _ in 0..<int(0...maxPieces) {
            let piece = Self.pieces[int(0...(Self.pieces.count - 1))]
            let attributes = chance(0.25) ? .empty : attributes(onGlyph: piece == "\u{FFFC}", images: &images)
            text += piece
            runs.append(DocumentRun(utf8Count: piece.utf8.count, attributes: attributes))
        }
        var document = RichString.assembling(text, runs: runs)
        document.enforceBehaviors()
        return (document, images)
    }

    /// A document whose only attributes are glyphs.
    mutating func glyphDocument() -> (RichString, ImageStore) {
        var images = ImageStore()
        var runs: [DocumentRun] = []
        var text = ""
        for _ in 0..<int(0...16) {
            let piece = chance(0.4) ? "\u{FFFC}" : Self.pieces[int(0...(Self.pieces.count - 1))]
            var attributes = AttributeSet.empty
            if piece == "\u{FFFC}" && chance(0.8) {
                let id = Self.glyphIDs[int(0...(Self.glyphIDs.count - 1))]
                let glyph = ImageGlyphReference(contentIdentifier: id, contentDescription: chance(0.8) ? "a \(id)" : "other \(id)")
                if chance(0.9) { images.insert(Data("bytes of \(id)".utf8), for: glyph) }
                attributes = AttributeSet([AttributeEntry(name: "adaptiveImageGlyph", value: .imageGlyph(glyph),
                                                          behavior: StandardAttributes.adaptiveImageGlyph.behavior)])
            }
            text += piece
            runs.append(DocumentRun(utf8Count: piece.utf8.count, attributes: attributes))
        }
        var document = RichString.assembling(text, runs: runs)
        document.enforceBehaviors()
        return (document, images)
    }
}

/// The images a document's glyphs use.
func usedImages(_ document: RichString, _ images: ImageStore) -> ImageStore {
    var ids: Set<String> = []
    for run in document.runs {
        for entry in run.attributes.entries {
            if case .imageGlyph(let glyph) = entry.value { ids.insert(glyph.contentIdentifier) }
        }
    }
    return images.restricted(to: ids)
}
