import RichText

/// Collects the document's UTF-8 text and its runs: character styles change where `style` is set, paragraph
/// styles apply to whole paragraphs (RTF's rule: the formatting in effect at the paragraph's end).
struct RTFDocumentBuilder {
    private(set) var utf8: [UInt8] = []
    /// Where the text came from in the RTF: a piece each time the text stops copying the source as it is.
    private(set) var sourcePieces: [SourceMap.Piece] = []
    /// Run starts (UTF-8 offsets) and their character-style numbers.
    private var runStarts: [Int] = []
    private var runStyles: [Int32] = []
    /// Paragraph ends (UTF-8 offsets, just after the "\n") and their paragraph-style numbers.
    private var paragraphEnds: [Int] = []
    private var paragraphStyles: [Int32] = []

    private(set) var characterStyles: [RTFCharacterState] = []
    private var characterStyleNumbers: [RTFCharacterState: Int32] = [:]
    private(set) var paragraphStylesList: [RTFParagraphState] = []
    private var paragraphStyleNumbers: [RTFParagraphState: Int32] = [:]

    /// The character style of the text appended next (-1: not known yet).
    private var currentStyle: Int32 = -1
    private var lastRunStyle: Int32 = -2

    init() {
        utf8.reserveCapacity(4096)
    }

    /// Makes `state` the style of the text appended from now on.
    mutating func setCharacterStyle(_ state: RTFCharacterState) {
        if let number = characterStyleNumbers[state] {
            currentStyle = number
        } else {
            let number = Int32(characterStyles.count)
            characterStyles.append(state)
            characterStyleNumbers[state] = number
            currentStyle = number
        }
    }

    @inline(__always)
    private mutating func startRunIfNeeded() {
        if currentStyle != lastRunStyle {
            runStarts.append(utf8.count)
            runStyles.append(currentStyle)
            lastRunStyle = currentStyle
        }
    }

    /// Records that the text appended next comes from the source at `fileOffset`, spelled as `spelling`; a
    /// verbatim piece that goes on where the last one stopped adds nothing.
    mutating func noteSource(_ fileOffset: Int, _ spelling: SourceMap.Spelling) {
        let textOffset = utf8.count
        if let last = sourcePieces.last {
            if last.spelling == .verbatim, spelling == .verbatim, textOffset - last.textOffset == fileOffset - last.fileOffset { return }
            if last.textOffset == textOffset { sourcePieces.removeLast() }
        }
        sourcePieces.append(SourceMap.Piece(textOffset: textOffset, fileOffset: fileOffset, spelling: spelling))
    }

    /// Appends ASCII bytes as they are.
    mutating func appendASCII(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !bytes.isEmpty else { return }
        startRunIfNeeded()
        utf8.append(contentsOf: bytes)
    }

    /// Appends one scalar.
    @inline(__always)
    mutating func append(_ scalar: Unicode.Scalar) {
        startRunIfNeeded()
        let value = scalar.value
        if value < 0x80 {
            utf8.append(UInt8(value))
        } else if value < 0x800 {
            utf8.append(UInt8(0xC0 | value >> 6))
            utf8.append(UInt8(0x80 | value & 0x3F))
        } else if value < 0x10000 {
            utf8.append(UInt8(0xE0 | value >> 12))
            utf8.append(UInt8(0x80 | value >> 6 & 0x3F))
            utf8.append(UInt8(0x80 | value & 0x3F))
        } else {
            utf8.append(UInt8(0xF0 | value >> 18))
            utf8.append(UInt8(0x80 | value >> 12 & 0x3F))
            utf8.append(UInt8(0x80 | value >> 6 & 0x3F))
            utf8.append(UInt8(0x80 | value & 0x3F))
        }
    }

    /// Where the current paragraph's text starts (UTF-8 offset).
    var currentParagraphStart: Int { paragraphEnds.last ?? 0 }

