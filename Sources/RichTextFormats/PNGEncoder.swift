/// A tiny PNG writer for 8-bit RGBA images, with no compression library: the zlib stream is made of stored
/// (uncompressed) deflate blocks, checked with Adler-32, and each chunk with CRC-32.
public enum PNGEncoder {
    /// The eight bytes every PNG starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A PNG of `width` × `height` pixels; `rgba` holds 4 bytes a pixel, row by row.
    public static func encode(width: Int, height: Int, rgba: [UInt8]) -> [UInt8] {
        precondition(width > 0 && height > 0 && rgba.count == width * height * 4, "rgba must hold width × height × 4 bytes")
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (width * 4 + 1))
        for row in 0..<height {
            raw.append(0) // filter: none
            raw.append(contentsOf: rgba[(row * width * 4)..<((row + 1) * width * 4)])
        }
        var png = signature
        var header: [UInt8] = []
        header += bigEndian(UInt32(width))
        header += bigEndian(UInt32(height))
        header += [8, 6, 0, 0, 0] // 8 bits, RGBA, deflate, adaptive filtering, no interlace
        appendChunk("IHDR", header, to: &png)
        appendChunk("IDAT", zlibStored(raw), to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    /// A square placeholder for an image that is not PNG: a light grey tile with a darker border.
    public static func placeholder(size: Int = 16) -> [UInt8] {
        var rgba: [UInt8] = []
        rgba.reserveCapacity(size * size * 4)
        for y in 0..<size {
            for x in 0..<size {
                let border = x == 0 || y == 0 || x == size - 1 || y == size - 1
                rgba += border ? [0x99, 0x99, 0x99, 0xFF] : [0xE5, 0xE5, 0xE5, 0xFF]
            }
        }
        return encode(width: size, height: size, rgba: rgba)
    }

    /// Whether `bytes` start with the PNG signature.
    public static func isPNG<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        bytes.starts(with: signature)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        png += bigEndian(UInt32(data.count))
        png += typeBytes
        png += data
        png += bigEndian(Checksums.crc32(data, continuing: Checksums.crc32(typeBytes)))
    }

    /// A zlib stream of stored deflate blocks (at most 65,535 bytes each).
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(start + 65_535, data.count)
            let length = UInt16(end - start)
            out.append(end == data.count ? 1 : 0) // BFINAL, BTYPE = 00
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            out += data[start..<end]
            start = end
        } while start < data.count
        out += bigEndian(Checksums.adler32(data))
        return out
    }
}
