import Foundation
import RichText

/// The state of one `RTFWriter.write`: the document's runs, the font and colour tables, the image files, and
/// the output so far.
///
/// Two passes over the runs: the first builds the tables, assigns image file names and finds each RTF
/// paragraph's formatting (RTF applies the formatting in force at `\par` to the whole paragraph, so it must be
/// known before the paragraph's text); the second writes the body.
struct RTFWriting {
    let asPackage: Bool
    let images: ImageStore
    var out: RTFOutput
    var warnings = RTFWriterWarnings()
    var files: [String: Data] = [:]

    var fonts: [String] = []
    var fontIndices: [String: Int] = [:]
    var colors: [RTFColor] = []
    var colorIndices: [RTFColor: Int] = [:]
    /// Each distinct attribute set's RTF form, once; runs refer to it by index.
    var formats: [RTFRunFormat] = []
    var formatCache: [AttributeSet: Int] = [:]
    var links: [String] = []
    var linkIndices: [String: Int] = [:]

    /// The UTF-8 text and its runs.
    private let text: [UInt8]
    private var runs: [(range: Range<Int>, format: Int)] = []
    /// The formatting of each RTF paragraph (text up to and including a "\n", or the text's end), in order.
    private var paragraphFormats: [RTFParagraphFormat] = []
    /// The file name each graphic refers to, by identifier (glyphs) or name (attachments).
    var glyphFiles: [String: String] = [:]
    var attachmentFiles: [String: String] = [:]
    /// How many `\pict` groups have been written (the reader names pictures by this count).
    var pictureCount = 0
    /// Identifiers of graphics whose bytes a plain .rtf cannot hold.
    var unkeptImages: [String] = []

    init(document: RichString, images: ImageStore, asPackage: Bool) {
        self.asPackage = asPackage
        self.images = images
        text = Array(document.string.utf8)
        out = RTFOutput(capacity: text.count + text.count / 4 + 512)
        var collected: [(Range<Int>, AttributeSet)] = []
        document.forEachRun(inUTF8: 0..<document.counts.utf8) { range, attributes in
            collected.append((range, attributes))
            return true
        }
        runs.reserveCapacity(collected.count)
        for (range, attributes) in collected { runs.append((range, runFormat(attributes))) }
        findParagraphFormats()
        assignImageFiles()
        // Text grows by escapes; each run adds a few control words.
        out.bytes.reserveCapacity(text.count + text.count / 4 + runs.count * 24 + 512)
    }

    /// The whole file.
    mutating func write() -> [UInt8] {
        writeHeader()
        writeBody()
        out.rawByte(UInt8(ascii: "}"))
        if !unkeptImages.isEmpty {
            let first = unkeptImages.prefix(3).map { MessageText.quoted($0) }.joined(separator: ", ")
            warnings.add(kind: "image-bytes",
                         "image bytes of \(unkeptImages.count) image\(unkeptImages.count == 1 ? "" : "s") (\(first)\(unkeptImages.count > 3 ? ", …" : "")) are not kept in .rtf; write .rtfd")
        }
        return out.bytes
    }

    // MARK: First pass

    /// Each RTF paragraph takes the paragraph formatting of its "\n" (or of the text's last run). Paragraphs
    /// that end with CR or U+2029 inside it are part of the same RTF paragraph; if their formatting differs,
    /// that difference is lost, and said so.
    private mutating func findParagraphFormats() {
        var first: RTFParagraphFormat? = nil
        var mixed = false
        for (range, index) in runs {
            let paragraph = formats[index].paragraph
            if let first, first != paragraph { mixed = true }
            if first == nil { first = paragraph }
            var i = range.lowerBound
            while i < range.upperBound {
                if text[i] == 0x0A {
                    paragraphFormats.append(paragraph)
                    if mixed { reportMixedParagraph() }
                    mixed = false
                    first = i + 1 < range.upperBound ? paragraph : nil
                }
                i += 1
            }
        }
        if first != nil, let last = runs.last {
            paragraphFormats.append(formats[last.format].paragraph)
            if mixed { reportMixedParagraph() }
        }
    }

    private mutating func reportMixedParagraph() {
        warnings.add(kind: "mixed-paragraph",
                     "paragraphs ended by CR or U+2029 share the RTF paragraph of the next line end, so only its paragraph formatting is kept")
    }

    // MARK: Header