    /// The UTF-8 offset of the last character's first byte, when there is one at or after `limit`.
    func startOfLastCharacter(notBefore limit: Int) -> Int? {
        var i = utf8.count - 1
        while i >= limit && utf8[i] & 0xC0 == 0x80 { i -= 1 }
        return i >= limit ? i : nil
    }

    /// Gives the text from `start` to the end the style `transform` makes of each of its runs' styles (a
    /// footnote's reference mark gets its footnote); the text appended next starts a run of its own.
    mutating func restyle(from start: Int, _ transform: (RTFCharacterState) -> RTFCharacterState) {
        guard start < utf8.count, var k = runStarts.indices.last else { return }
        while k > 0 && runStarts[k] > start { k -= 1 }
        if runStarts[k] < start {
            runStarts.insert(start, at: k + 1)
            runStyles.insert(runStyles[k], at: k + 1)
            k += 1
        }
        for i in k..<runStarts.count {
            let old = runStyles[i] >= 0 ? characterStyles[Int(runStyles[i])] : RTFCharacterState()
            let saved = currentStyle
            setCharacterStyle(transform(old))
            runStyles[i] = currentStyle
            currentStyle = saved
        }
        lastRunStyle = -2
    }

    /// Appends "\n" and ends the paragraph with `paragraph`'s formatting.
    mutating func endParagraph(_ paragraph: RTFParagraphState) {
        append("\n")
        closeParagraph(paragraph)
    }

    private mutating func closeParagraph(_ paragraph: RTFParagraphState) {
        let number: Int32
        if let known = paragraphStyleNumbers[paragraph] {
            number = known
        } else {
            number = Int32(paragraphStylesList.count)
            paragraphStylesList.append(paragraph)
            paragraphStyleNumbers[paragraph] = number
        }
        paragraphEnds.append(utf8.count)
        paragraphStyles.append(number)
    }

    /// The text and runs: each piece's attributes are its character style's entries plus its paragraph
    /// style's entries; equal neighbours merge. `lastParagraph` is the formatting of text after the last "\n".
    mutating func finish(
        lastParagraph: RTFParagraphState,
        characterEntries: (RTFCharacterState) -> [AttributeEntry],
        paragraphEntries: (RTFParagraphState) -> [AttributeEntry]
    ) -> RichString {
        if paragraphEnds.last ?? 0 < utf8.count { closeParagraph(lastParagraph) }
        let characterSets = characterStyles.map(characterEntries)
        let paragraphSets = paragraphStylesList.map(paragraphEntries)
        var combined: [Int: AttributeSet] = [:]
        // Equal neighbours are merged as the string takes the runs over.
        let runs = RunList()
        var runIndex = 0
        var paragraphIndex = 0
        var position = 0
        let total = utf8.count
        let paragraphCount = Int64(max(paragraphSets.count, 1))
        while position < total {
            while runIndex + 1 < runStarts.count && runStarts[runIndex + 1] <= position { runIndex += 1 }
            while paragraphIndex < paragraphEnds.count - 1 && paragraphEnds[paragraphIndex] <= position { paragraphIndex += 1 }
            let runEnd = runIndex + 1 < runStarts.count ? runStarts[runIndex + 1] : total
            let end = min(runEnd, paragraphEnds[paragraphIndex])
            let character = runStarts.isEmpty ? -1 : Int(runStyles[runIndex])
            let paragraph = Int(paragraphStyles[paragraphIndex])
            let key = Int(Int64(character + 1) * paragraphCount + Int64(paragraph))
            let set: AttributeSet
            if let known = combined[key] {
                set = known
            } else {
                let entries = (character >= 0 ? characterSets[character] : []) + paragraphSets[paragraph]
                set = entries.isEmpty ? .empty : AttributeSet(entries)
                combined[key] = set
            }
            runs.append(utf8Count: end - position, set)
            position = end
        }
        let text = String(decoding: utf8, as: UTF8.self)
        guard let result = RichString(unenforcedText: text, takingOver: runs) else {
            preconditionFailure("RTF runs do not cover the decoded text")
        }
        return result
    }
}
