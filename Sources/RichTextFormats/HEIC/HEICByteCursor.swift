/// A bounds-checked big-endian reader over one box's payload. Every read checks the bytes left before it takes
/// any, and a failed read is a `HEICError` at the offset it would have read, never a trap.
struct HEICByteCursor {
    let bytes: [UInt8]
    /// The next byte to read.
    private(set) var offset: Int
    /// One past the last byte this cursor may read (the end of its box).
    let end: Int
    /// The box path, for errors.
    let box: String
    /// The item being read, for errors.
    var itemID: UInt32?

    init(_ bytes: [UInt8], from offset: Int, to end: Int, box: String) {
        self.bytes = bytes
        self.offset = offset
        self.end = end
        self.box = box
    }

    /// The bytes left before `end`.
    var remaining: Int { end - offset }

    func error(_ kind: HEICError.Kind, _ message: String, at position: Int? = nil) -> HEICError {
        HEICError(kind: kind, message: message, box: box, itemID: itemID, byteOffset: position ?? offset)
    }

    private func need(_ count: Int, _ what: String) throws(HEICError) {
        guard count <= remaining else {
            throw error(.truncated, "\(what) needs \(count) bytes but only \(remaining) remain in the box")
        }
    }

    /// An unsigned integer of `width` bytes (0 to 8), big-endian; width 0 reads nothing and gives 0.
    mutating func uint(_ width: Int, _ what: String) throws(HEICError) -> UInt64 {
        try need(width, what)
        var value: UInt64 = 0
        for index in offset..<(offset + width) { value = value << 8 | UInt64(bytes[index]) }
        offset += width
        return value
    }

    mutating func u8(_ what: String) throws(HEICError) -> UInt8 { UInt8(try uint(1, what)) }
    mutating func u16(_ what: String) throws(HEICError) -> UInt16 { UInt16(try uint(2, what)) }
    mutating func u32(_ what: String) throws(HEICError) -> UInt32 { UInt32(try uint(4, what)) }

    /// A four-character code (box and item types), read as Latin-1 so every byte value has a character.
    mutating func fourCC(_ what: String) throws(HEICError) -> String {
        try need(4, what)
        let code = String(bytes[offset..<(offset + 4)].map { Character(Unicode.Scalar($0)) })
        offset += 4
        return code
    }

    /// A full box's version and flags.
    mutating func versionAndFlags() throws(HEICError) -> (version: Int, flags: UInt32) {
        let word = try u32("the version and flags")
        return (Int(word >> 24), word & 0x00FF_FFFF)
    }

    /// A full box's version and flags, where a version outside `supported` is `.unsupportedVersion` at `position`:
    /// "'`type`' version V; only `only`".
    mutating func versionAndFlags(of type: String, supported: ClosedRange<Int>, only: String,
                                  at position: Int) throws(HEICError) -> (version: Int, flags: UInt32) {
        let (version, flags) = try versionAndFlags()
        guard supported.contains(version) else {
            throw error(.unsupportedVersion(version), "'\(type)' version \(version); only \(only)", at: position)
        }
        return (version, flags)
    }

    /// A NUL-terminated UTF-8 string; one that runs to the end of the box without a NUL ends there (as
    /// libheif reads it). Invalid UTF-8 becomes U+FFFD.
    mutating func string() -> String {
        var stop = offset
        while stop < end, bytes[stop] != 0 { stop += 1 }
        let text = String(decoding: bytes[offset..<stop], as: UTF8.self)
        offset = stop < end ? stop + 1 : stop
        return text
    }

    /// Skips `count` bytes.
    mutating func skip(_ count: Int, _ what: String) throws(HEICError) {
        try need(count, what)
        offset += count
    }
}