    private mutating func writeHeader() {
        out.raw("{\\rtf1\\ansi\\ansicpg1252\\cocoartf2822\n\\cocoatextscaling0\\cocoaplatform0{\\fonttbl")
        for (index, name) in fonts.enumerated() {
            out.word("f", index)
            out.word("fnil")
            out.word("fcharset", 0)
            for scalar in name.unicodeScalars {
                // A ';' ends the font's entry, so one inside the name is escaped.
                if scalar == ";" { out.unicodeEscape(0x3B) } else { out.literal(String(scalar)) }
            }
            out.raw(";")
        }
        out.raw("}\n{\\colortbl;")
        for color in colors {
            out.word("red", color.red)
            out.word("green", color.green)
            out.word("blue", color.blue)
            out.raw(";")
        }
        out.raw("}\n{\\*\\expandedcolortbl;")
        for color in colors {
            if let expanded = color.expanded {
                out.word("csgenericrgb")
                out.word("c", expanded[0])
                out.word("c", expanded[1])
                out.word("c", expanded[2])
                if expanded[3] < 100_000 { out.word("c", expanded[3]) }
            }
            out.raw(";")
        }
        out.raw("}\n")
    }

    // MARK: Body

    private mutating func writeBody() {
        var character = RTFCharacterFormat()
        var paragraph: RTFParagraphFormat? = nil
        var paragraphIndex = 0
        var atParagraphStart = true
        var openLink: Int? = nil
        var characterOutsideLink = RTFCharacterFormat()
        var paragraphOutsideLink: RTFParagraphFormat? = nil
        // A note's reference mark is a group ending in the note, `{MARK{\footnote TEXT}}`: closing it restores
        // the character state of its start.
        var characterOutsideNote = RTFCharacterFormat()
        var noteOpen = false

        // A link is one field, `{\field{\*\fldinst …}{\fldrslt …}}`, even across paragraph ends (the result may
        // hold `\par`). Closing the field's groups restores the character and paragraph state of its start, so
        // the writer's idea of that state goes back too, and a paragraph begun inside the field is stated again.
        func openField(_ link: Int) {
            characterOutsideLink = character
            paragraphOutsideLink = paragraph
            writeFieldStart(links[link])
            openLink = link
        }
        func closeField() {
            out.raw("}}")
            character = characterOutsideLink
            paragraph = paragraphOutsideLink
            openLink = nil
            if !atParagraphStart { startParagraph(&paragraph, paragraphIndex) }
        }
        func switchField(to link: Int?) {
            guard openLink != link else { return }
            if openLink != nil { closeField() }
            if let link { openField(link) }
        }

        for run in runs.indices {
            let range = runs[run].range
            let index = runs[run].format
            let link = formats[index].link
            var i = range.lowerBound
            while i < range.upperBound {
                // The stretch up to the next "\n" (or the run's end) shares one setup: paragraph, link, formatting.
                var lineEnd = i
                while lineEnd < range.upperBound && text[lineEnd] != 0x0A { lineEnd += 1 }
                if i < lineEnd {
                    if atParagraphStart {
                        startParagraph(&paragraph, paragraphIndex)
                        atParagraphStart = false
                    }
                    switchField(to: link)
                    if formats[index].note != nil && !noteOpen {
                        characterOutsideNote = character
                        out.rawByte(UInt8(ascii: "{"))
                        noteOpen = true
                    }
                    formats[index].character.write(from: &character, to: &out)
                    writeText(i..<lineEnd, format: index)
                    if let note = formats[index].note, !markContinues(afterRun: run, lineEnd: lineEnd, note: note, link: link) {
                        writeNote(note)
                        character = characterOutsideNote
                        noteOpen = false
                    }
                }
                i = lineEnd
                guard i < range.upperBound else { break }
                // A paragraph end, inside the field when it carries the link.
                if atParagraphStart {
                    startParagraph(&paragraph, paragraphIndex)
                    atParagraphStart = false
                }
                switchField(to: link)
                formats[index].character.write(from: &character, to: &out)
                out.paragraphEnd()
                paragraphIndex += 1
                atParagraphStart = true
                i += 1
            }
        }
        // The last paragraph has no \par: the paragraph state when the document ends is its state, so a paragraph
        // begun inside a field is stated again after the field closes.
        if openLink != nil { closeField() }
    }

