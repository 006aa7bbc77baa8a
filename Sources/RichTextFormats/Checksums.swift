/// CRC-32 (ISO-HDLC, as PNG and zip use it) and Adler-32 (as zlib uses it), for the PNG writer.
enum Checksums {
    static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// The CRC-32 of `bytes`, continuing from `crc` (0 to start).
    static func crc32<C: Collection>(_ bytes: C, continuing crc: UInt32 = 0) -> UInt32 where C.Element == UInt8 {
        var c = ~crc
        for b in bytes { c = crcTable[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return ~c
    }

    /// The Adler-32 of `bytes`.
    static func adler32<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        var pending = 0
        for byte in bytes {
            a += UInt32(byte)
            b += a
            pending += 1
            // 5552 is the most bytes before b can overflow 32 bits (zlib's NMAX).
            if pending == 5552 { a %= 65521; b %= 65521; pending = 0 }
        }
        return ((b % 65521) << 16) | (a % 65521)
    }
}
