/// JSON's two-character escapes (RFC 8259 §7): `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r` and `\t`, in one table
/// that the readers (`JSONScanner`, RichTextFormats' fast native reader) and `JSONWriter` all read.
package enum JSONShortEscape {
    /// Each escape as (the letter after the backslash, the byte it stands for).
    private static let escapes: [(letter: UInt8, byte: UInt8)] = [
        (0x22, 0x22), (0x5C, 0x5C), (0x2F, 0x2F), (0x62, 0x08), (0x66, 0x0C), (0x6E, 0x0A), (0x72, 0x0D), (0x74, 0x09),
    ]

    /// The byte each letter stands for, indexed by letter; 0 where the letter starts no short escape.
    @usableFromInline static let byteByLetter: [UInt8] = table { ($0.letter, $0.byte) }
    /// The letter each byte is escaped with, indexed by byte; 0 where the byte has no short escape.
    @usableFromInline static let letterByByte: [UInt8] = table { ($0.byte, $0.letter) }

    private static func table(_ entry: ((letter: UInt8, byte: UInt8)) -> (index: UInt8, value: UInt8)) -> [UInt8] {
        var table = [UInt8](repeating: 0, count: 256)
        for escape in escapes {
            let (index, value) = entry(escape)
            table[Int(index)] = value
        }
        return table
    }

    /// The byte that `\` + `letter` stands for (`n` gives LF), or nil when `letter` is none of `" \ / b f n r t`
    /// (`u` included: a `\u` escape is read by its reader). Inlinable: the fast native reader calls it per escape.
    @inlinable @inline(__always)
    package static func byte(forLetter letter: UInt8) -> UInt8? {
        let byte = byteByLetter[Int(letter)]
        return byte == 0 ? nil : byte
    }

    /// The letter that escapes `byte` in two characters (LF gives `n`), or nil when it has no short escape and is
    /// written `\u00XX`.
    @inlinable @inline(__always)
    package static func letter(for byte: UInt8) -> UInt8? {
        let letter = letterByByte[Int(byte)]
        return letter == 0 ? nil : letter
    }
}
