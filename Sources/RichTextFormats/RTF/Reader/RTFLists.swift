/// One piece of a list level's `\leveltext` as read: a byte (decoded in the level's font once that is
/// known, since Word writes `\f` after the text) or a `\uN` character.
enum RTFLevelTextPiece {
    case byte(UInt8)
    case scalar(Unicode.Scalar)
}

/// One level of a `{\list …}` definition.
struct RTFListLevel {
    var format = RTFNumberFormat.decimal
    var startAt = 1
    /// `\levelfollowN`: 0 a tab after the label, 1 a space, 2 nothing.
    var follow: Int32 = 0
    /// `\levellegal`: every number in the label in decimal.
    var legal = false
    var font: Int32 = RTFCharacterState.absent
    /// `\leveltext` as read; its first character is the template's length.
    var template: [RTFLevelTextPiece] = []
    /// `\levelnumbers`: the template offsets (1-based) of the placeholders.
    var placeholderOffsets: [UInt8] = []
    /// Cocoa's `\levelmarker` (`{disc}`, `{decimal}.`), preferred when present.
    var marker: String? = nil
    /// The label's pieces, once the level is complete.
    var label: [Piece] = []

    enum Piece: Equatable {
        case text(String)
        /// The current number of the list's level `level` (0-based).
        case number(level: Int, format: RTFNumberFormat?)
    }
}

/// The lists of `\listtable` and `\listoverridetable`, and each list's counters as its paragraphs are read.
///
/// A paragraph with `\lsN\ilvlL` and no `{\listtext}` or `{\pntext}` gets the label Word shows: level L's
/// template with its placeholders replaced by the current numbers of the levels they name (each in its level's
/// format), or the level's bullet, followed by a tab, a space or nothing (`\levelfollow`). Counters belong to
/// the override (`\ls`); a level's counter starts at `\levelstartat` and restarts when a higher level's
/// paragraph comes between.
struct RTFLists {
    /// Definitions by `\listid`.
    var lists: [Int32: [RTFListLevel]] = [:]
    /// `\ls` number to `\listid`.
    var overrides: [Int32: Int32] = [:]
    /// Where list tables skipped so far start (the byte offset of their destination word), to be read when a
    /// paragraph first needs a label from them.
    var pendingTables: [Int] = []
    private var counters: [Int32: [Int?]] = [:]

    // While reading the tables.
    var list: [RTFListLevel] = []
    var listID: Int32? = nil
    var listDepth = 0
    var level = RTFListLevel()
    var levelDepth = 0
    var overrideListID: Int32? = nil
    var overrideNumber: Int32? = nil
    var overrideDepth = 0

    /// The label of the next paragraph of override `ls` at `level` (advancing the counters); nil when the
    /// override or its list is unknown.
    mutating func nextLabel(override ls: Int32, level requested: Int32) -> String? {
        guard let id = overrides[ls], let levels = lists[id], !levels.isEmpty else { return nil }
        let index = Int(min(max(requested, 0), Int32(levels.count - 1)))
        var numbers = counters[ls] ?? Array(repeating: nil, count: levels.count)
        numbers[index] = (numbers[index] ?? levels[index].startAt - 1) + 1
        for deeper in (index + 1)..<max(index + 1, numbers.count) { numbers[deeper] = nil }
        counters[ls] = numbers
        let current = levels[index]
        var label = ""
        for piece in current.label {
            switch piece {
            case .text(let text): label += text
            case .number(let k, let named):
                guard k < levels.count else { continue }
                let format = current.legal ? .decimal : (named ?? levels[k].format)
                label += format == .bullet ? "\u{2022}" : format.text(numbers[k] ?? levels[k].startAt)
            }
        }
        if label.isEmpty && current.format == .bullet { label = "\u{2022}" }
        switch current.follow {
        case 1: label += " "
        case 2: break
        default: label += "\t"
        }
        return label
    }

