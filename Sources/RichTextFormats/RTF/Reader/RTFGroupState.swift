/// Where a group's text goes.
enum RTFDestination: UInt8 {
    /// The document.
    case body
    /// The font table: names, numbers and character sets.
    case fontTable
    /// `\colortbl`.
    case colorTable
    /// Cocoa's `\*\expandedcolortbl`.
    case expandedColorTable
    /// A field's instruction (`\fldinst`).
    case fieldInstruction
    /// A picture's data.
    case picture
    /// An RTFD attachment group (`\NeXTGraphic`).
    case attachment
    /// Read and dropped (text of a destination nobody shows).
    case ignored
    /// `\listtable` and `{\list …}`: list definitions, for labels of paragraphs with no `{\listtext}`.
    case listTable
    /// `\listoverridetable`: which list each `\lsN` uses.
    case listOverrideTable
    /// A list level's `\leveltext` (its label template).
    case levelText
    /// A list level's `\levelnumbers` (where the template's placeholders are).
    case levelNumbers
    /// Cocoa's `\*\levelmarker` (the label as NSTextList's marker format).
    case levelMarker
    /// A `\footnote` group's text, kept on its reference mark.
    case footnote
}

/// Underline styles, in the order of `underlineStyle`'s values (0: none, 1: single).
enum RTFUnderline: UInt8 {
    case none, single, double, thick, dot, dash, dashDot, dashDotDot, wave

    /// The `underlineStyle` value, nil for none and single.
    var styleName: String? {
        switch self {
        case .none, .single: return nil
        case .double: return "double"
        case .thick: return "thick"
        case .dot: return "dot"
        case .dash: return "dash"
        case .dashDot: return "dashDot"
        case .dashDotDot: return "dashDotDot"
        case .wave: return "wave"
        }
    }
}

/// The character formatting in effect: small values, hashed to find the interned attribute set of a run.
struct RTFCharacterState: Hashable {
    static let absent: Int32 = .min

    var font: Int32 = absent
    var halfPoints: Int32 = absent
    var bold = false
    var italic = false
    var strike = false
    var strikeDouble = false
    var allCaps = false
    var smallCaps = false
    var hidden = false
    var underline = RTFUnderline.none
    /// 1 superscript, -1 subscript, 0 neither.
    var superscript: Int8 = 0
    /// Half-points, positive up.
    var baseline: Int32 = 0
    var foreground: Int32 = absent
    var background: Int32 = absent
    /// Index into the reader's links.
    var link: Int32 = absent
    /// Index into the reader's objects (the glyph or attachment on one U+FFFC).
    var object: Int32 = absent
    /// Index into the reader's footnotes (on a footnote's reference mark).
    var footnote: Int32 = absent
}

/// The paragraph formatting in effect since the last `\pard`.
struct RTFParagraphState: Hashable {
    static let absent: Int32 = .min

    /// `\ql`, `\qc`, `\qr`, `\qj`, `\qnatural`; nil when none was given.
    var alignment: StandardAttributes.Alignment? = nil
    /// `\ltrpar`, `\rtlpar`; nil when neither was given.
    var direction: StandardAttributes.WritingDirection? = nil
    var leftIndent: Int32 = absent
    var rightIndent: Int32 = absent
    var firstIndent: Int32 = absent
    var lineSpacing: Int32 = absent
    var lineSpacingMultiple = false
    var spaceBefore: Int32 = absent
    var spaceAfter: Int32 = absent
    /// `\lsN`: the list override the paragraph belongs to (absent: none).
    var listOverride: Int32 = absent
    /// `\ilvlN`: the paragraph's level in its list.
    var listLevel: Int32 = 0
}

/// Everything a group saves and `}` restores.
struct RTFGroupState {
    var character = RTFCharacterState()
    var paragraph = RTFParagraphState()
    var destination = RTFDestination.body
    /// The code page `\'hh` and 8-bit bytes are read in (the font's, else the document's).
    var codePage: Int32 = 1252
    /// `\ucN`: how many fallback characters follow a `\u`.
    var unicodeSkip: Int32 = 1
    /// Set by `\*` as the group's first token: the group's destination word, if unknown, skips the group.
    var ignorableDestination = false
    /// Set after an attachment group closes inside this one: the rest of this group is its fallback text.
    var skipsAttachmentFallback = false
    /// How much body text (UTF-8) there was when the group opened: a footnote's reference mark is the text of
    /// the group around its `\footnote` group.
    var bodyStart = 0
}
