/// A 64-bit FNV-1a hash: what fingerprints, the cache's keys and the cache file's checksum are made of.
struct FNV1a {
    private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    /// Adds bytes.
    mutating func add<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        for byte in bytes {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01B3
        }
    }

    /// Adds a string's UTF-8 and a separator no text holds, so that ("ab", "c") and ("a", "bc") differ.
    mutating func add(part: String) {
        add(part.utf8)
        value ^= 0xFF
        value &*= 0x0000_0100_0000_01B3
    }

    /// The value as 16 hex digits.
    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
