/// A legacy code page that RTF text in `\'hh` escapes (and raw 8-bit bytes) is written in.
///
/// The RTF reader picks one from the document's `\ansicpgN`, or from a font's `\fcharsetN` through
/// ``number(forCharset:)``, and turns bytes into Unicode scalars with it. Single-byte pages map each byte;
/// double-byte pages (932, 936, 949, 950, 1361 and the Mac CJK pages) have lead bytes that combine with the
/// following byte: ask ``isLeadByte(_:)`` first, then call ``scalar(lead:trail:)``.
///
/// Constructing one is cheap: the tables are generated (`Scripts/generate-code-pages.py`, from Python's
/// codecs), decoded once on first use, shared by every instance, and immutable, so a code page is safe to use
/// from any thread. Every lookup is O(1). Anything a page does not map gives nil; the reader decides what to
/// show instead.
///
/// Supported pages (``supportedNumbers``):
/// - Windows: 874, 1250–1258, and the double-byte 932, 936, 949, 950, 1361 (Johab).
/// - DOS: 437, 850.
/// - Mac: 10000 Roman, 10004 Arabic, 10006 Greek, 10007 Cyrillic, 10010 Romanian, 10029 Central European,
///   10079 Icelandic, 10081 Turkish, 10082 Croatian, and the double-byte 10001 Japanese, 10002 Traditional
///   Chinese, 10003 Korean and 10008 Simplified Chinese.
/// - 42, the symbol page (fonts with `\fcharset2`).
///
/// Choices a reader must know:
/// - Bytes 0x00–0x7F are ASCII in every page but the symbol page (including 0x5C in the Japanese pages, which
///   Apple's Mac Japanese table calls YEN SIGN: RTF writers treat it as a backslash).
/// - **Symbol (42)** maps byte b ≥ 0x20 to U+F000 + b, the private-use range Windows gives symbol fonts
///   (what `MultiByteToWideChar(CP_SYMBOL)` does); bytes below 0x20 map to themselves. The scalar only means
///   something together with the font (Symbol, Wingdings…); converting to real Unicode is up to the reader.
/// - **936** adds Windows' 0x80 → € to Python's GBK.
/// - **932** keeps Windows' single bytes 0x80 → U+0080 and 0xA0, 0xFD–0xFF → U+F8F0–U+F8F3.
/// - **Windows double-byte pages** use Windows' lead-byte ranges (932: 0x81–0x9F, 0xE0–0xFC; 936, 949, 950:
///   0x81–0xFE; 1361: 0x84–0xD3, 0xD8–0xDE, 0xE0–0xF9), which include user-defined rows; a pair there is
///   consumed as one character and gives nil.
/// - **10001 Mac Japanese** is cp932's double-byte table (so it also maps the NEC/IBM rows 0x87, 0xED–0xEE,
///   0xFA–0xFC and leaves Apple's own rows 0x85–0x86 and 0xEB–0xED vertical forms unmapped), with Apple's JIS
///   forms where cp932 differs (0x8160 〜 U+301C, 0x8161 U+2016, 0x817C U+2212, 0x8191 ¢, 0x8192 £,
///   0x81CA ¬), and Apple's single bytes 0x80 → `\`, 0xA0 → NBSP, 0xFD → ©, 0xFE → ™, 0xFF → ….
/// - **10002 / 10008 Mac Chinese** are Python's Big5 / GB2312 with Apple's single bytes 0xA0 NBSP, 0xFD ©,
///   0xFE ™, 0xFF …; lead bytes 0xA1–0xFC. Apple's private-use additions are unmapped.
/// - **10003 Mac Korean** is Python's EUC-KR (KS X 1001) with Apple's single bytes 0x80 NBSP, 0x81 ₩,
///   0x83 ©; lead bytes 0xA1–0xFD. Apple's many extension characters (trail bytes below 0xA1) are unmapped.
public struct RTFCodePage: Sendable {
    /// The code page number, as in `\ansicpgN` (42 for the symbol page).
    public let number: Int
    /// The page's table; nil for the symbol page, which is computed.
    private let table: CodePageTable?

    /// The symbol page's number (Windows' `CP_SYMBOL`), what ``number(forCharset:)`` gives for `\fcharset2`.
    public static let symbolPageNumber = 42

    /// Every number ``init(number:)`` accepts, ascending.
    public static let supportedNumbers: [Int] = [
        42, 437, 850, 874, 932, 936, 949, 950, 1250, 1251, 1252, 1253, 1254, 1255, 1256, 1257, 1258, 1361,
        10000, 10001, 10002, 10003, 10004, 10006, 10007, 10008, 10010, 10029, 10079, 10081, 10082,
    ]

    /// The code page with this number, or nil when it is not supported.
    public init?(number: Int) {
        let table: CodePageTable?
        switch number {
        case Self.symbolPageNumber: table = nil
        case 437: table = .page437
        case 850: table = .page850
        case 874: table = .page874
        case 932: table = .page932
        case 936: table = .page936
        case 949: table = .page949
        case 950: table = .page950
        case 1250: table = .page1250
        case 1251: table = .page1251
        case 1252: table = .page1252
        case 1253: table = .page1253
        case 1254: table = .page1254
        case 1255: table = .page1255
        case 1256: table = .page1256
        case 1257: table = .page1257
        case 1258: table = .page1258
        case 1361: table = .page1361
        case 10000: table = .page10000
        case 10001: table = .page10001
        case 10002: table = .page10002
        case 10003: table = .page10003
        case 10004: table = .page10004
        case 10006: table = .page10006
        case 10007: table = .page10007
        case 10008: table = .page10008
        case 10010: table = .page10010
        case 10029: table = .page10029
        case 10079: table = .page10079
        case 10081: table = .page10081
        case 10082: table = .page10082
        default: return nil
        }
        self.number = number
        self.table = table
    }

    /// Whether the page has two-byte characters (so ``isLeadByte(_:)`` can be true).
    public var isDoubleByte: Bool {
        table?.isDoubleByte ?? false
    }

    /// Whether `byte` starts a two-byte character; always false in a single-byte page.
    public func isLeadByte(_ byte: UInt8) -> Bool {
        table?.isLeadByte(byte) ?? false
    }

    /// The scalar `byte` stands for on its own; nil when the page leaves it unmapped or it is a lead byte.
    public func scalar(for byte: UInt8) -> Unicode.Scalar? {
        guard let table else {
            return Unicode.Scalar(byte < 0x20 ? UInt32(byte) : 0xF000 + UInt32(byte))
        }
        return table.scalar(for: byte)
    }

    /// The scalar a lead byte and the byte after it stand for; nil when `lead` is not a lead byte or the pair
    /// is unmapped.
    public func scalar(lead: UInt8, trail: UInt8) -> Unicode.Scalar? {
        table?.scalar(lead: lead, trail: trail)
    }
}
