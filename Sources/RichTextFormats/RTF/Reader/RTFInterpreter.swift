import Foundation
import RichText
import StreamingJSON

/// Runs RTF tokens against a stack of group states and builds the document. One pass, no recursion: a group
/// pushes a copy of the state, `}` pops it.
struct RTFInterpreter {
    let limits: RTFReader.Limits
    let attachments: [String: Data]

    var tokenizer: RTFTokenizer!
    var builder = RTFDocumentBuilder()
    var images = ImageStore()
    /// The package file each Genmoji's image came from, by content identifier, for what reading says of it.
    var glyphFileNames: [String: String] = [:]
    var log = RTFWarningLog()

    var state = RTFGroupState()
    var stack: [RTFGroupState] = []
    /// Open groups, the document's own included.
    var depth = 0
    /// Whether `state.character` changed since the builder last saw it.
    var styleDirty = true
    /// The source of the character being emitted, when it is not the current token (one byte of a text token).
    var emittingFrom: (offset: Int, length: Int)? = nil

    // Character sets
    var documentCodePage: Int32 = 1252
    var decoder: RTFCodePage? = RTFCodePage(number: 1252)
    var decoderNumber: Int32 = 1252
    var codePageCache: [Int32: RTFCodePage?] = [:]
    var pendingLeadByte: UInt8? = nil
    var pendingHighSurrogate: UInt16? = nil
    /// Fallback characters still to skip after a `\u`.
    var unicodeSkipRemaining: Int32 = 0
    /// After an attachment group at the document's top level: skip one 0xAC fallback byte.
    var skipsAttachmentMarkByte = false
    /// The paragraph formatting in effect when the document's group closed (for text after the last "\n").
    var finalParagraph = RTFParagraphState()
    /// The state when the document's group closed, for what follows it (`readTrailingContent`).
    var documentState = RTFGroupState()

    // Tables
    var fonts: [Int32: RTFFontEntry] = [:]
    var fontEntry = RTFFontEntry()
    var fontEntryNumber: Int32? = nil
    /// The UTF-8 of the font name being read.
    var fontNameBytes: [UInt8] = []
    var colors: [RichColor?] = []
    var expandedColors: [RichColor?] = []
    var colorEntry = RTFColorEntry()

    // Fields, pictures, attachments
    var fields: [RTFField] = []
    var links: [URL] = []
    var objects: [RTFObject] = []
    /// The content type of each glyph or attachment identifier, as first seen.
    var objectTypes: [String: String] = [:]
    var picture: RTFPictureData? = nil
    var pictureCount = 0
    var graphic: RTFAttachmentGroup? = nil
    var unmodelledSeen = RTFWordTable(capacityPowerOfTwo: 6)
    var ignoredSymbolsSeen: Set<UInt8> = []
    /// How many distinct unknown destinations were dropped with a warning.
    var droppedDestinationWords = 0
    /// Whether the token being handled is the first of its group (`\*` marks a destination only there).
    var atGroupStart = false
    /// Whether the document's group closed and the bytes after it are being read (see `readTrailingContent`).
    var readingTrailingContent = false

    // Lists
    var lists = RTFLists()
    /// Whether this interpreter reads a list table skipped before (`readListTables`), rather than a document.
    var readingListTables = false
    /// Whether the current paragraph has its label: `{\listtext}`/`{\pntext}`, or one built from the lists.
    var paragraphLabelled = false

    // Footnotes
    var footnotes: [RTFFootnote] = []
    var footnote: RTFFootnoteReading? = nil
    var footnoteNumbering = RTFFootnoteNumbering()
    /// The UTF-8 range of the number the last `\chftn` put in the body.
    var lastFootnoteMark: Range<Int>? = nil

    /// The behaviours keys take instead of the standard ones (`RTFReader.behaviors`), by name.
    var adoptedBehaviors: [String: AttributeBehavior] = [:]

    init(limits: RTFReader.Limits, attachments: [String: Data]) {
        self.limits = limits
        self.attachments = attachments
    }

