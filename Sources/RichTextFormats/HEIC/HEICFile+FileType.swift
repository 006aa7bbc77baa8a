extension HEICFile {
    /// The brands that make a file HEIF: the image brands of ISO/IEC 23008-12 (and AVIF, which shares the box
    /// structure).
    static let heifBrands: Set<String> = ["mif1", "mif2", "msf1", "heic", "heix", "heim", "heis", "hevc", "hevx", "avif", "avis"]

    /// `ftyp`: the major brand, minor version and compatible brands. A file that names no HEIF brand is not read.
    static func fileType(_ bytes: [UInt8], _ box: HEICBox) throws(HEICError) -> (String, UInt32, [String]) {
        var cursor = box.cursor(bytes)
        let major = try cursor.fourCC("the major brand")
        let minor = try cursor.u32("the minor version")
        guard cursor.remaining % 4 == 0 else {
            throw cursor.error(.malformed, "the compatible brands take \(cursor.remaining) bytes, not a multiple of 4")
        }
        var brands: [String] = []
        while cursor.remaining > 0 { brands.append(try cursor.fourCC("a compatible brand")) }
        guard heifBrands.contains(major) || brands.contains(where: heifBrands.contains) else {
            throw HEICError(kind: .notHEIF, message: "'ftyp' names no HEIF brand (major '\(major)', compatible \(brands))",
                            box: box.path, byteOffset: box.start)
        }
        return (major, minor, brands)
    }
}
