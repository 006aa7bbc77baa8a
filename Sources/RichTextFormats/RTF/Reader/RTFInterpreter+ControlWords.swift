/// What each control word and symbol does.
extension RTFInterpreter {
    /// A control symbol; `first` says whether it is its group's first token.
    mutating func controlSymbol(_ symbol: UInt8, first: Bool) throws(DocumentError) {
        switch symbol {
        case 0x2A: // \*
            // It marks a destination only as the group's first word (`{\*\dest …}`); Word also writes it in
            // the middle of a group (`{\loch\f2 \*\cs7 text}`), where it means nothing.
            if first { state.ignorableDestination = true }
        case 0x7E: emit("\u{00A0}")  // \~
        case 0x2D: emit("\u{00AD}")  // \-
        case 0x5F: emit("\u{2011}")  // \_
        case 0x5C, 0x7B, 0x7D: try textByte(symbol)  // \\ \{ \}
        case 0x0A: paragraphBreak()  // \ + newline
        case 0x09: emit("\t")  // \ + TAB
        default:
            // \: (index subentry), \| (formula), and others with no text.
            if state.destination == .body, ignoredSymbolsSeen.insert(symbol).inserted {
                warn("symbol-\(symbol)", "the control symbol \\\(Character(Unicode.Scalar(symbol))) has no meaning here and is ignored")
            }
        }
    }