    var bytes: UnsafeBufferPointer<UInt8> { tokenizer.bytes }

    func error(_ kind: DocumentError.Kind, _ message: String, at offset: Int, expected: String? = nil) -> DocumentError {
        DocumentError(kind: kind, message: message, expected: expected, location: tokenizer.location(offset))
    }

    // MARK: - The loop

    mutating func run(_ input: UnsafeBufferPointer<UInt8>) throws(DocumentError) {
        tokenizer = RTFTokenizer(bytes: input, limits: limits)
        guard case .groupStart = try tokenizer.next() else {
            throw error(.malformed, "not an RTF document: it does not start with {\\rtf", at: tokenizer.tokenStart,
                        expected: "{\\rtf1")
        }
        try openGroup()
        let rtfStart = tokenizer.position
        guard case .word(.rtf, _) = try tokenizer.next() else {
            throw error(.malformed, "not an RTF document: it does not start with {\\rtf", at: rtfStart, expected: "\\rtf1")
        }
        try runGroup()
    }

    /// Reads tokens until the group open at the start (the document's, or a list table's) closes, and, for a
    /// document, what follows it.
    mutating func runGroup() throws(DocumentError) {
        while true {
            let token = try tokenizer.next()
            if unicodeSkipRemaining > 0 && token.countsAsOneFallbackCharacter { unicodeSkipRemaining -= 1; continue }
            let first = atGroupStart
            atGroupStart = false
            switch token {
            case .groupStart:
                try openGroup()
                atGroupStart = true
            case .groupEnd:
                try closeGroup()
                if depth == 0 && (readingListTables || !readTrailingContent()) { return }
            case .text(let start, let end):
                try text(start, end)
            case .hexByte(let byte):
                try textByte(byte)
            case .word(let keyword, let parameter):
                try controlWord(keyword, parameter)
            case .symbol(let symbol):
                try controlSymbol(symbol, first: first)
            case .binary(let start, let end):
                try binary(start, end)
            case .end:
                // Groups the bytes after the document's } leave open end with the input.
                if readingTrailingContent { return }
                throw error(.malformed, "the input ends with \(depth) group(s) still open (truncated, or a } is missing)",
                            at: bytes.count, expected: "}")
            }
        }
    }

    /// After the document's group closes: whether more is to be read. Whitespace, NUL and ^Z end the file.
    /// Anything else (Word's trailing `{\*\themedata …}` after an early `}`, a stray `}` and more text,
    /// Outlook's HTML tags, a second document) is read as part of the document, as Word and LibreOffice do,
    /// with one warning where it starts; binary data (control bytes) is not read, with a warning.
    private mutating func readTrailingContent() -> Bool {
        let closeOffset = tokenizer.tokenStart
        var i = tokenizer.position
        while i < bytes.count, Self.endsFile(bytes[i]) { i += 1 }
        guard i < bytes.count else { return false }
        var binary = false
        for byte in UnsafeBufferPointer(rebasing: bytes[i...]) where byte < 0x20 && !Self.endsFile(byte) {
            binary = true
            break
        }
        let closing = RTFSourceLocation.locate(closeOffset, in: bytes)
        if binary {
            log.warn("trailing-content",
                     "binary data follows the } that closes the document (line \(closing.line), column \(closing.column)); its \(bytes.count - i) bytes are not read",
                     at: i)
            return false
        }
        log.warn("trailing-content",
                 "the document's group closes early (line \(closing.line), column \(closing.column)); what follows it is read as part of the document",
                 at: i)
        readingTrailingContent = true
        stack.append(RTFGroupState())
        state = documentState
        depth = 1
        styleDirty = true
        updateDecoder()
        return true
    }

    /// Bytes that may pad a file after its last }: whitespace, NUL, ^Z.
    private static func endsFile(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x00 || byte == 0x1A
    }

    // MARK: - Groups

