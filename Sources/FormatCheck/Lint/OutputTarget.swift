import Foundation
import RichTextFormats
import SafeWrite

/// Where `fmtcheck -o FILE` (the report) and `fmtcheck convert IN OUT` may write: a regular file (or, for a
/// folder format, a folder) or a new path — never a symbolic link, a device, a FIFO or a socket — and never one of
/// the documents the run reads, compared by device and inode (so another name for the same file, a hard link,
/// or a path through a symbolic link is caught too), nor a path inside one of them, nor a folder holding one.
enum OutputTarget {
    /// Why `output` must not be written by a run that reads `inputs`; nil when it may. `isFolder`: the output is
    /// a folder (an RTFD package, a plain-text folder).
    static func refusal(_ output: String, isFolder: Bool, inputs: [String]) -> String? {
        let existing = FileIdentity.of(output, followingLinks: false)
        if let existing {
            switch (existing.kind, isFolder) {
            case (.symbolicLink, _):
                return "\(output) is a symbolic link; fmtcheck does not replace links or write through them (name the file it points to)"
            case (.regular, false), (.directory, true):
                break
            case (.directory, false), (.regular, true):
                return "\(output) is \(existing.kindDescription), not \(isFolder ? "a folder" : "a file"); it was not replaced"
            default:
                return "\(output) is \(existing.kindDescription), not a regular file; fmtcheck writes only regular files, folders or new paths"
            }
        }
        let outputFolders = ancestors(of: DurableIO.parent(of: output))
        for input in inputs where input != "-" {
            guard let read = FileIdentity.of(input) else { continue }
            if let existing, existing.isSameFile(as: read) {
                return "\(output) is \(input), one of the documents this run reads; writing it would replace that document (choose another output)"
            }
            if outputFolders.contains(where: { $0.isSameFile(as: read) }) {
                return "\(output) is inside \(input), one of the documents this run reads (choose another output)"
            }
            if isFolder, let existing, existing.kind == .directory,
               ancestors(of: DurableIO.parent(of: input)).contains(where: { $0.isSameFile(as: existing) }) {
                return "\(output) holds \(input), one of the documents this run reads; replacing the folder would remove it (choose another output)"
            }
        }
        return nil
    }

    /// Creates the folders a report, baseline or output is to be written in that do not exist yet (`-o
    /// ci/report.sarif`, `--write-baseline ci/baseline.json`), as ESLint's and ruff's output files do.
    static func createFolders(for path: String) throws(AtomicWriter.Failure) {
        let folder = DurableIO.parent(of: path)
        guard FileIdentity.of(folder) == nil else { return }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw AtomicWriter.Failure(message: "cannot create the folder \(folder): \((error as NSError).localizedDescription)")
        }
    }

    /// The folder at `path` and every folder above it, with symbolic links resolved.
    static func ancestors(of path: String) -> [FileIdentity] {
        var folder = LintRun.resolved(path)
        var found: [FileIdentity] = []
        while true {
            if let identity = FileIdentity.of(folder) { found.append(identity) }
            let up = DurableIO.parent(of: folder)
            if up == folder || folder == "/" || folder == "." { break }
            folder = up
        }
        return found
    }
}
