import Foundation

/// Pauses that crash and concurrency tests (Scripts/crash-safety.sh) set through the environment, so that a
/// `kill -9` or an editor's save lands exactly in the window they test. Unset, they do nothing.
///
/// - `FMTCHECK_TEST_PAUSE_BEFORE_RENAME=SECONDS`: with the new content on disk beside the document and before
///   the check that the document is unchanged and the rename (or package swap).
/// - `FMTCHECK_TEST_PAUSE_BETWEEN_RENAMES=SECONDS`: between the two renames of the fallback package swap.
/// - `FMTCHECK_TEST_NO_RENAME_EXCHANGE=1`: always use that fallback.
///
/// Each pause first writes `fmtcheck: test pause WHERE PATH` to standard error, for the script to wait on.
enum TestHooks {
    static let environment = ProcessInfo.processInfo.environment

    /// Sleeps for the seconds `variable` holds, if any, saying so on standard error.
    static func pause(_ variable: String, _ place: String, _ path: String) {
        guard let value = environment[variable], let seconds = Double(value), seconds > 0 else { return }
        FileHandle.standardError.write(Data("fmtcheck: test pause \(place) \(path)\n".utf8))
        Thread.sleep(forTimeInterval: seconds)
    }

    /// Before the unchanged-check and the rename of `path`.
    static func pauseBeforeRename(_ path: String) {
        pause("FMTCHECK_TEST_PAUSE_BEFORE_RENAME", "before rename", path)
    }

    /// Whether the package swap may use `RENAME_EXCHANGE`.
    static var allowsRenameExchange: Bool { environment["FMTCHECK_TEST_NO_RENAME_EXCHANGE"] != "1" }
}
