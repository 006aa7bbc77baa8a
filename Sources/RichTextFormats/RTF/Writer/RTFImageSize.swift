import Foundation

/// The pixel size (and, for PNG, the resolution) of an image, read from its header without decoding it, so the
/// writer can give `\NeXTGraphic` and `\pict` a size: PNG (IHDR, pHYs), JPEG (the first SOF marker) and
/// HEIC/HEIF (the first `ispe` property). Every read is bounds-checked; anything else gives nil.
struct RTFImageSize: Hashable {
    var width: Int
    var height: Int
    /// Dots per inch when the file says (PNG `pHYs` in metres); 72 otherwise.
    var dotsPerInch: Double = 72

    /// The size in twips at the image's resolution, in whole points as TextEdit writes it (a 1238 × 628 PNG
    /// at 144 dpi is `\width12380 \height6280`).
    var twips: (width: Int, height: Int) {
        let points = 72 / dotsPerInch
        return (Int((Double(width) * points).rounded()) * 20, Int((Double(height) * points).rounded()) * 20)
    }

    /// What `bytes` start with.
    enum Kind { case png, jpeg, heif, other }

    static func kind(of bytes: Data) -> Kind {
        let b = [UInt8](bytes.prefix(12))
        if b.count >= 8 && b[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] { return .png }
        if b.count >= 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF { return .jpeg }
        if b.count >= 12 && b[4..<8] == [0x66, 0x74, 0x79, 0x70] { return .heif } // "ftyp"
        return .other
    }

    /// The size of `data`, or nil when it is not a PNG, JPEG or HEIF whose header says.
    static func of(_ data: Data) -> RTFImageSize? {
        let bytes = [UInt8](data)
        switch kind(of: data) {
        case .png: return png(bytes)
        case .jpeg: return jpeg(bytes)
        case .heif: return heif(bytes)
        case .other: return nil
        }
    }

    private static func u32(_ b: [UInt8], _ at: Int) -> Int? {
        guard at >= 0, at + 4 <= b.count else { return nil }
        return Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3])
    }

    private static func u16(_ b: [UInt8], _ at: Int) -> Int? {
        guard at >= 0, at + 2 <= b.count else { return nil }
        return Int(b[at]) << 8 | Int(b[at + 1])
    }

    private static func png(_ b: [UInt8]) -> RTFImageSize? {
        guard let width = u32(b, 16), let height = u32(b, 20), width > 0, height > 0 else { return nil }
        var size = RTFImageSize(width: width, height: height)
        // Chunks after IHDR, up to the first IDAT: pHYs gives pixels per metre when its unit is 1.
        var offset = 8
        var chunks = 0
        while let length = u32(b, offset), offset + 12 + length <= b.count, chunks < 64 {
            let type = b[(offset + 4)..<(offset + 8)]
            if type.elementsEqual("IDAT".utf8) { break }
            if type.elementsEqual("pHYs".utf8), length == 9, b[offset + 16] == 1,
               let perMetre = u32(b, offset + 8), perMetre > 0 {
                size.dotsPerInch = Double(perMetre) * 0.0254
            }
            offset += 12 + length
            chunks += 1
        }
        return size
    }

    private static func jpeg(_ b: [UInt8]) -> RTFImageSize? {
        var offset = 2
        while offset + 4 <= b.count {
            guard b[offset] == 0xFF else { return nil }
            let marker = b[offset + 1]
            if marker == 0xFF { offset += 1; continue }
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { offset += 2; continue }
            guard let length = u16(b, offset + 2), length >= 2 else { return nil }
            let isFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isFrame {
                guard let height = u16(b, offset + 5), let width = u16(b, offset + 7), width > 0, height > 0 else { return nil }
                return RTFImageSize(width: width, height: height)
            }
            offset += 2 + length
        }
        return nil
    }

    /// HEIF: the boxes meta → iprp → ipco → ispe, each searched among its siblings.
    private static func heif(_ b: [UInt8]) -> RTFImageSize? {
        func find(_ type: String, in range: Range<Int>) -> Range<Int>? {
            var offset = range.lowerBound
            var boxes = 0
            while offset + 8 <= range.upperBound, boxes < 256 {
                guard var size = u32(b, offset) else { return nil }
                var header = 8
                if size == 1 {
                    guard let high = u32(b, offset + 8), let low = u32(b, offset + 12), high == 0 else { return nil }
                    size = low
                    header = 16
                } else if size == 0 {
                    size = range.upperBound - offset
                }
                guard size >= header, offset + size <= range.upperBound else { return nil }
                if b[(offset + 4)..<(offset + 8)].elementsEqual(type.utf8) { return (offset + header)..<(offset + size) }
                offset += size
                boxes += 1
            }
            return nil
        }
        guard let meta = find("meta", in: 0..<b.count), meta.count >= 4,
              let iprp = find("iprp", in: (meta.lowerBound + 4)..<meta.upperBound),
              let ipco = find("ipco", in: iprp),
              let ispe = find("ispe", in: ipco), ispe.count >= 12,
              let width = u32(b, ispe.lowerBound + 4), let height = u32(b, ispe.lowerBound + 8),
              width > 0, height > 0 else { return nil }
        return RTFImageSize(width: width, height: height)
    }
}