    mutating func openGroup() throws(DocumentError) {
        guard depth < limits.maxGroupDepth else {
            throw error(.limitExceeded, "groups nest deeper than the limit of \(limits.maxGroupDepth)",
                        at: tokenizer.tokenStart)
        }
        flushPendingText()
        unicodeSkipRemaining = 0
        stack.append(state)
        depth += 1
        state.ignorableDestination = false
        state.skipsAttachmentFallback = false
        state.bodyStart = builder.utf8.count
    }

    mutating func closeGroup() throws(DocumentError) {
        guard depth > 0, let saved = stack.popLast() else {
            throw error(.malformed, "unbalanced braces: a } with no group open", at: tokenizer.tokenStart)
        }
        flushPendingText()
        unicodeSkipRemaining = 0
        let closing = depth
        let closedDestination = state.destination
        if closedDestination == .fontTable { finishFontEntry(onlyIfNamed: true) }
        if closedDestination == .listTable || closedDestination == .listOverrideTable { closeListGroup(closing) }
        if closing == 1 {
            finalParagraph = state.paragraph
            documentState = state
        }
        state = saved
        depth -= 1
        styleDirty = true
        if let field = fields.last, field.depth == closing { fields.removeLast() }
        if let open = picture, open.depth == closing {
            picture = nil
            try finishPicture(open)
        }
        if let open = graphic, open.depth == closing {
            graphic = nil
            finishAttachment(open)
        }
        if let open = footnote, open.depth == closing {
            footnote = nil
            finishFootnote(open)
        }
        updateDecoder()
    }

    /// Skips the rest of the current group (a destination nobody shows) and closes it. The document's own
    /// group is never skipped: a destination word directly in it (no `{` of its own) is ignored.
    mutating func skipGroup() throws(DocumentError) {
        guard depth > 1 else {
            warn("top-level-destination", "a destination word outside any group of its own is ignored")
            return
        }
        do {
            try tokenizer.skipGroup(depth: depth)
        } catch {
            // What follows the document's } may leave groups open: reading ends with the input.
            guard readingTrailingContent, tokenizer.position >= bytes.count else { throw error }
            return
        }
        try closeGroup()
    }

    // MARK: - Text

    mutating func text(_ start: Int, _ end: Int) throws(DocumentError) {
        var i = start
        if state.destination == .picture {
            while i < end && unicodeSkipRemaining > 0 { unicodeSkipRemaining -= 1; i += 1 }
            try pictureHex(i, end)
            return
        }
        while i < end {
            if unicodeSkipRemaining > 0 {
                unicodeSkipRemaining -= 1
                i += 1
                continue
            }
            let byte = bytes[i]
            if byte < 0x80 && pendingLeadByte == nil && pendingHighSurrogate == nil && state.destination == .body
                && !state.character.hidden && !state.skipsAttachmentFallback && state.codePage != Int32(RTFCodePage.symbolPageNumber)
                && (paragraphLabelled || state.paragraph.listOverride == RTFParagraphState.absent) {
                var j = i + 1
                while j < end && bytes[j] < 0x80 { j += 1 }
                if styleDirty { builder.setCharacterStyle(state.character); styleDirty = false }
                skipsAttachmentMarkByte = false
                builder.noteSource(i, .verbatim)
                builder.appendASCII(UnsafeBufferPointer(rebasing: bytes[i..<j]))
                i = j
                continue
            }
            emittingFrom = (i, 1)
            try textByte(byte)
            emittingFrom = nil
            i += 1
        }
    }