    /// The pieces of a level's label from Cocoa's marker format: `{disc}` and the other bullet names are their
    /// bullets, `{decimal}`, `{lower-roman}`, … this level's number, anything else itself.
    static func markerPieces(_ marker: String, level: Int) -> [RTFListLevel.Piece] {
        var pieces: [RTFListLevel.Piece] = []
        var rest = Substring(marker)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { pieces.append(.text(String(rest[..<open]))) }
            let name = rest[rest.index(after: open)..<close]
            switch name {
            case "disc": pieces.append(.text("\u{2022}"))
            case "circle": pieces.append(.text("\u{25E6}"))
            case "square": pieces.append(.text("\u{25AA}"))
            case "hyphen": pieces.append(.text("\u{2043}"))
            case "diamond": pieces.append(.text("\u{25C6}"))
            case "check": pieces.append(.text("\u{2713}"))
            case "box": pieces.append(.text("\u{25FB}"))
            case "upper-roman": pieces.append(.number(level: level, format: .upperRoman))
            case "lower-roman": pieces.append(.number(level: level, format: .lowerRoman))
            case "upper-alpha", "upper-latin": pieces.append(.number(level: level, format: .upperLetter))
            case "lower-alpha", "lower-latin": pieces.append(.number(level: level, format: .lowerLetter))
            default: pieces.append(.number(level: level, format: .decimal))
            }
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append(.text(String(rest))) }
        return pieces
    }
}

extension RTFInterpreter {
    /// A list-table word (`\list`, `\listlevel`, `\levelnfc`, …, `\listoverride`, `\ls` in the override table).
    mutating func listTableWord(_ keyword: RTFKeyword, _ parameter: Int?) {
        let value = Int32(clamping: parameter ?? 0)
        switch keyword {
        case .list:
            state.destination = .listTable
            lists.list = []
            lists.listID = nil
            lists.listDepth = depth
        case .listlevel:
            state.destination = .listTable
            lists.level = RTFListLevel()
            lists.levelDepth = depth
        case .leveltext: if lists.levelDepth > 0 { state.destination = .levelText }
        case .levelnumbers: if lists.levelDepth > 0 { state.destination = .levelNumbers }
        case .levelmarker: if lists.levelDepth > 0 { state.destination = .levelMarker; lists.level.marker = "" }
        case .levelnfc, .levelnfcn: lists.level.format = RTFNumberFormat(levelNumberFormat: value)
        case .levelstartat: lists.level.startAt = Int(value)
        case .levelfollow: lists.level.follow = value
        case .levellegal: lists.level.legal = (parameter ?? 1) != 0
        case .listid:
            if lists.overrideDepth > 0 { lists.overrideListID = value } else if lists.listDepth > 0 { lists.listID = value }
        case .listoverride:
            state.destination = .listOverrideTable
            lists.overrideListID = nil
            lists.overrideNumber = nil
            lists.overrideDepth = depth
        case .ls:
            if lists.overrideDepth > 0 { lists.overrideNumber = value }
        default:
            break
        }
    }

    /// Closes a list, level or override group of the tables (`closing` is its depth).
    mutating func closeListGroup(_ closing: Int) {
        if closing == lists.levelDepth {
            lists.levelDepth = 0
            var level = lists.level
            level.label = levelLabel(level, index: lists.list.count)
            lists.list.append(level)
        } else if closing == lists.listDepth {
            lists.listDepth = 0
            if let id = lists.listID, lists.lists[id] == nil { lists.lists[id] = lists.list }
        } else if closing == lists.overrideDepth {
            lists.overrideDepth = 0
            if let number = lists.overrideNumber, let id = lists.overrideListID, lists.overrides[number] == nil {
                lists.overrides[number] = id
            }
        }
    }

