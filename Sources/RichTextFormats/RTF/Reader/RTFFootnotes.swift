import RichText

/// A footnote or endnote read: its text, kept on its reference mark.
struct RTFFootnote {
    var text: String
    var isEndnote: Bool
}

/// A `{\footnote …}` group being read.
struct RTFFootnoteReading {
    var depth: Int
    /// Where the group starts in the file (for warnings).
    var start: Int
    /// Body text (UTF-8) before the group that the mark may be: the text of the group around it.
    var markStart: Int
    var text = ""
    /// `\ftnalt`: an endnote.
    var isEndnote = false
}

/// How `\chftn` numbers marks: footnotes 1, 2, 3 and endnotes i, ii, iii unless `\ftnn…`/`\aftnn…` and
/// `\ftnstart`/`\aftnstart` say otherwise (Word's and LibreOffice's defaults).
struct RTFFootnoteNumbering {
    var footnoteFormat = RTFNumberFormat.decimal
    var endnoteFormat = RTFNumberFormat.lowerRoman
    var nextFootnote = 1
    var nextEndnote = 1

    mutating func set(_ keyword: RTFKeyword, _ value: Int32) {
        switch keyword {
        case .ftnnar: footnoteFormat = .decimal
        case .ftnnalc: footnoteFormat = .lowerLetter
        case .ftnnauc: footnoteFormat = .upperLetter
        case .ftnnrlc: footnoteFormat = .lowerRoman
        case .ftnnruc: footnoteFormat = .upperRoman
        case .ftnnchi: footnoteFormat = .chicago
        case .aftnnar: endnoteFormat = .decimal
        case .aftnnalc: endnoteFormat = .lowerLetter
        case .aftnnauc: endnoteFormat = .upperLetter
        case .aftnnrlc: endnoteFormat = .lowerRoman
        case .aftnnruc: endnoteFormat = .upperRoman
        case .aftnnchi: endnoteFormat = .chicago
        case .ftnstart: nextFootnote = Int(value)
        case .aftnstart: nextEndnote = Int(value)
        default: break
        }
    }

    /// The next mark's text, counting it.
    mutating func next(endnote: Bool) -> String {
        if endnote {
            defer { nextEndnote += 1 }
            return endnoteFormat.text(nextEndnote)
        }
        defer { nextFootnote += 1 }
        return footnoteFormat.text(nextFootnote)
    }
}

extension RTFInterpreter {
    static let footnoteMessage = "footnotes and endnotes are kept as plain text in the footnote or endnote attribute of their reference mark; their formatting, pictures and fields are not kept"

    /// `\chftn` in the body: the footnote's number, as Word shows it (an endnote's when the `\footnote` group
    /// after it says `\ftnalt`).
    mutating func footnoteMark() {
        let mark = footnoteNumbering.next(endnote: nextFootnoteIsEndnote())
        let start = builder.utf8.count
        for scalar in mark.unicodeScalars { emitScalar(scalar) }
        lastFootnoteMark = start..<builder.utf8.count
    }

    /// Whether a `{\footnote\ftnalt …}` group follows the current token (after spaces and other control words).
    private func nextFootnoteIsEndnote() -> Bool {
        var i = tokenizer.position
        let count = bytes.count
        func skipSpace() { while i < count, bytes[i] == 0x20 || bytes[i] == 0x0D || bytes[i] == 0x0A { i += 1 } }
        /// The control word at `i` (advancing past it and its parameter), nil when there is none.
        func word() -> String? {
            guard i + 1 < count, bytes[i] == 0x5C else { return nil }
            if bytes[i + 1] == 0x2A { i += 2; return "*" }
            var end = i + 1
            while end < count, isLetter(bytes[end]) { end += 1 }
            guard end > i + 1 else { return nil }
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(i + 1)..<end]), as: UTF8.self)
            i = end
            while i < count, isDigit(bytes[i]) || bytes[i] == 0x2D { i += 1 }
            return name
        }
        skipSpace()
        guard i < count, bytes[i] == 0x7B else { return false }
        i += 1
        var sawFootnote = false
        for _ in 0..<8 {
            skipSpace()
            guard let name = word() else { return false }
            if name == "footnote" { sawFootnote = true }
            if name == "ftnalt" { return sawFootnote }
        }
        return false
    }

    /// `\footnote` in the body: its text is read apart, and goes on its reference mark when the group closes.
    mutating func startFootnote() {
        let enclosing = stack.last?.bodyStart ?? builder.utf8.count
        footnote = RTFFootnoteReading(depth: depth, start: tokenizer.tokenStart,
                                      markStart: depth > 2 ? enclosing : builder.utf8.count)
        state.destination = .footnote
    }

    /// Puts a read footnote on its reference mark: the number of a `\chftn` just before it, else the body text
    /// of the group around it (Word's `{\super 1{\footnote …}}`, the writer's form), else the character before
    /// it; never across a paragraph end. With no mark before it in its paragraph it is not kept, and said so.
    mutating func finishFootnote(_ open: RTFFootnoteReading) {
        warn("footnote", Self.footnoteMessage, at: open.start)
        // Word puts a space after the mark it repeats inside the note, and ends the note with \par.
        let text = Self.trimmed(open.text)
        let end = builder.utf8.count
        let paragraphStart = builder.currentParagraphStart
        var start: Int
        if let mark = lastFootnoteMark, mark.upperBound == end, mark.lowerBound >= paragraphStart, !mark.isEmpty {
            start = mark.lowerBound
        } else if open.markStart < end && open.markStart >= paragraphStart {
            start = open.markStart
        } else {
            start = builder.startOfLastCharacter(notBefore: paragraphStart) ?? end
        }
        lastFootnoteMark = nil
        guard start < end else {
            warn("footnote-unplaced", "a footnote has no reference mark before it in its paragraph; its text is not kept",
                 at: open.start)
            return
        }
        footnotes.append(RTFFootnote(text: text, isEndnote: open.isEndnote))
        let index = Int32(footnotes.count - 1)
        builder.restyle(from: start) { style in
            var marked = style
            marked.footnote = index
            return marked
        }
        styleDirty = true
    }
}