    /// One byte of text in the current code page (a literal byte, `\'hh`, or an escaped `\\` `\{` `\}`).
    mutating func textByte(_ byte: UInt8) throws(DocumentError) {
        switch state.destination {
        case .fontTable where byte == 0x3B:
            flushPendingText()
            finishFontEntry(onlyIfNamed: false)
            return
        case .colorTable where byte == 0x3B, .expandedColorTable where byte == 0x3B:
            finishColorEntry()
            return
        case .colorTable, .expandedColorTable, .ignored, .listTable, .listOverrideTable:
            return
        case .levelText:
            lists.level.template.append(.byte(byte))
            return
        case .levelNumbers:
            lists.level.placeholderOffsets.append(byte)
            return
        case .picture:
            // `\'hh` inside picture data: not hex text; ignore.
            return
        default:
            break
        }
        if skipsAttachmentMarkByte {
            skipsAttachmentMarkByte = false
            if byte == 0xAC { return }
        }
        if let lead = pendingLeadByte {
            pendingLeadByte = nil
            emit(decoder?.scalar(lead: lead, trail: byte) ?? replacementScalar(for: byte, afterLead: lead))
            return
        }
        if byte < 0x80 {
            // A symbol font's characters are all symbols (U+F000 + byte, as Windows reads them), space aside.
            if byte > 0x20 && decoderNumber == Int32(RTFCodePage.symbolPageNumber)
                && (state.destination == .body || state.destination == .footnote) {
                emit(Unicode.Scalar(0xF000 + UInt32(byte))!)
            } else {
                emit(Unicode.Scalar(byte))
            }
            return
        }
        if let decoder, decoder.isLeadByte(byte) {
            pendingLeadByte = byte
            return
        }
        emit(decoder?.scalar(for: byte) ?? replacementScalar(for: byte, afterLead: nil))
    }

    private mutating func replacementScalar(for byte: UInt8, afterLead lead: UInt8?) -> Unicode.Scalar {
        let codePage = state.codePage
        if !log.has("undecodable-\(codePage)") { warn("undecodable-\(codePage)",
                 "a byte sequence (\(lead.map { "\\'" + hex($0) } ?? "")\\'\(hex(byte))) has no character in code page \(codePage); read as U+FFFD") }
        return "\u{FFFD}"
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16)
        return byte < 16 ? "0" + digits : digits
    }

    /// Ends a pending lead byte or high surrogate that got no partner: U+FFFD.
    mutating func flushPendingText() {
        if pendingLeadByte != nil {
            pendingLeadByte = nil
            warn("lone-lead-byte", "a double-byte lead byte has no trail byte; read as U+FFFD")
            emitScalar("\u{FFFD}")
        }
        if pendingHighSurrogate != nil {
            pendingHighSurrogate = nil
            warn("lone-surrogate", "a \\u high surrogate has no low surrogate after it; read as U+FFFD")
            emitScalar("\u{FFFD}")
        }
    }

    /// Tells the builder that the character emitted next stands for the current token (a control word, an
    /// escape) or the byte `emittingFrom` names.
    mutating func noteSource() {
        let (offset, length) = emittingFrom ?? (tokenizer.tokenStart, tokenizer.position - tokenizer.tokenStart)
        builder.noteSource(offset, .opaque(byteCount: max(1, length)))
    }

    /// One decoded character, after any pending lead byte or surrogate is resolved.
    mutating func emit(_ scalar: Unicode.Scalar) {
        if pendingHighSurrogate != nil || pendingLeadByte != nil { flushPendingText() }
        emitScalar(scalar)
    }

    /// Sends a character to the current destination.
    mutating func emitScalar(_ scalar: Unicode.Scalar) {
        var scalar = scalar
        if scalar.value >= 0xF020 && scalar.value <= 0xF0FF { scalar = symbolCharacter(scalar) }
        switch state.destination {
        case .body:
            guard readyBodyOutput() else { return }
            builder.append(scalar)
        case .footnote:
            if !state.character.hidden { footnote?.text.unicodeScalars.append(scalar) }
        case .levelText:
            lists.level.template.append(.scalar(scalar))
        case .levelMarker:
            lists.level.marker?.unicodeScalars.append(scalar)
        case .fontTable:
            appendUTF8(scalar, to: &fontNameBytes)
        case .fieldInstruction:
            if !fields.isEmpty { fields[fields.count - 1].instruction.unicodeScalars.append(scalar) }
        case .attachment:
            graphic?.append(scalar)
        case .colorTable, .expandedColorTable, .picture, .ignored, .listTable, .listOverrideTable, .levelNumbers:
            break
        }
    }

