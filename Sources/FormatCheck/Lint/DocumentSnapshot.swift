import RichTextFormats
import SafeWrite

/// A document as `--fix` read it: which file it was and in what state (`FileIdentity`, taken before reading) and
/// what it held. Just before the fixed document replaces it, `change(since:)` checks that it is still so, so a
/// save made by an editor while the fix ran is reported instead of overwritten.
struct DocumentSnapshot: Sendable {
    /// The document's path.
    let path: String
    /// The file (or package folder) before it was read.
    let identity: FileIdentity

    /// The state of the document at `path` now, before reading it; nil when there is none.
    static func take(_ path: String) -> DocumentSnapshot? {
        FileIdentity.of(path).map { DocumentSnapshot(path: path, identity: $0) }
    }

    /// Why the document is no longer what was read as `input`: another inode at the path, another size or
    /// modification time, or (for a change within the clock's resolution) other bytes. Nil when it is the same.
    func change(since input: LintInput, maxSize: Int) -> String? {
        let changed = "the document changed while --fix ran (another program saved it); the fix was not written, so that save is kept: run --fix again"
        guard let now = FileIdentity.of(path), now.isUnchanged(since: identity) else { return changed }
        guard let again = try? LintInput.read(path: path, maxSize: maxSize),
              again.format == input.format, again.bytes == input.bytes, again.attachments == input.attachments else { return changed }
        return nil
    }
}