    /// A level's label pieces: Cocoa's marker when there is one, else `\leveltext` decoded in the level's
    /// font (symbol fonts mapped as in text) with the placeholders `\levelnumbers` names.
    private mutating func levelLabel(_ level: RTFListLevel, index: Int) -> [RTFListLevel.Piece] {
        if let marker = level.marker, !marker.isEmpty { return RTFLists.markerPieces(marker, level: index) }
        let font = level.font
        let page = font == RTFCharacterState.absent ? documentCodePage : codePage(forFont: font)
        let family = fonts[font]?.symbolFamily ?? .other
        let decoder = RTFCodePage(number: Int(page))
        var scalars: [Unicode.Scalar] = []
        var lead: UInt8? = nil
        for piece in level.template {
            switch piece {
            case .scalar(let scalar):
                scalars.append(scalar)
            case .byte(let byte):
                if let first = lead {
                    lead = nil
                    scalars.append(decoder?.scalar(lead: first, trail: byte) ?? "\u{FFFD}")
                } else if byte < 0x20 || (byte < 0x80 && page != Int32(RTFCodePage.symbolPageNumber)) {
                    scalars.append(Unicode.Scalar(byte))
                } else if page == Int32(RTFCodePage.symbolPageNumber) {
                    scalars.append(Unicode.Scalar(0xF000 + UInt32(byte))!)
                } else if let decoder, decoder.isLeadByte(byte) {
                    lead = byte
                } else {
                    scalars.append(decoder?.scalar(for: byte) ?? "\u{FFFD}")
                }
            }
        }
        guard let length = scalars.first.map({ Int($0.value) }), length > 0 else { return [] }
        let template = Array(scalars.dropFirst().prefix(length))
        let placeholders = Set(level.placeholderOffsets.map { Int($0) - 1 })
        var pieces: [RTFListLevel.Piece] = []
        var text = ""
        for (offset, scalar) in template.enumerated() {
            let isPlaceholder = scalar.value < 9 && (placeholders.contains(offset) || level.placeholderOffsets.isEmpty)
            if isPlaceholder {
                // A bullet level's text is its bullet; one with a number's placeholder shows Word's bullet.
                if level.format == .bullet { return [.text("\u{2022}")] }
                if !text.isEmpty { pieces.append(.text(text)); text = "" }
                pieces.append(.number(level: Int(scalar.value), format: nil))
            } else {
                text.unicodeScalars.append(RTFSymbolFonts.unicode(for: scalar, in: family) ?? scalar)
            }
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        return pieces
    }

    /// Reads the list tables skipped so far, each by an interpreter of its own that starts at the table's
    /// destination word, inside its group, with this document's fonts and code page, and stops where the group
    /// closes. A table that does not read (the skip already checked its braces) gives no lists, with a warning.
    mutating func readListTables() {
        let starts = lists.pendingTables
        lists.pendingTables = []
        for start in starts {
            var reader = RTFInterpreter(limits: limits, attachments: [:])
            reader.readingListTables = true
            reader.tokenizer = RTFTokenizer(bytes: bytes, limits: limits)
            reader.tokenizer.position = start
            reader.fonts = fonts
            reader.documentCodePage = documentCodePage
            reader.state.codePage = documentCodePage
            reader.updateDecoder()
            reader.lists = lists
            reader.stack = [RTFGroupState()]
            reader.depth = 1
            do throws(DocumentError) {
                try reader.runGroup()
                lists = reader.lists
            } catch {
                warn("list-table", "a list table could not be read (\(error.message)); paragraphs in its lists have no label", at: start)
            }
        }
    }

    /// Puts the label of the current paragraph's list level before its first text, once per paragraph (the
    /// caller checked that the paragraph is in a list and has no label yet).
    mutating func emitListLabel() {
        paragraphLabelled = true
        if !lists.pendingTables.isEmpty { readListTables() }
        let paragraph = state.paragraph
        guard let label = lists.nextLabel(override: paragraph.listOverride, level: paragraph.listLevel) else {
            warn("list-unknown", "a paragraph's list (\\ls\(paragraph.listOverride)) is not in \\listoverridetable; it has no label")
            return
        }
        for scalar in label.unicodeScalars { emitScalar(scalar) }
    }
}