    /// A private-use character of a symbol font (U+F020…U+F0FF) as the Unicode character its glyph shows, by
    /// the current font (`RTFSymbolFonts`); one with none stays, and the reader says so. Not in list level text,
    /// which is mapped in the level's own font.
    private mutating func symbolCharacter(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard state.destination != .levelText else { return scalar }
        let family = fonts[state.character.font]?.symbolFamily ?? .other
        if let mapped = RTFSymbolFonts.unicode(for: scalar, in: family) { return mapped }
        if state.destination == .body || state.destination == .footnote {
            warn("symbol-font", "a symbol-font character (U+\(String(scalar.value, radix: 16, uppercase: true))) has no Unicode equivalent here; it is kept as that private-use code point")
        }
        return scalar
    }

    @inline(__always)
    func appendUTF8(_ scalar: Unicode.Scalar, to buffer: inout [UInt8]) {
        if scalar.isASCII {
            buffer.append(UInt8(scalar.value))
        } else {
            buffer.append(contentsOf: String(scalar).utf8)
        }
    }

    /// A paragraph end (`\par`, `\sect`, `\row`, Cocoa's `\` + newline).
    mutating func paragraphBreak() {
        flushPendingText()
        if state.destination == .footnote {
            footnote?.text.append("\n")
            return
        }
        guard state.destination == .body, readyBodyOutput() else { return }
        builder.endParagraph(state.paragraph)
        paragraphLabelled = false
    }

    /// Readies the body for output at the current token and says whether to write: not for hidden text (which
    /// warns) nor for an attachment's fallback text; otherwise the character style is made current and the
    /// source noted.
    @inline(__always)
    mutating func readyBodyOutput() -> Bool {
        if state.character.hidden {
            warnHidden()
            return false
        }
        if state.skipsAttachmentFallback { return false }
        if !paragraphLabelled && state.paragraph.listOverride != RTFParagraphState.absent { emitListLabel() }
        skipsAttachmentMarkByte = false
        if styleDirty { builder.setCharacterStyle(state.character); styleDirty = false }
        noteSource()
        return true
    }

    /// `\uN`: a UTF-16 unit (negative N is N + 65536); surrogate pairs join.
    mutating func unicode(_ parameter: Int?) {
        let raw = parameter ?? 0
        defer { unicodeSkipRemaining = state.unicodeSkip }
        guard raw >= -32768 && raw <= 65535 else {
            warn("unicode-range", "\\u\(raw) is outside -32768...65535; read as U+FFFD")
            emit("\u{FFFD}")
            return
        }
        let unit = UInt16(raw < 0 ? raw + 65536 : raw)
        switch unit {
        case 0xD800...0xDBFF:
            if pendingHighSurrogate != nil || pendingLeadByte != nil { flushPendingText() }
            pendingHighSurrogate = unit
        case 0xDC00...0xDFFF:
            if let high = pendingHighSurrogate {
                pendingHighSurrogate = nil
                let value = 0x10000 + ((UInt32(high) - 0xD800) << 10) + (UInt32(unit) - 0xDC00)
                emitScalar(Unicode.Scalar(value)!)
            } else {
                flushPendingText()
                warn("lone-surrogate", "a \\u low surrogate has no high surrogate before it; read as U+FFFD")
                emitScalar("\u{FFFD}")
            }
        default:
            emit(Unicode.Scalar(unit)!)
        }
    }

    // MARK: - Code pages

    /// The decoder for `state.codePage`.
    mutating func updateDecoder() {
        let number = state.codePage
        guard number != decoderNumber else { return }
        decoderNumber = number
        if let cached = codePageCache[number] {
            decoder = cached
            return
        }
        let made = RTFCodePage(number: Int(number))
        codePageCache[number] = made
        if made == nil {
            warn("codepage-\(number)", "code page \(number) is not supported; its 8-bit characters read as U+FFFD")
        }
        decoder = made
    }

