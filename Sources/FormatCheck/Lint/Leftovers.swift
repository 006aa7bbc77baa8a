import Foundation
import RichTextFormats
import SafeWrite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What an interrupted `--fix` (killed, or the machine lost power) left beside a document, found by name
/// (`SiblingNames`): temporary files and staged or old packages (`.tmp`), an old package moved aside by the
/// two-rename swap (`.old`), and the new content of a file being rewritten in place (`.inplace`).
///
/// A later `--fix` of the document, holding the document's lock, handles them: a leftover no process holds
/// (every writer keeps its temporary file or folder locked while it works) is provably stale, so it is removed,
/// or, for `.inplace`, copied over the document first to complete the rewrite; an `.old` package whose document is
/// missing is put back. A run that does not write reports them instead.
enum Leftovers {
    /// One leftover.
    struct Entry: Hashable, Sendable {
        /// Its path.
        var path: String
        /// What it holds.
        var kind: SiblingNames.Kind
    }

    /// The leftovers beside each of `documents`, by document path; each folder is listed once.
    static func scan(_ documents: [String]) -> [String: [Entry]] {
        var byFolder: [String: [String: String]] = [:] // folder → document name → document path
        for document in documents {
            byFolder[DurableIO.parent(of: document), default: [:]][DurableIO.name(of: document)] = document
        }
        var found: [String: [Entry]] = [:]
        for (folder, names) in byFolder {
            for (entry, parsed) in siblings(in: folder) {
                guard let document = names[parsed.document] else { continue }
                found[document, default: []].append(Entry(path: folder + "/" + entry, kind: parsed.kind))
            }
        }
        return found.mapValues { $0.sorted { $0.path < $1.path } }
    }

    /// The hidden entries of `folder` that are siblings of some document.
    static func siblings(in folder: String) -> [(String, (document: String, kind: SiblingNames.Kind))] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return names.filter { $0.hasPrefix(".") }.sorted().compactMap { name in SiblingNames.parse(name).map { (name, $0) } }
    }

    /// What an interrupted write of `output` (a report, a baseline, the cache, the records under `--fix`) left
    /// beside it, handled as `clean(_:of:)` handles a document's, before a run writes it again: one note each.
    static func clean(beside output: String) -> [String] {
        let folder = DurableIO.parent(of: output), name = DurableIO.name(of: output)
        let prefix = folder == "." && !output.hasPrefix("./") ? "" : folder + "/"
        let entries = siblings(in: folder).filter { $0.1.document == name }.map { Entry(path: prefix + $0.0, kind: $0.1.kind) }
        return clean(entries, of: output, by: "fmtcheck")
    }

    /// Handles `entries`, the leftovers of `document`, while the document's lock is held; returns one note per
    /// leftover handled or left. `writer` names what was interrupted.
    static func clean(_ entries: [Entry], of document: String, by writer: String = "fmtcheck --fix") -> [String] {
        var notes: [String] = []
        for entry in entries {
            guard !DocumentLock.isHeld(entry.path) else { continue } // another process is writing it right now
            switch entry.kind {
            case .temporary, .aside:
                do {
                    try FileManager.default.removeItem(atPath: entry.path)
                    notes.append("removed \(entry.path), left by an interrupted \(writer)")
                } catch {
                    notes.append("\(entry.path) was left by an interrupted \(writer) and cannot be removed: \(error.localizedDescription)")
                }
            case .inPlace:
                do {
                    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: entry.path)))
                    try AtomicWriter.rewriteInPlace(document, with: bytes, journal: entry.path)
                    notes.append("completed the rewrite an interrupted \(writer) began, from \(entry.path)")
                } catch {
                    notes.append("\(entry.path) holds the new content of an interrupted \(writer), which cannot be completed: \(error)")
                }
            }
        }
        if !notes.isEmpty { DurableIO.syncFolder(DurableIO.parent(of: document)) }
        return notes
    }

    /// Notes for a run that does not write: what is there (and no running fix holds) and what the next `--fix`
    /// does with it.
    static func report(_ entries: [Entry]) -> [String] {
        entries.filter { !DocumentLock.isHeld($0.path) }.map { entry in
            switch entry.kind {
            case .temporary, .aside:
                return "\(entry.path) was left by an interrupted fmtcheck --fix; the next --fix of this document removes it"
            case .inPlace:
                return "\(entry.path) holds the new content of an interrupted fmtcheck --fix, and the document may be half-written; the next --fix of this document completes it"
            }
        }
    }

    /// The packages of `folders` that a two-rename swap left aside (`.NAME.fmtcheck-ID.old` where NAME is
    /// missing, and no running fix holds it), by the document's path.
    static func orphanedAsides(in folders: [String]) -> [(document: String, aside: String)] {
        var found: [(String, String)] = []
        for folder in Set(folders).sorted() {
            for (entry, parsed) in siblings(in: folder) where parsed.kind == .aside {
                let prefix = folder == "." ? "" : folder + "/"
                let aside = prefix + entry, document = prefix + parsed.document
                guard FileIdentity.of(document, followingLinks: false) == nil, !DocumentLock.isHeld(aside) else { continue }
                found.append((document, aside))
            }
        }
        return found
    }

    /// Puts each orphaned package back in its place; returns the documents put back.
    @discardableResult
    static func restore(_ orphans: [(document: String, aside: String)]) -> [String] {
        orphans.compactMap { orphan in
            guard FileIdentity.of(orphan.document, followingLinks: false) == nil, rename(orphan.aside, orphan.document) == 0 else { return nil }
            DurableIO.syncFolder(DurableIO.parent(of: orphan.document))
            return orphan.document
        }
    }
}
