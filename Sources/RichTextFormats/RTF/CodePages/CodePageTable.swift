import Foundation

/// One code page's byte-to-scalar table, decoded once from its generated base64 literal.
///
/// The tables live in `CodePageTables+*.generated.swift` as `static let`s, so each is decoded lazily, exactly
/// once, on first use (Swift guards global and static initialisation), and is immutable afterwards. Every
/// lookup is an array index or two. A cell of 0 means "unmapped": no code page maps a byte above 0x7F or a
/// byte pair to U+0000.
struct CodePageTable: Sendable {
    /// Scalars for bytes 0x80...0xFF (bytes below 0x80 are ASCII in every tabled page).
    private let high: [UInt16]
    /// For each byte, 1 + its row in `cells` when it is a lead byte, else 0.
    private let rowOfLead: [UInt8]
    /// The first trail byte a row covers.
    private let firstTrail: UInt8
    /// How many trail bytes each row covers.
    private let rowWidth: Int
    /// The double-byte rows, lead by lead, each `rowWidth` cells.
    private let cells: [UInt16]

    /// A single-byte page from 128 little-endian UInt16 (bytes 0x80...0xFF) in base64.
    init(singleByte base64: String) {
        let values = Self.decode(base64)
        precondition(values.count == 128, "generated single-byte table has \(values.count) entries, not 128")
        high = values
        rowOfLead = [UInt8](repeating: 0, count: 256)
        firstTrail = 0
        rowWidth = 0
        cells = []
    }

    /// A double-byte page: the 128 single-byte entries, then one row per lead byte (ascending) covering
    /// `trailBytes`, all little-endian UInt16 in base64.
    init(leadBytes: [ClosedRange<UInt8>], trailBytes: ClosedRange<UInt8>, table base64: String) {
        let values = Self.decode(base64)
        var rowOfLead = [UInt8](repeating: 0, count: 256)
        var rows = 0
        for lead in leadBytes.flatMap({ $0 }) {
            rows += 1
            rowOfLead[Int(lead)] = UInt8(rows)
        }
        let width = trailBytes.count
        precondition(values.count == 128 + rows * width, "generated double-byte table has the wrong size")
        high = Array(values[0..<128])
        self.rowOfLead = rowOfLead
        firstTrail = trailBytes.lowerBound
        rowWidth = width
        cells = Array(values[128...])
    }

    /// `base` with some cells replaced: single bytes 0x80...0xFF by byte, pairs by `lead << 8 | trail` (each
    /// within `base`'s lead and trail bytes). A page that differs from another in a few cells is generated so.
    init(_ base: CodePageTable, singleBytes: [UInt8: UInt16], pairs: [UInt16: UInt16]) {
        var high = base.high
        for (byte, value) in singleBytes { high[Int(byte) - 0x80] = value }
        var cells = base.cells
        for (pair, value) in pairs {
            let row = Int(base.rowOfLead[Int(pair >> 8)])
            let trail = UInt8(pair & 0xFF)
            precondition(row != 0 && trail >= base.firstTrail && Int(trail - base.firstTrail) < base.rowWidth,
                         "generated override outside the base page's cells")
            cells[(row - 1) * base.rowWidth + Int(trail - base.firstTrail)] = value
        }
        self.high = high
        rowOfLead = base.rowOfLead
        firstTrail = base.firstTrail
        rowWidth = base.rowWidth
        self.cells = cells
    }

    /// Whether the page has any double-byte characters.
    var isDoubleByte: Bool { rowWidth > 0 }

    /// Whether `byte` starts a two-byte character.
    func isLeadByte(_ byte: UInt8) -> Bool {
        rowOfLead[Int(byte)] != 0
    }

    /// The scalar a single byte stands for; nil when unmapped or a lead byte.
    func scalar(for byte: UInt8) -> Unicode.Scalar? {
        if byte < 0x80 { return Unicode.Scalar(byte) }
        return Self.scalar(high[Int(byte) - 0x80])
    }

    /// The scalar a lead and trail byte stand for together; nil when unmapped or `lead` is not a lead byte.
    func scalar(lead: UInt8, trail: UInt8) -> Unicode.Scalar? {
        let row = Int(rowOfLead[Int(lead)])
        guard row != 0, trail >= firstTrail else { return nil }
        let column = Int(trail - firstTrail)
        guard column < rowWidth else { return nil }
        return Self.scalar(cells[(row - 1) * rowWidth + column])
    }

    private static func scalar(_ cell: UInt16) -> Unicode.Scalar? {
        cell == 0 ? nil : Unicode.Scalar(cell)
    }

    /// Little-endian UInt16 values from a base64 literal (line breaks ignored). The literals are generated,
    /// not user input, so a bad one is a build defect.
    private static func decode(_ base64: String) -> [UInt16] {
        guard let data = Data(base64Encoded: base64, options: .ignoreUnknownCharacters), data.count % 2 == 0 else {
            preconditionFailure("generated code-page table is not valid base64 of UInt16 values")
        }
        var values = [UInt16](repeating: 0, count: data.count / 2)
        data.withUnsafeBytes { raw in
            for index in values.indices {
                values[index] = UInt16(raw[2 * index]) | UInt16(raw[2 * index + 1]) << 8
            }
        }
        return values
    }
}