    /// The code page of text in font `number`: the font's character set, else the document's; a font named
    /// Symbol or Wingdings with no `\fcharset` is a symbol font (page 42: every byte but space is U+F000 + byte).
    func codePage(forFont number: Int32) -> Int32 {
        guard let font = fonts[number] else { return documentCodePage }
        guard let charset = font.charset else {
            return font.symbolFamily == .other ? documentCodePage : Int32(RTFCodePage.symbolPageNumber)
        }
        if let page = RTFCodePage.number(forCharset: Int(charset)) { return Int32(page) }
        return documentCodePage
    }

    // MARK: - Result

    /// The document; call before the input buffer goes away (warnings are located in it).
    mutating func finish() -> DecodedDocument {
        let fonts = self.fonts
        let colors = self.colors
        let expanded = self.expandedColors
        let links = self.links
        let objects = self.objects
        let footnotes = self.footnotes
        let adopted = adoptedBehaviors
        /// The entries with the adopted behaviours (once per style, not per run).
        func adopting(_ entries: [AttributeEntry]) -> [AttributeEntry] {
            guard !adopted.isEmpty else { return entries }
            return entries.map { entry in
                guard let behavior = adopted[entry.name] else { return entry }
                return AttributeEntry(name: entry.name, value: entry.value, behavior: behavior)
            }
        }
        var document = builder.finish(
            lastParagraph: finalParagraph,
            characterEntries: { adopting(RTFAttributeMapping.entries(for: $0, fonts: fonts, colors: colors, expandedColors: expanded, links: links, objects: objects, footnotes: footnotes)) },
            paragraphEntries: { adopting(RTFAttributeMapping.entries(for: $0)) })
        let adjustments = document.enforceBehaviors()
        // A U+FFFC that a following combining mark joins into one character loses its picture or glyph to the
        // fix-up (reported in `adjustments`); its image then shows nowhere, so it is not kept either.
        var images = self.images
        var shown: Set<String> = []
        for key in [StandardAttributes.attachment.name, StandardAttributes.adaptiveImageGlyph.name] {
            for adjustment in adjustments where adjustment.key == key {
                if case .imageGlyph(let reference)? = adjustment.oldValue { shown.insert(reference.contentIdentifier) }
            }
        }
        if !shown.isEmpty {
            var used: Set<String> = []
            for run in document.runs {
                for key in [StandardAttributes.attachment.name, StandardAttributes.adaptiveImageGlyph.name] {
                    if case .imageGlyph(let reference)? = run.attributes[key] { used.insert(reference.contentIdentifier) }
                }
            }
            let dropped = images.identifiers.filter { !used.contains($0) && shown.contains($0) }
            if !dropped.isEmpty {
                images = images.restricted(to: Set(images.identifiers).subtracting(dropped))
                log.warn("object-in-cluster", "the image of \(dropped.joined(separator: ", ").prefix(120)) is not kept: its U+FFFC is joined into one character with the mark after it",
                         at: 0)
            }
        }
        var decoded = DecodedDocument(document: document, images: images, adjustments: adjustments, warnings: log.all(in: bytes),
                                      sourceMap: SourceMap(pieces: builder.sourcePieces, columns: .bytes))
        GlyphIdentityFromImages.adopt(in: &decoded, fileName: { glyphFileNames[$0] })
        return decoded
    }
}

extension RTFInterpreter {
    /// Hidden text (`\v`) met: said once, where it is first met.
    mutating func warnHidden() {
        warn("hidden", "hidden text (\\v) is not kept")
    }

    /// A warning of `kind`, once per read, located at `offset` (default: the current token).
    mutating func warn(_ kind: String, _ message: String, at offset: Int? = nil) {
        guard !log.has(kind) else { return }
        log.warn(kind, message, at: offset ?? tokenizer.tokenStart)
    }
}
