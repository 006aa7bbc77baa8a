import Foundation

/// A PNG read back to RGBA pixels, for tests that look at what was drawn: our exporter's fallback PNGs and
/// Chromium's screenshots. Reads 8-bit greyscale, RGB, grey+alpha and RGBA, not interlaced, all five filters, and
/// any deflate stream (stored, fixed and dynamic Huffman blocks). A test aid: it stops with nil on anything else.
struct PNGPixels {
    let width: Int
    let height: Int
    /// `width × height × 4` bytes, RGBA.
    let rgba: [UInt8]

    func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        let i = (y * width + x) * 4
        return (Int(rgba[i]), Int(rgba[i + 1]), Int(rgba[i + 2]), Int(rgba[i + 3]))
    }

    init?(_ data: Data) {
        let bytes = [UInt8](data)
        guard bytes.count > 8, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        func u32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        var i = 8, header: [UInt8] = [], idat: [UInt8] = []
        while i + 12 <= bytes.count {
            let length = u32(i)
            guard i + 12 + length <= bytes.count else { return nil }
            let type = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
            let body = bytes[(i + 8)..<(i + 8 + length)]
            if type == "IHDR" { header = Array(body) } else if type == "IDAT" { idat += body } else if type == "IEND" { break }
            i += 12 + length
        }
        guard header.count == 13, header[8] == 8, header[12] == 0, idat.count > 6 else { return nil }
        let width = Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
        let height = Int(header[4]) << 24 | Int(header[5]) << 16 | Int(header[6]) << 8 | Int(header[7])
        let channels: Int
        switch header[9] { case 0: channels = 1; case 2: channels = 3; case 4: channels = 2; case 6: channels = 4; default: return nil }
        guard width > 0, height > 0, width * height <= 50_000_000,
              var raw = Inflate.decompress(Array(idat.dropFirst(2))) else { return nil }
        let stride = width * channels
        guard raw.count >= height * (stride + 1) else { return nil }
        // Undo the filters in place; each row's filtered bytes follow its filter byte.
        for row in 0..<height {
            let start = row * (stride + 1) + 1, filter = raw[start - 1]
            for x in 0..<stride {
                let a = x >= channels ? Int(raw[start + x - channels]) : 0
                let b = row > 0 ? Int(raw[start + x - stride - 1]) : 0
                let c = row > 0 && x >= channels ? Int(raw[start + x - stride - 1 - channels]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: return nil
                }
                raw[start + x] = UInt8(truncatingIfNeeded: Int(raw[start + x]) + predictor)
            }
        }
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for row in 0..<height {
            for x in 0..<width {
                let s = row * (stride + 1) + 1 + x * channels, d = (row * width + x) * 4
                switch channels {
                case 1, 2:
                    rgba[d] = raw[s]; rgba[d + 1] = raw[s]; rgba[d + 2] = raw[s]
                    if channels == 2 { rgba[d + 3] = raw[s + 1] }
                default:
                    rgba[d] = raw[s]; rgba[d + 1] = raw[s + 1]; rgba[d + 2] = raw[s + 2]
                    if channels == 4 { rgba[d + 3] = raw[s + 3] }
                }
            }
        }
        self.width = width
        self.height = height
        self.rgba = rgba
    }
}

/// A raw deflate (RFC 1951) decoder, written for `PNGPixels`: canonical Huffman tables decoded bit by bit.
enum Inflate {
    struct Bits {
        let bytes: [UInt8]
        var position = 0
        mutating func read(_ count: Int) -> Int? {
            var value = 0
            for i in 0..<count {
                guard position >> 3 < bytes.count else { return nil }
                value |= Int((bytes[position >> 3] >> UInt8(position & 7)) & 1) << i
                position += 1
            }
            return value
        }
    }

