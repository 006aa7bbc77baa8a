import Foundation
import StreamingJSON

/// Flattened RTFD: an RTFD package serialized into one file, as `NSAttributedString.data(documentType: .rtfd)`
/// and the pasteboard's RTFD type hold it (NSFileWrapper's `serializedRepresentation`).
///
/// Layout (all numbers little-endian u32):
///
/// ```
/// "rtfd"  0                       magic, version
/// 3  N                            a dictionary of N entries
/// len₁ name₁ … lenN nameN         the names (bytes, no terminator)
/// size₁ … sizeN                   the byte size of each value
/// value₁ … valueN                 each: 1 len bytes (a file), or 1 0x80000000 len pad <pad bytes> bytes
///                                 (a page-aligned file), or a nested dictionary (a folder)
/// ```
///
/// Keys with a meaning of their own: `__@PreferredName@__` (the wrapper's preferred file name, in a legacy
/// encoding) and `__@UTF8PreferredName@__` (the same in UTF-8), `.` (the wrapper's file attributes) and `..`
/// (the contents of a regular file serialized as a dictionary). Decoding reads them as metadata, and a
/// dictionary holding `..` as a file, never as package files. Sources: the empty-folder dump in Simon
/// Rodriguez's "NSFileWrapper serializedRepresentation" (2015), which shows the two preferred-name keys;
/// Foundation's `-[NSFileWrapper initWithSerializedRepresentation:]`, which removes those keys and takes a
/// non-package dictionary's contents from `..`.
///
/// Encoding writes what `data(documentType: .rtfd)` writes for a package: an unnamed root folder (so no
/// preferred-name keys and no `.`), `TXT.rtf` and each file as a plain file value, entries sorted by the bytes
/// of their names, files in subfolders as nested dictionaries. It uses the plain length form for every file
/// (Apple page-aligns some large files; decoding reads both). Files must be under 4 GiB.
///
/// Decoding is total: every count and length is checked against the bytes that remain before anything is
/// allocated, folders nest at most `maximumDepth` deep, and errors give the byte offset (line 1, column =
/// offset + 1: the file has no lines).
public enum FlattenedRTFD {
    /// The deepest folder nesting decoding accepts.
    public static let maximumDepth = 32

    /// The keys that describe a wrapper rather than being one of its files.
    static let metadataKeys: Set<String> = [".", "..", "__@PreferredName@__", "__@UTF8PreferredName@__"]

    /// The package held in `bytes`.
    public static func decode(_ bytes: [UInt8]) throws(DocumentError) -> RTFDPackage {
        var reader = FlattenedRTFDReader(bytes: bytes)
        return try reader.package()
    }