    mutating func controlWord(_ keyword: RTFKeyword, _ parameter: Int?) throws(DocumentError) {
        if state.ignorableDestination {
            state.ignorableDestination = false
            switch keyword {
            case .fldinst, .expandedcolortbl, .shppict, .nesttableprops, .pict, .NeXTGraphic, .listtable,
                 .listoverridetable, .levelmarker:
                break
            case .header, .headerl, .headerr, .headerf, .footer, .footerl, .footerr, .footerf, .footnote,
                 .annotation, .atnid, .atnauthor, .atndate, .atnref, .shpinst:
                break // dropped below, each with its warning
            case .shptxt:
                warn("shape", Self.shapeMessage)
                return try skipGroup()
            case .unknown:
                // A destination this reader does not know may hold the writer's content: say it is dropped.
                if state.destination == .body { droppedDestination() }
                return try skipGroup()
            default:
                return try skipGroup()
            }
        }
        // An attachment's file name runs to its first formatting word (\width, …); \u and \uc are part of it.
        if state.destination == .attachment && keyword != .NeXTGraphic && keyword != .u && keyword != .uc {
            graphic?.nameEnded = true
        }
        let on = (parameter ?? 1) != 0
        let value = Int32(clamping: parameter ?? 0)
        switch keyword {
        // Text
        case .par, .sect, .row, .nestrow: paragraphBreak()
        case .line: emit("\u{2028}")
        case .tab, .cell, .nestcell: emit("\t")
        case .page: emit("\u{000C}")
        case .bullet: emit("\u{2022}")
        case .emdash: emit("\u{2014}")
        case .endash: emit("\u{2013}")
        case .lquote: emit("\u{2018}")
        case .rquote: emit("\u{2019}")
        case .ldblquote: emit("\u{201C}")
        case .rdblquote: emit("\u{201D}")
        case .emspace: emit("\u{2003}")
        case .enspace: emit("\u{2002}")
        case .qmspace: emit("\u{2005}")
        case .zwj: emit("\u{200D}")
        case .zwnj: emit("\u{200C}")
        case .ltrmark: emit("\u{200E}")
        case .rtlmark: emit("\u{200F}")
        case .u: unicode(parameter)
        case .uc: state.unicodeSkip = max(0, min(value, 16))
        case .chftn: if state.destination == .body { footnoteMark() }

        // Character formatting
        case .plain:
            let link = state.character.link
            state.character = RTFCharacterState()
            state.character.link = link
            state.codePage = documentCodePage
            updateDecoder()
            styleDirty = true
        case .f:
            if state.destination == .listTable {
                if lists.levelDepth > 0 { lists.level.font = value }
            } else if state.destination == .fontTable {
                finishFontEntry(onlyIfNamed: true)
                fontEntryNumber = value
                fontEntry = RTFFontEntry()
                fontNameBytes.removeAll(keepingCapacity: true)
            } else {
                state.character.font = value
                state.codePage = codePage(forFont: value)
                updateDecoder()
                styleDirty = true
            }
        case .fs: setCharacter(\.halfPoints, value > 0 ? value : RTFCharacterState.absent)
        case .b: setCharacter(\.bold, on)
        case .i: setCharacter(\.italic, on)
        case .strike: setCharacter(\.strike, on); if !on { setCharacter(\.strikeDouble, false) }
        case .striked: setCharacter(\.strike, on); setCharacter(\.strikeDouble, on)
        case .caps: setCharacter(\.allCaps, on)
        case .scaps: setCharacter(\.smallCaps, on)
        case .v: setCharacter(\.hidden, on)
        case .ul: setCharacter(\.underline, on ? .single : .none)
        case .ulnone: setCharacter(\.underline, .none)
        case .ulw: setCharacter(\.underline, on ? .single : .none)
        case .uldb: setCharacter(\.underline, on ? .double : .none)
        case .ulth: setCharacter(\.underline, on ? .thick : .none)
        case .uld: setCharacter(\.underline, on ? .dot : .none)
        case .uldash: setCharacter(\.underline, on ? .dash : .none)
        case .uldashd: setCharacter(\.underline, on ? .dashDot : .none)
        case .uldashdd: setCharacter(\.underline, on ? .dashDotDot : .none)
        case .ulwave: setCharacter(\.underline, on ? .wave : .none)
        case .super: setCharacter(\.superscript, 1)
        case .sub: setCharacter(\.superscript, -1)
        case .nosupersub: setCharacter(\.superscript, 0)
        case .up: setCharacter(\.baseline, parameter == nil ? 6 : value)
        case .dn: setCharacter(\.baseline, parameter == nil ? -6 : -value)
        case .cf: setCharacter(\.foreground, value)
        case .cb, .highlight: setCharacter(\.background, value)

        // Paragraph formatting
        case .pard: state.paragraph = RTFParagraphState()
        case .ql: state.paragraph.alignment = .left
        case .qc: state.paragraph.alignment = .center
        case .qr: state.paragraph.alignment = .right
        case .qj: state.paragraph.alignment = .justified
        case .qnatural: state.paragraph.alignment = .natural
        case .ltrpar: state.paragraph.direction = .leftToRight
        case .rtlpar: state.paragraph.direction = .rightToLeft
        case .li: state.paragraph.leftIndent = value
        case .ri: state.paragraph.rightIndent = value
        case .fi: state.paragraph.firstIndent = value
        case .sl: state.paragraph.lineSpacing = value == 0 ? RTFParagraphState.absent : value
        case .slmult: state.paragraph.lineSpacingMultiple = on
        case .sb: state.paragraph.spaceBefore = value
        case .sa: state.paragraph.spaceAfter = value

        // Document
        case .rtf: break
        case .ansi: setDocumentCodePage(1252)
        case .mac: setDocumentCodePage(10000)
        case .pc: setDocumentCodePage(437)
        case .pca: setDocumentCodePage(850)
        case .ansicpg: if value > 0 { setDocumentCodePage(value) }
        case .bin: break

        // Tables
        case .fonttbl:
            state.destination = .fontTable
            fontEntryNumber = nil
            fontEntry = RTFFontEntry()
            fontNameBytes.removeAll(keepingCapacity: true)
        case .fcharset:
            if state.destination == .fontTable {
                fontEntry.charset = value
                state.codePage = codePage(forCharset: value)
                updateDecoder()
            }
        case .colortbl:
            state.destination = .colorTable
            colors = []
            colorEntry = RTFColorEntry()
        case .expandedcolortbl:
            state.destination = .expandedColorTable
            expandedColors = []
            colorEntry = RTFColorEntry()
        case .red: colorEntry.set(0, value)
        case .green: colorEntry.set(1, value)
        case .blue: colorEntry.set(2, value)
        case .csgenericrgb, .cssrgb: colorEntry.model = .rgb
        case .csgray: colorEntry.model = .gray
        case .c: if state.destination == .expandedColorTable { colorEntry.components.append(value) }

        // Fields, pictures, attachments
        case .field:
            fields.append(RTFField(depth: depth))
        case .fldinst:
            if fields.isEmpty { return try skipGroup() }
            state.destination = .fieldInstruction
        case .fldrslt:
            if !fields.isEmpty { startFieldResult() }
        case .pict:
            if state.destination == .body || state.destination == .picture {
                state.destination = .picture
                if picture == nil { picture = RTFPictureData(depth: depth, start: tokenizer.tokenStart) }
            } else {
                return try skipGroup()
            }
        case .pngblip: picture?.kind = .png
        case .jpegblip: picture?.kind = .jpeg
        case .wmetafile: picture?.kind = .wmf
        case .emfblip: picture?.kind = .emf
        case .macpict: picture?.kind = .pict
        case .NeXTGraphic:
            if state.destination == .body {
                state.destination = .attachment
                graphic = RTFAttachmentGroup(depth: depth, start: tokenizer.tokenStart)
            } else {
                return try skipGroup()
            }
        case .appleemojiimage:
            graphic?.readingEmojiIdentifier = true
        case .upr, .shppict, .nesttableprops:
            break
        case .listtext, .pntext:
            if state.destination == .body { paragraphLabelled = true }

        // Lists
        case .listtable, .listoverridetable:
            // Read only when a paragraph needs a label from them (`readListTables`): Word's list tables are
            // long, and its list paragraphs carry their labels as {\listtext}.
            if readingListTables || depth == 1 {
                state.destination = keyword == .listtable ? .listTable : .listOverrideTable
            } else {
                lists.pendingTables.append(tokenizer.tokenStart)
                try skipGroup()
            }
        case .list, .listoverride:
            // A definition outside its table (some writers leave `\listtable` out) is read as one, never as text.
            switch state.destination {
            case .body where !readingListTables && depth > 1:
                lists.pendingTables.append(tokenizer.tokenStart)
                try skipGroup()
            case .body, .listTable, .listOverrideTable: listTableWord(keyword, parameter)
            default: try skipGroup()
            }
        case .listlevel, .leveltext, .levelnumbers, .levelmarker, .levelnfc, .levelnfcn, .levelstartat, .levelfollow,
             .levellegal, .listid:
            if state.destination == .listTable || state.destination == .listOverrideTable {
                listTableWord(keyword, parameter)
            } else if state.destination == .body, keyword == .listlevel || keyword == .leveltext || keyword == .levelnumbers || keyword == .levelmarker {
                try skipGroup() // part of a list definition, never text
            }
        case .ls:
            if state.destination == .listOverrideTable {
                listTableWord(keyword, parameter)
            } else if state.destination == .body {
                // \ls0 is "no list".
                state.paragraph.listOverride = value > 0 ? value : RTFParagraphState.absent
                warn("list", RTFUnmodelledWords.listMessage)
            }
        case .ilvl: if state.destination == .body { state.paragraph.listLevel = max(0, value) }

        // Footnotes
        case .ftnalt: if state.destination == .footnote { footnote?.isEndnote = true }
        case .ftnnar, .ftnnalc, .ftnnauc, .ftnnrlc, .ftnnruc, .ftnnchi, .aftnnar, .aftnnalc, .aftnnauc, .aftnnrlc,
             .aftnnruc, .aftnnchi, .ftnstart, .aftnstart:
            footnoteNumbering.set(keyword, value)

        // Destinations nobody shows
        case .info, .stylesheet, .themedata, .datastore, .latentstyles, .pgdsctbl,
             .rsidtbl, .generator, .xmlnstbl, .colorschememapping, .mmathPr, .pnseclvl, .pn, .pntxta, .pntxtb,
             .nonshppict, .nonesttables, .objdata, .filetbl, .revtbl, .template, .userprops, .docvar, .background, .txe, .xe, .tc,
             .bkmkstart, .bkmkend, .ftnsep, .ftnsepc, .aftnsep, .aftnsepc, .ftncn, .aftncn, .listpicture, .fchars,
             .lchars, .panose, .falt, .ud, .defchp, .defpap, .wgrffmtfilter, .pgptbl, .fldtype, .passwordhash, .protusertbl,
             .listname, .lfolevel:
            try skipGroup()
        case .object:
            break // its \result keeps the text; \objdata is skipped
        case .header, .headerl, .headerr, .headerf, .footer, .footerl, .footerr, .footerf:
            warn("header", "page headers and footers are not kept")
            try skipGroup()
        case .footnote:
            if state.destination == .body && !state.character.hidden {
                startFootnote()
            } else {
                if state.character.hidden { warnHidden() }
                try skipGroup()
            }
        case .annotation, .atnid, .atnauthor, .atndate, .atnref:
            warn("annotation", "annotations (comments) are not kept")
            try skipGroup()
        case .shpinst:
            warn("shape", Self.shapeMessage)
            try skipGroup()
        case .shptxt:
            break // outside a shape (which is dropped whole), its text is kept

        case .unknown:
            unknownWord()
        }
    }