    /// A canonical Huffman code: symbol counts per length and the symbols in code order.
    struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int] = []
        init(lengths: [Int]) {
            for length in lengths { counts[length] += 1 }
            counts[0] = 0
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<16 { offsets[length] = offsets[length - 1] + counts[length - 1] }
            symbols = [Int](repeating: 0, count: lengths.count)
            for (symbol, length) in lengths.enumerated() where length > 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }
        func decode(_ bits: inout Bits) -> Int? {
            var code = 0, first = 0, index = 0
            for length in 1..<16 {
                guard let bit = bits.read(1) else { return nil }
                code |= bit
                let count = counts[length]
                if code - count < first { return symbols[index + (code - first)] }
                index += count
                first = (first + count) << 1
                code <<= 1
            }
            return nil
        }
    }

    static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
                               4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    static func decompress(_ input: [UInt8]) -> [UInt8]? {
        var bits = Bits(bytes: input)
        var out: [UInt8] = []
        var final = 0
        while final == 0 {
            guard let last = bits.read(1), let type = bits.read(2) else { return nil }
            final = last
            switch type {
            case 0:
                bits.position = (bits.position + 7) & ~7
                let at = bits.position >> 3
                guard at + 4 <= input.count else { return nil }
                let length = Int(input[at]) | Int(input[at + 1]) << 8
                guard at + 4 + length <= input.count else { return nil }
                out += input[(at + 4)..<(at + 4 + length)]
                bits.position = (at + 4 + length) << 3
            case 1:
                let literal = Huffman(lengths: Array(repeating: 8, count: 144) + Array(repeating: 9, count: 112)
                                      + Array(repeating: 7, count: 24) + Array(repeating: 8, count: 8))
                let distance = Huffman(lengths: Array(repeating: 5, count: 30))
                guard codes(&bits, literal, distance, into: &out) else { return nil }
            case 2:
                guard let hlit = bits.read(5), let hdist = bits.read(5), let hclen = bits.read(4) else { return nil }
                let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
                var codeLengths = [Int](repeating: 0, count: 19)
                for i in 0..<(hclen + 4) {
                    guard let length = bits.read(3) else { return nil }
                    codeLengths[order[i]] = length
                }
                let lengthCode = Huffman(lengths: codeLengths)
                var lengths: [Int] = []
                while lengths.count < hlit + 257 + hdist + 1 {
                    guard let symbol = lengthCode.decode(&bits) else { return nil }
                    switch symbol {
                    case 0..<16: lengths.append(symbol)
                    case 16:
                        guard let previous = lengths.last, let repeats = bits.read(2) else { return nil }
                        lengths += Array(repeating: previous, count: 3 + repeats)
                    case 17:
                        guard let repeats = bits.read(3) else { return nil }
                        lengths += Array(repeating: 0, count: 3 + repeats)
                    default:
                        guard let repeats = bits.read(7) else { return nil }
                        lengths += Array(repeating: 0, count: 11 + repeats)
                    }
                }
                guard lengths.count == hlit + 257 + hdist + 1 else { return nil }
                let literal = Huffman(lengths: Array(lengths[0..<(hlit + 257)]))
                let distance = Huffman(lengths: Array(lengths[(hlit + 257)...]))
                guard codes(&bits, literal, distance, into: &out) else { return nil }
            default:
                return nil
            }
        }
        return out
    }

    static func codes(_ bits: inout Bits, _ literal: Huffman, _ distance: Huffman, into out: inout [UInt8]) -> Bool {
        while true {
            guard let symbol = literal.decode(&bits) else { return false }
            if symbol < 256 { out.append(UInt8(symbol)); continue }
            if symbol == 256 { return true }
            let index = symbol - 257
            guard index < lengthBase.count, let extra = bits.read(lengthExtra[index]),
                  let d = distance.decode(&bits), d < distanceBase.count, let dExtra = bits.read(distanceExtra[d]) else { return false }
            let length = lengthBase[index] + extra, back = distanceBase[d] + dExtra
            guard back <= out.count else { return false }
            for _ in 0..<length { out.append(out[out.count - back]) }
        }
    }
}