    /// `package` serialized; `decode` gives it back.
    public static func encode(_ package: RTFDPackage) -> [UInt8] {
        var root = FlattenedFolder()
        root.children[RTFDPackage.textFileName] = .file(Data(package.rtf))
        // A name nests into folders when it is a relative path not too deep and no file stands where one of
        // its folders would; otherwise it is kept whole as one key (decoding gives it back the same).
        let names = package.files.keys.sorted()
        for name in names where name != RTFDPackage.textFileName {
            let parts = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            let nestable = parts.count > 1 && parts.count <= maximumDepth && RTFDPackage.isRelativePath(name)
                && !parts.contains(where: metadataKeys.contains)
                && (1..<parts.count).allSatisfy { package.files[parts[0..<$0].joined(separator: "/")] == nil }
                && parts[0] != RTFDPackage.textFileName
            if nestable {
                root.insert(package.files[name]!, at: parts[...])
            } else {
                root.children[name] = .file(package.files[name]!)
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(package.rtf.count + package.files.values.reduce(0) { $0 + $1.count } + 64 * (names.count + 1))
        out.append(contentsOf: Array("rtfd".utf8))
        append(0, to: &out)
        root.serialize(into: &out)
        return out
    }

    static func append(_ value: UInt32, to out: inout [UInt8]) {
        out.append(UInt8(truncatingIfNeeded: value))
        out.append(UInt8(truncatingIfNeeded: value >> 8))
        out.append(UInt8(truncatingIfNeeded: value >> 16))
        out.append(UInt8(truncatingIfNeeded: value >> 24))
    }
}

/// A folder being serialized.
struct FlattenedFolder {
    enum Node {
        case file(Data)
        case folder(FlattenedFolder)
    }

    var children: [String: Node] = [:]

    mutating func insert(_ data: Data, at path: ArraySlice<String>) {
        let name = path.first!
        if path.count == 1 {
            children[name] = .file(data)
            return
        }
        var folder: FlattenedFolder
        if case .folder(let existing)? = children[name] { folder = existing } else { folder = FlattenedFolder() }
        children[name] = nil // keep the child uniquely referenced while it is changed
        folder.insert(data, at: path.dropFirst())
        children[name] = .folder(folder)
    }

    func serialize(into out: inout [UInt8]) {
        let names = children.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        FlattenedRTFD.append(3, to: &out)
        FlattenedRTFD.append(UInt32(names.count), to: &out)
        for name in names {
            FlattenedRTFD.append(UInt32(name.utf8.count), to: &out)
            out.append(contentsOf: name.utf8)
        }
        var values: [[UInt8]] = []
        values.reserveCapacity(names.count)
        for name in names {
            var value: [UInt8] = []
            switch children[name]! {
            case .file(let data):
                value.reserveCapacity(data.count + 8)
                FlattenedRTFD.append(1, to: &value)
                FlattenedRTFD.append(UInt32(truncatingIfNeeded: data.count), to: &value)
                value.append(contentsOf: data)
            case .folder(let folder):
                folder.serialize(into: &value)
            }
            values.append(value)
        }
        for value in values { FlattenedRTFD.append(UInt32(truncatingIfNeeded: value.count), to: &out) }
        for value in values { out.append(contentsOf: value) }
    }
}

/// One decode: a cursor over the bytes that checks every read.
struct FlattenedRTFDReader {
    let bytes: [UInt8]

    /// A decoded value: a file's bytes, or a folder's entries.
    enum Value {
        case file(Data)
        case folder([(name: String, value: Value)])
    }

    func error(_ message: String, at offset: Int, expected: String? = nil) -> DocumentError {
        DocumentError(kind: .malformed, message: message, expected: expected,
                      location: JSONLocation(line: 1, column: offset + 1, byteOffset: offset))
    }

    /// The u32 at `offset`, which must end by `end`.
    func u32(_ offset: Int, end: Int, what: String) throws(DocumentError) -> Int {
        guard offset + 4 <= end else {
            throw error("the flattened RTFD ends inside \(what) (needs 4 bytes at offset \(offset), \(max(end - offset, 0)) left)", at: offset)
        }
        return Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
    }

    mutating func package() throws(DocumentError) -> RTFDPackage {
        guard bytes.count >= 8, bytes[0..<4].elementsEqual("rtfd".utf8) else {
            throw error("not a flattened RTFD: it does not start with \"rtfd\" and a version", at: 0, expected: "\"rtfd\" then 0")
        }
        let version = try u32(4, end: bytes.count, what: "the version")
        guard version == 0 else {
            throw error("unsupported flattened RTFD version \(version)", at: 4, expected: "0")
        }
        let root = try value(at: 8, end: bytes.count, depth: 0, what: "the root folder")
        guard case .folder(let entries) = root.value else {
            throw error("the flattened RTFD's root is a file, not a folder", at: 8, expected: "a folder (3)")
        }
        var rtf: [UInt8]? = nil
        var files: [String: Data] = [:]
        try collect(entries, prefix: "", into: &files, rtf: &rtf)
        guard let rtf else {
            throw error("the flattened RTFD has no \(RTFDPackage.textFileName)", at: 8, expected: RTFDPackage.textFileName)
        }
        return RTFDPackage(rtf: rtf, files: files)
    }

    /// The files of a folder's entries, by path; two entries that come to the same path (a key "a/b" beside a
    /// folder "a" holding "b") are an error rather than one silently replacing the other.
    private func collect(_ entries: [(name: String, value: Value)], prefix: String, into files: inout [String: Data], rtf: inout [UInt8]?) throws(DocumentError) {
        func add(_ name: String, _ data: Data) throws(DocumentError) {
            if prefix.isEmpty && name == RTFDPackage.textFileName {
                rtf = [UInt8](data)
                return
            }
            guard files.updateValue(data, forKey: prefix + name) == nil else {
                throw error("two entries of the flattened RTFD are the file \(MessageText.quoted(prefix + name, limit: 200))", at: 8)
            }
        }
        for (name, value) in entries where !FlattenedRTFD.metadataKeys.contains(name) {
            switch value {
            case .file(let data):
                try add(name, data)
            case .folder(let children):
                // A regular file serialized as a wrapper of its own: its contents are under "..".
                if let contents = children.first(where: { $0.name == ".." }), case .file(let data) = contents.value,
                   children.allSatisfy({ FlattenedRTFD.metadataKeys.contains($0.name) }) {
                    try add(name, data)
                } else {
                    try collect(children, prefix: prefix + name + "/", into: &files, rtf: &rtf)
                }
            }
        }
    }

    /// The value starting at `offset`, which must end by `end`; returns it and where it ends.
    private func value(at offset: Int, end: Int, depth: Int, what: String) throws(DocumentError) -> (value: Value, end: Int) {
        let type = try u32(offset, end: end, what: "the type of \(what)")
        switch type {
        case 1:
            var length = try u32(offset + 4, end: end, what: "the length of \(what)")
            var start = offset + 8
            if length == 0x8000_0000 {
                length = try u32(offset + 8, end: end, what: "the length of \(what)")
                let padding = try u32(offset + 12, end: end, what: "the padding of \(what)")
                start = offset + 16
                guard padding <= end - start else {
                    throw error("the padding of \(what) (\(padding) bytes) runs past its end (\(end - start) bytes left)", at: offset + 12)
                }
                start += padding
            }
            guard length <= end - start else {
                throw error("\(what) says it holds \(length) bytes but only \(end - start) remain", at: offset + 4)
            }
            return (.file(Data(bytes[start..<(start + length)])), start + length)
        case 3:
            guard depth < FlattenedRTFD.maximumDepth else {
                throw DocumentError(kind: .limitExceeded,
                                    message: "the flattened RTFD nests folders deeper than \(FlattenedRTFD.maximumDepth)",
                                    location: JSONLocation(line: 1, column: offset + 1, byteOffset: offset))
            }
            let count = try u32(offset + 4, end: end, what: "the entry count of \(what)")
            var cursor = offset + 8
            // Each entry takes at least a name length and a value size: refuse counts the bytes cannot hold
            // before allocating anything for them.
            guard count <= (end - cursor) / 8 else {
                throw error("\(what) says it has \(count) entries but only \(end - cursor) bytes remain", at: offset + 4)
            }
            var names: [String] = []
            names.reserveCapacity(count)
            var seen: Set<String> = []
            for _ in 0..<count {
                let length = try u32(cursor, end: end, what: "a name length in \(what)")
                guard length <= end - cursor - 4 else {
                    throw error("a name in \(what) says it is \(length) bytes long but only \(end - cursor - 4) remain", at: cursor)
                }
                guard let name = String(validating: bytes[(cursor + 4)..<(cursor + 4 + length)], as: UTF8.self) else {
                    throw error("a name in \(what) is not UTF-8", at: cursor + 4)
                }
                guard seen.insert(name).inserted else {
                    throw error("\(what) names \(MessageText.quoted(name)) twice", at: cursor + 4)
                }
                names.append(name)
                cursor += 4 + length
            }
            guard count <= (end - cursor) / 4 else {
                throw error("\(what) ends inside its table of value sizes", at: cursor)
            }
            var sizes: [Int] = []
            sizes.reserveCapacity(count)
            for _ in 0..<count {
                sizes.append(try u32(cursor, end: end, what: "a value size in \(what)"))
                cursor += 4
            }
            var entries: [(name: String, value: Value)] = []
            entries.reserveCapacity(count)
            for (name, size) in zip(names, sizes) {
                guard size <= end - cursor else {
                    throw error("the value of \(MessageText.quoted(name)) says it is \(size) bytes but only \(end - cursor) remain", at: cursor)
                }
                let child = try value(at: cursor, end: cursor + size, depth: depth + 1, what: MessageText.quoted(name))
                entries.append((name, child.value))
                cursor += size
            }
            return (.folder(entries), cursor)
        default:
            throw error("\(what) has the unknown type \(type)", at: offset, expected: "1 (a file) or 3 (a folder)")
        }
    }
}
