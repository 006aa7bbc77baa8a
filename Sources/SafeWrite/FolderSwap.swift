import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Puts a folder staged beside its destination in the destination's place in one step, so that a reader (or a
/// crash) sees the old folder or the new one, whole, and never no folder at all.
///
/// On Linux the swap is one `renameat2(RENAME_EXCHANGE)`: the new folder takes the name, the old one takes the
/// staged name, and is then removed. Where the call does not exist or the file system refuses it, the swap takes
/// two renames, the old folder to `.NAME.fmtcheck-ID.old` and the new one into place; a crash between them leaves
/// no folder at NAME, only the one aside, and the next `fmtcheck --fix` puts it back (`Leftovers`).
///
/// A failure throws `AtomicWriter.Failure`, saying which step failed and why.
public enum FolderSwap {
    /// How the swap is made; the defaults are the real thing, the rest serves crash tests.
    public struct Options: Sendable {
        /// Whether to try `RENAME_EXCHANGE` (false: always the two renames).
        public var usesExchange = true
        /// Called between the two renames of the fallback.
        public var betweenRenames: @Sendable () -> Void = {}

        public init(usesExchange: Bool = true, betweenRenames: @escaping @Sendable () -> Void = {}) {
            self.usesExchange = usesExchange
            self.betweenRenames = betweenRenames
        }
    }

    /// Replaces the folder at `destination` (or creates it) with the folder at `staged`, in the same parent;
    /// `id` names the aside folder of the fallback. The old folder is removed afterwards; a failure to remove it
    /// leaves a stale `.tmp` or `.old` the next run cleans.
    public static func replace(_ destination: String, with staged: String, id: String, options: Options = Options()) throws(AtomicWriter.Failure) {
        let parent = DurableIO.parent(of: destination)
        guard FileIdentity.of(destination, followingLinks: false) != nil else {
            guard rename(staged, destination) == 0 else { throw failure("cannot move the new folder into place at \(destination)") }
            DurableIO.syncFolder(parent)
            return
        }
        if options.usesExchange {
            let status = SystemCalls.exchange(staged, destination)
            if status == 0 {
                DurableIO.syncFolder(parent)
                try? FileManager.default.removeItem(atPath: staged) // the old folder, now under the staged name
                DurableIO.syncFolder(parent)
                return
            }
            guard status == ENOSYS || status == EINVAL || status == ENOTSUP else {
                throw failure("cannot swap the new folder into place at \(destination)", code: status)
            }
        }
        let aside = SiblingNames.path(beside: destination, id: id, kind: .aside)
        guard rename(destination, aside) == 0 else { throw failure("cannot move the old folder \(destination) aside") }
        DurableIO.syncFolder(parent)
        options.betweenRenames()
        guard rename(staged, destination) == 0 else {
            let code = errno
            _ = rename(aside, destination)
            DurableIO.syncFolder(parent)
            throw failure("cannot move the new folder into place at \(destination)", code: code)
        }
        DurableIO.syncFolder(parent)
        try? FileManager.default.removeItem(atPath: aside)
        DurableIO.syncFolder(parent)
    }

    static func failure(_ what: String, code: Int32 = errno) -> AtomicWriter.Failure {
        AtomicWriter.Failure(message: "\(what): \(SystemCalls.message(code))")
    }
}
