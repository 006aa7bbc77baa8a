import Foundation
/// The names of the files and folders a safe write puts beside a document: `.NAME.fmtcheck-ID.tmp` while the
/// new content is written (and, once a package swap is done, the old package until it is removed),
/// `.NAME.fmtcheck-ID.old` for an old package moved aside where the swap takes two renames, and
/// `.NAME.fmtcheck-ID.inplace` for the new content of a file rewritten in place (its hard links kept). A run
/// killed midway leaves them; `parse` recognises them (and the `.NAME.ID.tmp` / `.old` folders of earlier
/// package writers) so that the next run can clean up.
public enum SiblingNames {
    /// What a sibling holds.
    public enum Kind: String, Hashable, Sendable {
        /// New content being written, or an old package being removed: stale once no writer holds it.
        case temporary = "tmp"
        /// An old package moved aside between two renames: the document, if the document itself is missing.
        case aside = "old"
        /// The whole new content of a file being rewritten in place: copy it over the document, then remove it.
        case inPlace = "inplace"
    }

    /// A fresh random ID.
    public static func newID() -> String { String(UInt64.random(in: 0...UInt64.max), radix: 36) }

    /// The sibling of kind `kind` for the document named `name`.
    public static func name(for name: String, id: String, kind: Kind) -> String {
        ".\(name).fmtcheck-\(id).\(kind.rawValue)"
    }

    /// The sibling at `path`'s side: same folder, `name(for:id:kind:)`.
    public static func path(beside path: String, id: String, kind: Kind) -> String {
        let folder = DurableIO.parent(of: path)
        return (folder == "." && !path.hasPrefix("./") ? "" : folder + "/") + name(for: DurableIO.name(of: path), id: id, kind: kind)
    }

    /// The document name and kind of a sibling's name; nil for any other name.
    public static func parse(_ entry: String) -> (document: String, kind: Kind)? {
        guard entry.hasPrefix("."), let dot = entry.lastIndex(of: "."), dot > entry.startIndex,
              let kind = Kind(rawValue: String(entry[entry.index(after: dot)...])) else { return nil }
        let stem = entry[entry.index(after: entry.startIndex)..<dot]
        if let marker = stem.range(of: ".fmtcheck-", options: .backwards) {
            let id = stem[marker.upperBound...]
            guard !id.isEmpty, id.allSatisfy(isIDCharacter), marker.lowerBound > stem.startIndex else { return nil }
            return (String(stem[..<marker.lowerBound]), kind)
        }
        // Earlier package writers: `.NAME.rtfd.ID.tmp` and `.NAME.rtfd.ID.old`.
        guard kind != .inPlace, let idDot = stem.lastIndex(of: "."), idDot > stem.startIndex else { return nil }
        let id = stem[stem.index(after: idDot)...]
        let document = String(stem[..<idDot])
        guard !id.isEmpty, id.allSatisfy(isIDCharacter), document.lowercased().hasSuffix(".rtfd") else { return nil }
        return (document, kind)
    }

    static func isIDCharacter(_ c: Character) -> Bool {
        c.isASCII && (c.isNumber || c.isLowercase)
    }
}
