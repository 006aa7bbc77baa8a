import Foundation
import RichText
@testable import RichTextFormats
import struct FormattingTesting.SeededGenerator

/// Random documents made only of what the RTF contract maps, with values in exactly the form `RTFReader`
/// produces (numbers in RTF's units, colours in 100000ths, glyph and attachment references as the reader
/// builds them), so that RTF → document → RTF → document can be required to be exact.
///
/// What it leaves out on purpose, because the contract does not round-trip it: CR and U+2029 (RTF has no
/// paragraph end for them), `false` flags (RTF reads "off" as absent), glyph descriptions (RTF has no place for them), `baselineOffset` 0.
///
/// Seeded with the test target's `SeededGenerator`; the round-trip test through the reader reuses it.
struct RTFRoundTripSupport {
    var rng: SeededGenerator

    init(seed: UInt64) { rng = SeededGenerator(seed: seed) }

    static let pieces: [String] = [
        "a", "Hello ", "world", " ", "  ", "{", "}", "\\", "\\par ", "café", "naïve", "日本語", "Ω", "😀", "👨‍👩‍👧", "🇫🇷",
        "\t", "\u{2028}", "\u{0C}", "\n", "\n", "\n", "x\u{301}", "\u{FFFC}", "\u{FFFC}", ";", "\"quoted\"", "\u{A0}",
        "€", "\u{7F}", "\u{1}", "\u{FFFD}", "\u{10FFFF}", "\u{E000}", "1234", "-", "¬",
    ]
    static let fonts = ["Helvetica", "Menlo-Regular", "Times New Roman", "Hiragino Sans W3", "Zapfino"]
    static let underlineStyles = ["double", "thick", "dot", "dash", "dashDot", "dashDotDot", "wave"]
    static let glyphIDs = ["0A1B2C3D-genmoji", "cat", "F00D", "dog-7"]
    static let attachmentNames = ["photo.png", "scan.jpg", "diagram.png", "notes.pdf", "odd #$!@%.png"]

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
    mutating func pick<T>(_ values: [T]) -> T { values[int(0...(values.count - 1))] }

    /// A colour whose components are whole 100000ths, as the reader reads them (the five-digit form of an 8-bit
    /// value reads as that value); alpha below 1 a quarter of the time.
    mutating func color() -> RichColor {
        func component(_ range: ClosedRange<Int>) -> Double { RTFColorEntry.unit(expanded: Int32(int(range))) }
        return RichColor(red: component(0...100_000), green: component(0...100_000), blue: component(0...100_000),
                         alpha: chance(0.25) ? component(0...99_999) : 1)
    }