    @inline(__always)
    mutating func setCharacter<Value: Equatable>(_ path: WritableKeyPath<RTFCharacterState, Value>, _ value: Value) {
        if state.character[keyPath: path] != value {
            state.character[keyPath: path] = value
            styleDirty = true
        }
    }

    mutating func setDocumentCodePage(_ number: Int32) {
        documentCodePage = number
        if state.character.font == RTFCharacterState.absent || state.destination == .fontTable {
            state.codePage = number
        } else {
            state.codePage = codePage(forFont: state.character.font)
        }
        updateDecoder()
    }

    func codePage(forCharset charset: Int32) -> Int32 {
        return RTFCodePage.number(forCharset: Int(charset)).map(Int32.init) ?? documentCodePage
    }

    static let shapeMessage = "drawing shapes and the text in them (\\shptxt) are not kept"

    /// An unknown `{\\*\\word …}` destination dropped from the body: a warning per distinct word at its first
    /// place, up to the unmodelled-word cap, then one summary.
    mutating func droppedDestination() {
        let word = tokenizer.wordText
        let kind = "destination-" + word
        guard !log.has(kind), !log.has("destination-more") else { return }
        droppedDestinationWords += 1
        if droppedDestinationWords > RTFWarningLog.unmodelledWordCap {
            warn("destination-more", "more destinations this reader does not know are not kept: their content is dropped")
        } else {
            warn(kind, "the destination \\\(word.prefix(40)) is not kept: its content is dropped")
        }
    }

    /// An unknown control word: a warning the first time it is seen in the body (words with no content of
    /// their own, such as revision ids, are passed over).
    mutating func unknownWord() {
        guard state.destination == .body else { return }
        guard unmodelledSeen.insert(tokenizer.wordKey, value: 1) else { return }
        switch RTFUnmodelledWords.classify(UnsafeBufferPointer(rebasing: bytes[tokenizer.wordRange]), key: tokenizer.wordKey) {
        case .silent:
            break
        case .kind(let kind, let message):
            warn(kind, message)
        case .word:
            if builder.utf8.isEmpty {
                log.documentSetting(log.listsNextSetting ? tokenizer.wordText : "", at: tokenizer.tokenStart)
            } else {
                log.unmodelled(log.listsNextUnmodelled ? tokenizer.wordText : "", at: tokenizer.tokenStart)
            }
        }
    }
}
