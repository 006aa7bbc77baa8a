/// The character formatting of one run, in RTF's own units (table indices, half-points), so that two runs
/// compare cheaply and the writer emits only the control words that change between them.
struct RTFCharacterFormat: Hashable {
    /// Underline kinds: `\ul` and its variants.
    enum Underline: Hashable {
        case single, double, thick, dotted, dash, dashDot, dashDotDot, wave
    }

    /// Strikethrough kinds: `\strike` and `\striked1`.
    enum Strikethrough: Hashable { case single, double }

    /// Index into the font table (`\fN`).
    var font: Int?
    /// Half-points (`\fsN`).
    var fontSize: Int?
    var bold = false
    var italic = false
    var underline: Underline?
    var strikethrough: Strikethrough?
    var allCaps = false
    var smallCaps = false
    /// 1 superscript, -1 subscript, 0 neither.
    var superscript = 0
    /// Half-points, positive up (`\upN` / `\dnN`).
    var baselineOffset: Int?
    /// Index into the colour table, 1-based (`\cfN`); nil is `\cf0`, the automatic colour.
    var foreground: Int?
    /// Index into the colour table, 1-based (`\cbN`); nil is `\cb0`.
    var background: Int?

    /// Writes the control words that turn `current` into `self`, and makes `current` equal to `self`.
    ///
    /// Font, size and baseline offset have no "off" word, so removing any of them resets with `\plain` and
    /// writes the whole of `self` again.
    func write(from current: inout RTFCharacterFormat, to out: inout RTFOutput) {
        if current == self { return }
        if (current.font != nil && font == nil) || (current.fontSize != nil && fontSize == nil)
            || (current.baselineOffset != nil && baselineOffset == nil) {
            out.word("plain")
            current = RTFCharacterFormat()
        }
        if font != current.font, let font { out.word("f", font) }
        if fontSize != current.fontSize, let fontSize { out.word("fs", fontSize) }
        if bold != current.bold { bold ? out.word("b") : out.word("b", 0) }
        if italic != current.italic { italic ? out.word("i") : out.word("i", 0) }
        if underline != current.underline {
            switch underline {
            case nil: out.word("ulnone")
            case .single: out.word("ul")
            case .double: out.word("uldb")
            case .thick: out.word("ulth")
            case .dotted: out.word("uld")
            case .dash: out.word("uldash")
            case .dashDot: out.word("uldashd")
            case .dashDotDot: out.word("uldashdd")
            case .wave: out.word("ulwave")
            }
        }
        if strikethrough != current.strikethrough {
            switch current.strikethrough {
            case .single: out.word("strike", 0)
            case .double: out.word("striked", 0)
            case nil: break
            }
            switch strikethrough {
            case .single: out.word("strike")
            case .double: out.word("striked", 1)
            case nil: break
            }
        }
        if allCaps != current.allCaps { allCaps ? out.word("caps") : out.word("caps", 0) }
        if smallCaps != current.smallCaps { smallCaps ? out.word("scaps") : out.word("scaps", 0) }
        if superscript != current.superscript {
            switch superscript {
            case 1: out.word("super")
            case -1: out.word("sub")
            default: out.word("nosupersub")
            }
        }
        if baselineOffset != current.baselineOffset, let offset = baselineOffset {
            offset < 0 ? out.word("dn", -offset) : out.word("up", offset)
        }
        if foreground != current.foreground { out.word("cf", foreground ?? 0) }
        if background != current.background { out.word("cb", background ?? 0) }
        current = self
    }
}