    /// Image bytes for a file name: a tiny PNG for .png (so .rtf can embed it), recognisable bytes otherwise.
    static func bytes(for name: String) -> Data {
        if name.hasSuffix(".png") { return Data(PNGEncoder.placeholder(size: 2)) }
        if name.hasSuffix(".jpg") { return Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(name.utf8) + [0xFF, 0xD9]) }
        return Data("bytes of \(name)".utf8)
    }

    /// The attributes of one piece of text.
    /// Whether this document's line heights are multiples (`lineHeight`) or points (`lineHeightPoints`): RTF
    /// has one `\sl` a paragraph, so one document never mixes them.
    var lineHeightInPoints = false

    mutating func attributes(piece: String, images: inout ImageStore) -> [(String, AttributeValue)] {
        var entries: [(String, AttributeValue)] = []
        if chance(0.3) { entries.append(("font", .string(pick(Self.fonts)))) }
        if chance(0.3) { entries.append(("fontSize", .number(Double(int(2...288)) / 2))) }
        for key in ["bold", "italic", "allCaps", "smallCaps"] where chance(0.15) { entries.append((key, .bool(true))) }
        if chance(0.15) {
            entries.append(("underline", .bool(true)))
            if chance(0.5) { entries.append(("underlineStyle", .string(pick(Self.underlineStyles)))) }
        }
        if chance(0.15) {
            entries.append(("strikethrough", .bool(true)))
            if chance(0.4) { entries.append(("strikethroughStyle", .string("double"))) }
        }
        if chance(0.1) { entries.append(("superscript", .integer(chance(0.5) ? 1 : -1))) }
        if chance(0.1) {
            let halfPoints = int(1...40) * (chance(0.5) ? 1 : -1)
            entries.append(("baselineOffset", .number(Double(halfPoints) / 2)))
        }
        if chance(0.2) { entries.append(("foregroundColor", .color(color()))) }
        if chance(0.15) { entries.append(("backgroundColor", .color(color()))) }
        if chance(0.12) { // a link may cover a paragraph end: the field's result then holds `\par`
            let link = chance(0.8) ? "https://example.com/page\(int(0...3))?q=\(int(0...9))" : "#section\(int(1...3))"
            entries.append(("link", .url(URL(string: link)!)))
        }
        if chance(0.15) { entries.append(("alignment", .string(pick(["left", "center", "right", "justified", "natural"])))) }
        if chance(0.1) { entries.append(("writingDirection", .string(pick(["leftToRight", "rightToLeft"])))) }
        if chance(0.1) { entries.append(("headIndent", .number(Double(int(0...2880)) / 20))) }
        if chance(0.1) { entries.append(("tailIndent", .number(Double(int(0...2880)) / 20))) }
        if chance(0.1) { entries.append(("firstLineHeadIndent", .number(Double(int(-720...720)) / 20))) }
        if chance(0.1) {
            if !lineHeightInPoints {
                entries.append(("lineHeight", .number(Double(int(120...720)) / 240)))
            } else {
                // Not 0: `\sl0` is RTF's automatic spacing, which the writer warns it cannot write
                // (`testALineHeightOfZeroPointsIsNotWrittenAndSaysSo`).
                var twips = int(-480...479)
                if twips >= 0 { twips += 1 }
                entries.append(("lineHeightPoints", .number(Double(twips) / 20)))
            }
        }
        if chance(0.1) { entries.append(("paragraphSpacingBefore", .number(Double(int(0...480)) / 20))) }
        if chance(0.1) { entries.append(("paragraphSpacingAfter", .number(Double(int(0...480)) / 20))) }
        if piece == "\u{FFFC}" && chance(0.85) {
            if chance(0.5) {
                let id = pick(Self.glyphIDs)
                let glyph = ImageGlyphReference(contentIdentifier: id, contentDescription: "", contentType: "public.heic")
                // Two identifiers share their bytes, so a package writes that file once.
                let bytes = id == "F00D" || id == "cat" ? Data("shared genmoji".utf8) : Data("heic \(id)".utf8)
                images.insert(bytes, for: glyph)
                entries.append(("adaptiveImageGlyph", .imageGlyph(glyph)))
            } else {
                let name = pick(Self.attachmentNames)
                let reference = ImageGlyphReference(contentIdentifier: name, contentDescription: "",
                                                    contentType: RTFFileTypes.contentType(forFileName: name))
                images.insert(Self.bytes(for: name), for: reference)
                entries.append(("attachment", .imageGlyph(reference)))
            }
        }
        return entries
    }

    /// A document (after the behaviour fix-up, as the reader returns it) and the images it uses.
    mutating func document(maxPieces: Int = 16) -> (RichString, ImageStore) {
        var images = ImageStore()
        var runs: [DocumentRun] = []
        var text = ""
        lineHeightInPoints = chance(0.5)
        for _ in 0..<int(0...maxPieces) {
            let piece = pick(Self.pieces)
            let entries = chance(0.25) ? [] : attributes(piece: piece, images: &images)
            text += piece
            runs.append(DocumentRun(utf8Count: piece.utf8.count, attributes: AttributeSet(entries.map { name, value in
                AttributeEntry(name: name, value: value, behavior: Self.behavior(of: name))
            })))
        }
        var document = RichString.assembling(text, runs: runs)
        document.enforceBehaviors()
        return (document, usedImages(document, images))
    }

    /// The behaviour the standard key of that name declares.
    static func behavior(of name: String) -> AttributeBehavior {
        let keys = [StandardAttributes.alignment, StandardAttributes.writingDirection, StandardAttributes.adaptiveImageGlyph,
                    StandardAttributes.attachment, StandardAttributes.headIndent, StandardAttributes.tailIndent,
                    StandardAttributes.firstLineHeadIndent, StandardAttributes.lineHeight, StandardAttributes.lineHeightPoints,
                    StandardAttributes.paragraphSpacingBefore, StandardAttributes.paragraphSpacingAfter]
        return keys.first { $0.name == name }?.behavior ?? .plain
    }

    /// The smallest document, dropping whole runs one at a time, for which `fails` still holds (after the
    /// behaviour fix-up, as the reader returns documents).
    static func shrink(_ document: RichString, while fails: (RichString) -> Bool) -> RichString {
        var current = document
        var progress = true
        while progress {
            progress = false
            let runs = current.textRuns
            for i in runs.indices {
                var pieces = runs
                pieces.remove(at: i)
                var candidate = RichString(concatenating: pieces.map { RichString(String($0.text), attributes: $0.attributes) })
                candidate.enforceBehaviors()
                if candidate.string.unicodeScalars.count < current.string.unicodeScalars.count || candidate.runs.count < current.runs.count,
                   fails(candidate) {
                    current = candidate
                    progress = true
                    break
                }
            }
        }
        return current
    }
}
