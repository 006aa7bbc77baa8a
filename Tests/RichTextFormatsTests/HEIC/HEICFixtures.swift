import Foundation
@testable import RichTextFormats

/// The HEIC fixtures made by `Scripts/make-heic-fixtures.sh` (heif-enc and exiftool), read from the source tree.
enum HEICFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/HEIC")

    /// The identifier and description the script writes into the XMP.
    static let identifier = "F2A5C4D1-7B3E-4E8A-9C61-0D4B2E8F5A17"
    static let description = "a smiling orange face"

    static func data(_ name: String) throws -> Data { try Data(contentsOf: folder.appendingPathComponent(name)) }

    static var genmoji: Data { get throws { try data("genmoji.heic") } }
}

/// Builds ISOBMFF boxes by hand, for trees no encoder writes.
enum Box {
    static func u16(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }
    static func u32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (24 - 8 * $0)) } }
    static func u64(_ v: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: v >> (56 - 8 * $0)) } }

    /// A box with a 32-bit size.
    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { u32(UInt32(8 + payload.count)) + Array(type.utf8) + payload }
    /// A full box: version and flags, then the payload.
    static func full(_ type: String, version: UInt8 = 0, flags: UInt32 = 0, _ payload: [UInt8]) -> [UInt8] {
        box(type, [version] + Array(u32(flags).dropFirst()) + payload)
    }

    static let ftyp = box("ftyp", Array("heic".utf8) + u32(0) + Array("mif1heic".utf8))
    static let hdlr = full("hdlr", u32(0) + Array("pict".utf8) + [UInt8](repeating: 0, count: 12) + [0])

    static func infe(_ id: Int, _ type: String, hidden: Bool = false, extra: [UInt8] = []) -> [UInt8] {
        full("infe", version: 2, flags: hidden ? 1 : 0, u16(id) + u16(0) + Array(type.utf8) + [0] + extra)
    }
    static func iinf(_ entries: [[UInt8]]) -> [UInt8] { full("iinf", u16(entries.count) + entries.flatMap { $0 }) }
    static func ispe(_ w: UInt32, _ h: UInt32) -> [UInt8] { full("ispe", u32(w) + u32(h)) }
    /// `ipma` version 0, 7-bit indices: (item, [property index]).
    static func ipma(_ entries: [(Int, [Int])]) -> [UInt8] {
        full("ipma", u32(UInt32(entries.count)) + entries.flatMap { u16($0.0) + [UInt8($0.1.count)] + $0.1.map { UInt8($0) } })
    }
    /// `iloc` version 1, 4-byte offsets and lengths, no base offset: (item, method, [(offset, length)]).
    static func iloc(_ entries: [(Int, Int, [(UInt32, UInt32)])]) -> [UInt8] {
        full("iloc", version: 1, [0x44, 0x00] + u16(entries.count) + entries.flatMap { entry in
            u16(entry.0) + u16(entry.1) + u16(0) + u16(entry.2.count) + entry.2.flatMap { u32($0.0) + u32($0.1) }
        })
    }

    /// A file with one 64×64 `hvc1` image (item 1) and, when `xmp` is given, a hidden XMP `mime` item (item 2)
    /// stored in `idat`.
    static func file(xmp: String? = nil, extraMeta: [UInt8] = []) -> [UInt8] {
        file(xmpBytes: xmp.map { Array($0.utf8) }, extraMeta: extraMeta)
    }

    /// See `file(xmp:extraMeta:)`; the packet as bytes, which need not be UTF-8.
    static func file(xmpBytes xmp: [UInt8]?, extraMeta: [UInt8] = []) -> [UInt8] {
        var entries = [infe(1, "hvc1")]
        var locations: [(Int, Int, [(UInt32, UInt32)])] = [(1, 0, [(0, 0)])]
        var idat: [UInt8] = []
        if let xmp {
            entries.append(infe(2, "mime", hidden: true, extra: Array("application/rdf+xml".utf8) + [0]))
            locations.append((2, 1, [(0, UInt32(xmp.count))]))
            idat = box("idat", xmp)
        }
        let meta = full("meta", hdlr + full("pitm", u16(1)) + iinf(entries) + iloc(locations) + idat
                        + box("iprp", box("ipco", ispe(64, 64)) + ipma([(1, [1])])) + extraMeta)
        return ftyp + meta
    }
}
