extension RTFCodePage {
    /// The code page a font's `\fcharsetN` selects, or nil when the charset names none (1, "default": use the
    /// document's `\ansicpg`) or is unknown.
    ///
    /// The numbers follow the RTF 1.9.1 specification's `\fcharset` table and the code pages Windows and
    /// Word use for them. A number returned here need not be one ``init(number:)`` supports (10005 Mac
    /// Hebrew, 10021 Mac Thai): the reader then falls back as for an unsupported `\ansicpg`.
    ///
    /// | `\fcharset` | meaning | code page |
    /// |---|---|---|
    /// | 0 | ANSI | 1252 |
    /// | 1 | Default | nil (the document's) |
    /// | 2 | Symbol | 42 (byte b → U+F000 + b) |
    /// | 77 | Mac Roman | 10000 |
    /// | 78 | Mac Shift-JIS | 10001 |
    /// | 79 | Mac Hangul | 10003 |
    /// | 80 | Mac GB2312 | 10008 |
    /// | 81 | Mac Big5 | 10002 |
    /// | 83 | Mac Hebrew | 10005 |
    /// | 84 | Mac Arabic | 10004 |
    /// | 85 | Mac Greek | 10006 |
    /// | 86 | Mac Turkish | 10081 |
    /// | 87 | Mac Thai | 10021 |
    /// | 88 | Mac East Europe | 10029 |
    /// | 89 | Mac Russian | 10007 |
    /// | 128 | Shift-JIS | 932 |
    /// | 129 | Hangul | 949 |
    /// | 130 | Johab | 1361 |
    /// | 134 | GB2312 | 936 |
    /// | 136 | Big5 | 950 |
    /// | 161 | Greek | 1253 |
    /// | 162 | Turkish | 1254 |
    /// | 163 | Vietnamese | 1258 |
    /// | 177 | Hebrew | 1255 |
    /// | 178 | Arabic | 1256 |
    /// | 186 | Baltic | 1257 |
    /// | 204 | Russian | 1251 |
    /// | 222 | Thai | 874 |
    /// | 238 | Eastern European | 1250 |
    /// | 254 | PC 437 | 437 |
    /// | 255 | OEM | 850 |
    ///
    /// Everything else gives nil: 3 (invalid), 82 (Mac Johab, no code page), 179–181 (Arabic traditional,
    /// Arabic and Hebrew user charsets) and numbers the specification does not define.
    public static func number(forCharset charset: Int) -> Int? {
        switch charset {
        case 0: return 1252
        case 1: return nil
        case 2: return symbolPageNumber
        case 77: return 10000
        case 78: return 10001
        case 79: return 10003
        case 80: return 10008
        case 81: return 10002
        case 83: return 10005
        case 84: return 10004
        case 85: return 10006
        case 86: return 10081
        case 87: return 10021
        case 88: return 10029
        case 89: return 10007
        case 128: return 932
        case 129: return 949
        case 130: return 1361
        case 134: return 936
        case 136: return 950
        case 161: return 1253
        case 162: return 1254
        case 163: return 1258
        case 177: return 1255
        case 178: return 1256
        case 186: return 1257
        case 204: return 1251
        case 222: return 874
        case 238: return 1250
        case 254: return 437
        case 255: return 850
        default: return nil
        }
    }
}
