/// The bytes of an RTF file being written, with the few primitives every part of the writer needs: control
/// words with their delimiter, numbers without going through `String`, and text escaped for RTF.
///
/// A control word needs a delimiter only when what follows could be read as part of it (a letter, a digit, a
/// hyphen or a space). The buffer remembers that a control word was the last thing written and adds the single
/// delimiter space only before literal text; `\`, `{`, `}` and line ends delimit on their own.
struct RTFOutput {
    var bytes: [UInt8] = []
    /// Whether the last thing written was a control word that text must not run into.
    private var pendingDelimiter = false
    /// Whether `\uc0` is in force for the `\u` escape about to be written (reset by anything else written).
    private var inUnicodeRun = false

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    /// Appends raw bytes (group braces, fixed syntax) with no delimiter logic beyond clearing the pending one.
    mutating func raw(_ text: StaticString) {
        pendingDelimiter = false
        inUnicodeRun = false
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends one raw byte.
    mutating func rawByte(_ byte: UInt8) {
        pendingDelimiter = false
        inUnicodeRun = false
        bytes.append(byte)
    }

    /// `\word` (the backslash included in `word` is not: pass `"b"`, `"fs"`).
    mutating func word(_ word: StaticString) {
        inUnicodeRun = false
        bytes.append(UInt8(ascii: "\\"))
        word.withUTF8Buffer { bytes.append(contentsOf: $0) }
        pendingDelimiter = true
    }

    /// `\wordN`.
    mutating func word(_ word: StaticString, _ parameter: Int) {
        inUnicodeRun = false
        bytes.append(UInt8(ascii: "\\"))
        word.withUTF8Buffer { bytes.append(contentsOf: $0) }
        appendInteger(parameter)
        pendingDelimiter = true
    }

    /// Writes the delimiter space if a control word is waiting for one.
    mutating func delimit() {
        if pendingDelimiter {
            bytes.append(UInt8(ascii: " "))
            pendingDelimiter = false
        }
    }

    /// Appends the decimal digits of `value`.
    mutating func appendInteger(_ value: Int) {
        var magnitude = value.magnitude
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        if magnitude < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude))
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while magnitude > 0 {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            }
            for i in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[i]) }
        }
    }

    /// Printable ASCII that needs no escape (the caller checked), appended in one go.
    mutating func plainASCII(_ span: ArraySlice<UInt8>) {
        delimit()
        inUnicodeRun = false
        bytes.append(contentsOf: span)
    }

    /// A paragraph end as Cocoa writes it: a backslash and a line feed.
    mutating func paragraphEnd() {
        pendingDelimiter = false
        inUnicodeRun = false
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(0x0A)
    }

    /// A line feed between header lines; RTF readers ignore it, and it ends any control word before it.
    mutating func newline() {
        pendingDelimiter = false
        inUnicodeRun = false
        bytes.append(0x0A)
    }

    /// One Unicode scalar as RTF text: printable ASCII as itself (`\`, `{`, `}` escaped), tab, line separator
    /// and form feed as `\tab`, `\line`, `\page`, and everything else as `\uc0\uN ` with N the signed 16-bit
    /// UTF-16 unit (two escapes for a scalar outside the BMP). "\n" is not handled here (paragraph ends are
    /// the caller's, because they also end paragraph formatting).
    mutating func text(_ scalar: UInt32) {
        switch scalar {
        case 0x5C, 0x7B, 0x7D:
            delimit()
            inUnicodeRun = false
            bytes.append(UInt8(ascii: "\\"))
            bytes.append(UInt8(scalar))
        case 0x20...0x7E:
            delimit()
            inUnicodeRun = false
            bytes.append(UInt8(scalar))
        case 0x09: word("tab")
        case 0x2028: word("line")
        case 0x0C: word("page")
        case 0x10000...:
            let value = scalar - 0x10000
            unicodeUnit(0xD800 + (value >> 10))
            unicodeUnit(0xDC00 + (value & 0x3FF))
        default:
            unicodeUnit(scalar)
        }
    }

    /// `\uN ` for a BMP scalar that would otherwise be written as itself (a `;` inside a font name).
    mutating func unicodeEscape(_ scalar: UInt32) { unicodeUnit(scalar) }

    /// `\uN ` for one UTF-16 unit, preceded by `\uc0` when this is the first of a run of escapes.
    private mutating func unicodeUnit(_ unit: UInt32) {
        if !inUnicodeRun {
            bytes.append(contentsOf: [0x5C, 0x75, 0x63, 0x30]) // \uc0
        }
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(UInt8(ascii: "u"))
        appendInteger(Int(Int16(truncatingIfNeeded: unit)))
        bytes.append(UInt8(ascii: " "))
        pendingDelimiter = false
        inUnicodeRun = true
    }

    /// Every scalar of `string` as RTF text; "\n" is written as `\uc0\u10 ` here (inside names and field
    /// instructions a line feed is not a paragraph end).
    mutating func text(_ string: String) {
        for scalar in string.unicodeScalars { text(scalar.value) }
    }

    /// Every scalar of a name or instruction (a `\NeXTGraphic` file name, a glyph identifier, a link target) as
    /// RTF text in which nothing is a control word: printable ASCII as itself (escaped), everything else, tab
    /// included, as `\uN `, which the reader reads back into the name.
    mutating func literal(_ string: String) {
        for scalar in string.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0C, 0x2028: unicodeUnit(scalar.value)
            default: text(scalar.value)
            }
        }
    }

    /// A byte as two lower-case hex digits (picture data).
    mutating func hexByte(_ byte: UInt8) {
        let digits: StaticString = "0123456789abcdef"
        digits.withUTF8Buffer { d in
            bytes.append(d[Int(byte >> 4)])
            bytes.append(d[Int(byte & 0x0F)])
        }
    }
}
