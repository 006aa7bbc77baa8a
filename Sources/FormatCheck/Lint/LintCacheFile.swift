import Formatting

/// The cache file's bytes (`LintCache`): a header, a table of the distinct strings, the entries, and a checksum
/// of all that. Numbers are LEB128 varints (zig-zag for signed ones); a string is its index in the table.
///
/// ```
/// "FMTCHECK-CACHE\n" · format version · fmtcheck version (string bytes)
/// string count · (byte count · UTF-8)…
/// entry count · (path · device · inode · size · modified · status changed · run key · format · finding count · finding…)…
/// checksum: FNV-1a 64 of everything before it, 8 bytes little-endian
/// ```
///
/// Reading checks everything: a file cut short, a checksum that does not match, an index past the table, a
/// kind no fmtcheck writes: each is an error (the cache is then ignored), never a crash or a trusted entry.
enum LintCacheFile {
    static let magic = Array("FMTCHECK-CACHE\n".utf8)
    /// Bumped whenever the layout changes.
    static let formatVersion = 1

    /// Why a cache file was not used.
    struct Unusable: Error {
        var reason: String
    }

    // MARK: Writing

    static func encode(_ entries: [String: LintCache.Entry], toolVersion: String) -> [UInt8] {
        var strings: [String: Int] = [:]
        var table: [String] = []
        func index(_ s: String) -> Int {
            if let known = strings[s] { return known }
            strings[s] = table.count
            table.append(s)
            return table.count - 1
        }
        var body: [UInt8] = []
        body.reserveCapacity(entries.count * 256)
        func optional(_ s: String?) { unsigned(&body, s.map { index($0) + 1 } ?? 0) }
        func value(_ v: ValueDescription?) {
            guard let v else { body.append(0); return }
            body.append(1)
            optional(v.text)
            optional(v.kind)
        }
        unsigned(&body, entries.count)
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) {
            unsigned(&body, index(path))
            let stamp = entry.stamp
            unsigned(&body, Int(truncatingIfNeeded: stamp.device))
            unsigned(&body, Int(truncatingIfNeeded: stamp.inode))
            signed(&body, Int(stamp.size))
            signed(&body, stamp.modified)
            signed(&body, stamp.statusChanged)
            unsigned(&body, Int(truncatingIfNeeded: entry.runKey))
            unsigned(&body, index(entry.format.rawValue))
            unsigned(&body, entry.violations.count)
            for violation in entry.violations {
                unsigned(&body, index(violation.rule))
                body.append(violation.severity == .error ? 0 : 1)
                unsigned(&body, index(violation.message))
                let p = violation.position
                for n in [p.line, p.column, p.endLine, p.endColumn, p.byteOffset, p.byteLength,
                          p.utf8Offset, p.utf8Length, p.utf16Offset, p.utf16Length] { signed(&body, n) }
                optional(p.member)
                optional(violation.key)
                value(violation.expected)
                value(violation.actual)
                unsigned(&body, index(violation.fingerprint))
            }
        }
        var bytes = magic
        unsigned(&bytes, formatVersion)
        let version = Array(toolVersion.utf8)
        unsigned(&bytes, version.count)
        bytes += version
        unsigned(&bytes, table.count)
        for s in table {
            unsigned(&bytes, s.utf8.count)
            bytes += s.utf8
        }
        bytes += body
        var hash = FNV1a()
        hash.add(bytes)
        withUnsafeBytes(of: hash.value.littleEndian) { bytes += $0 }
        return bytes
    }

    static func unsigned(_ out: inout [UInt8], _ n: Int) {
        var v = UInt64(bitPattern: Int64(n))
        while v >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        out.append(UInt8(v))
    }

    static func signed(_ out: inout [UInt8], _ n: Int) {
        let zigzag = (Int64(n) << 1) ^ (Int64(n) >> 63)
        unsigned(&out, Int(Int64(bitPattern: UInt64(bitPattern: zigzag))))
    }

    // MARK: Reading

    /// The entries of a cache file written by fmtcheck `toolVersion`; `Unusable` when it is not one, is of
    /// another version, or is damaged.
    static func decode(_ bytes: [UInt8], toolVersion: String) throws(Unusable) -> [String: LintCache.Entry] {
        guard bytes.count >= magic.count + 8, bytes.starts(with: magic) else { throw Unusable(reason: "it is not an fmtcheck cache") }
        var hash = FNV1a()
        hash.add(bytes[..<(bytes.count - 8)])
        var stored: UInt64 = 0
        for (k, byte) in bytes.suffix(8).enumerated() { stored |= UInt64(byte) << (8 * UInt64(k)) }
        guard stored == hash.value else { throw Unusable(reason: "its checksum does not match (the file is damaged)") }
        var reader = Reader(bytes: bytes, position: magic.count, end: bytes.count - 8)
        guard try reader.unsigned() == formatVersion else { throw Unusable(reason: "another version of fmtcheck wrote it") }
        let versionLength = try reader.unsigned()
        guard try reader.string(length: versionLength) == toolVersion else { throw Unusable(reason: "another version of fmtcheck wrote it") }
        let stringCount = try reader.count()
        var table: [String] = []
        table.reserveCapacity(stringCount)
        for _ in 0..<stringCount { table.append(try reader.string(length: try reader.unsigned())) }
        func string() throws(Unusable) -> String {
            let i = try reader.unsigned()
            guard i < table.count else { throw Unusable(reason: "it is damaged (a string index is out of range)") }
            return table[i]
        }
        func optional() throws(Unusable) -> String? {
            let i = try reader.unsigned()
            guard i <= table.count else { throw Unusable(reason: "it is damaged (a string index is out of range)") }
            return i == 0 ? nil : table[i - 1]
        }
        func value() throws(Unusable) -> ValueDescription? {
            switch try reader.byte() {
            case 0: return nil
            case 1: return ValueDescription(text: try optional(), kind: try optional())
            default: throw Unusable(reason: "it is damaged (an unknown value tag)")
            }
        }
        let entryCount = try reader.count()
        var entries: [String: LintCache.Entry] = [:]
        entries.reserveCapacity(entryCount)
        for _ in 0..<entryCount {
            let path = try string()
            let stamp = LintCache.Stamp(device: UInt64(truncatingIfNeeded: try reader.unsigned()), inode: UInt64(truncatingIfNeeded: try reader.unsigned()),
                                        size: Int64(try reader.signed()), modified: try reader.signed(), statusChanged: try reader.signed())
            let runKey = UInt64(truncatingIfNeeded: try reader.unsigned())
            guard let format = DocumentFormat(rawValue: try string()) else { throw Unusable(reason: "it is damaged (an unknown format)") }
            let count = try reader.count()
            var violations: [Violation] = []
            violations.reserveCapacity(count)
            for _ in 0..<count {
                let rule = try string()
                let severity: Severity
                switch try reader.byte() {
                case 0: severity = .error
                case 1: severity = .warning
                default: throw Unusable(reason: "it is damaged (an unknown severity)")
                }
                let message = try string()
                var n: [Int] = []
                n.reserveCapacity(10)
                for _ in 0..<10 { n.append(try reader.signed()) }
                let position = DocumentPosition(line: n[0], column: n[1], endLine: n[2], endColumn: n[3], byteOffset: n[4], byteLength: n[5],
                                                member: try optional(), utf8Offset: n[6], utf8Length: n[7], utf16Offset: n[8], utf16Length: n[9])
                var violation = Violation(rule: rule, severity: severity, message: message, position: position,
                                          key: try optional(), expected: try value(), actual: try value())
                violation.fingerprint = try string()
                violations.append(violation)
            }
            entries[path] = LintCache.Entry(stamp: stamp, runKey: runKey, format: format, violations: violations)
        }
        guard reader.position == reader.end else { throw Unusable(reason: "it is damaged (bytes after the last entry)") }
        return entries
    }

    /// Reads varints and strings, never past `end`.
    struct Reader {
        let bytes: [UInt8]
        var position: Int
        let end: Int

        mutating func byte() throws(Unusable) -> UInt8 {
            guard position < end else { throw Unusable(reason: "it is cut short") }
            defer { position += 1 }
            return bytes[position]
        }

        mutating func unsigned() throws(Unusable) -> Int {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let b = try byte()
                guard shift < 64 else { throw Unusable(reason: "it is damaged (a number is too long)") }
                value |= UInt64(b & 0x7F) << shift
                if b < 0x80 { break }
                shift += 7
            }
            return Int(Int64(bitPattern: value))
        }

        mutating func signed() throws(Unusable) -> Int {
            let raw = UInt64(bitPattern: Int64(try unsigned()))
            return Int(Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1))
        }

        /// A count no larger than the bytes left could hold (each item takes at least one byte).
        mutating func count() throws(Unusable) -> Int {
            let n = try unsigned()
            guard n >= 0, n <= end - position else { throw Unusable(reason: "it is damaged (a count is larger than the file)") }
            return n
        }

        mutating func string(length: Int) throws(Unusable) -> String {
            guard length >= 0, length <= end - position else { throw Unusable(reason: "it is cut short") }
            defer { position += length }
            return String(decoding: bytes[position..<(position + length)], as: UTF8.self)
        }
    }
}