    /// Whether the reference mark of `note` goes on into the next run: this run's text ran to its end, and the
    /// next starts with text (not a paragraph end) under the same note and link.
    private func markContinues(afterRun run: Int, lineEnd: Int, note: RTFNote, link: Int?) -> Bool {
        guard lineEnd == runs[run].range.upperBound, run + 1 < runs.count else { return false }
        let next = runs[run + 1]
        return formats[next.format].note == note && formats[next.format].link == link && text[next.range.lowerBound] != 0x0A
    }

    /// `{\footnote TEXT}}` (`\ftnalt` for an endnote), closing the mark's group: the text's paragraphs end in
    /// `\par`.
    private mutating func writeNote(_ note: RTFNote) {
        out.raw("{\\footnote")
        if note.isEndnote { out.word("ftnalt") }
        out.word("pard")
        out.word("plain")
        out.delimit()
        for scalar in note.text.unicodeScalars {
            if scalar == "\n" { out.word("par") } else { out.text(scalar.value) }
        }
        out.raw("}}")
    }

    /// The text of `range` (no "\n" inside): spans of plain ASCII in one append, other scalars escaped, and
    /// each U+FFFC as the graphic of `formats[format]` when it has one.
    private mutating func writeText(_ range: Range<Int>, format: Int) {
        var i = range.lowerBound
        while i < range.upperBound {
            var plainEnd = i
            while plainEnd < range.upperBound {
                let b = text[plainEnd]
                guard b >= 0x20 && b <= 0x7E && b != 0x5C && b != 0x7B && b != 0x7D else { break }
                plainEnd += 1
            }
            if plainEnd > i {
                out.plainASCII(text[i..<plainEnd])
                i = plainEnd
                continue
            }
            let byte = text[i]
            var scalar = UInt32(byte)
            var length = 1
            if byte >= 0xF0 {
                scalar = UInt32(byte & 0x07) << 18 | UInt32(text[i + 1] & 0x3F) << 12 | UInt32(text[i + 2] & 0x3F) << 6 | UInt32(text[i + 3] & 0x3F)
                length = 4
            } else if byte >= 0xE0 {
                scalar = UInt32(byte & 0x0F) << 12 | UInt32(text[i + 1] & 0x3F) << 6 | UInt32(text[i + 2] & 0x3F)
                length = 3
            } else if byte >= 0xC0 {
                scalar = UInt32(byte & 0x1F) << 6 | UInt32(text[i + 1] & 0x3F)
                length = 2
            }
            if scalar == 0xFFFC, let graphic = formats[format].graphic {
                writeGraphic(graphic)
            } else {
                if scalar >= 0xF020 && scalar <= 0xF0FF { notePrivateUse(scalar, format: format) }
                out.text(scalar)
            }
            i += length
        }
    }

    /// A private-use character that readers take for a symbol font's (U+F0B7 for Word's bullet; any in a font
    /// named Symbol or Wingdings) reads back as that symbol's Unicode character: said once.
    private mutating func notePrivateUse(_ scalar: UInt32, format: Int) {
        let family = formats[format].character.font.map { RTFSymbolFonts.family(named: fonts[$0]) } ?? .other
        guard let shown = Unicode.Scalar(scalar).flatMap({ RTFSymbolFonts.unicode(for: $0, in: family) }) else { return }
        warnings.add(kind: "symbol-private-use",
                     "private-use characters that stand for symbol-font glyphs (first: U+\(String(scalar, radix: 16, uppercase: true))) are read back as the characters they show (\(Character(shown)))")
    }

    /// `\pard` and the paragraph's formatting, when it differs from the paragraph before.
    private mutating func startParagraph(_ current: inout RTFParagraphFormat?, _ index: Int) {
        let format = index < paragraphFormats.count ? paragraphFormats[index] : RTFParagraphFormat()
        if current != format {
            format.write(to: &out)
            out.newline()
            current = format
        }
    }

    /// `{\field{\*\fldinst{HYPERLINK "url"}}{\fldrslt ` — a target starting with "#" is an anchor (`\\l "anchor"`, Word's form).
    private mutating func writeFieldStart(_ target: String) {
        out.raw("{\\field{\\*\\fldinst{HYPERLINK ")
        var target = Substring(target)
        if target.hasPrefix("#") {
            out.raw("\\\\l ") // the switch is text of the instruction, so its backslash is escaped
            target = target.dropFirst()
        }
        out.rawByte(UInt8(ascii: "\""))
        for scalar in target.unicodeScalars {
            if scalar == "\"" { out.raw("%22") } else { out.literal(String(scalar)) }
        }
        out.raw("\"}}{")
        out.word("fldrslt")
    }
}
