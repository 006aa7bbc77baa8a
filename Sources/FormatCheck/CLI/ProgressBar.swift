import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A progress bar on standard error for long runs: shown only when standard error is a terminal, and only
/// once the run has taken half a second, redrawn at most ten times a second, and erased at the end.
final class ProgressBar: @unchecked Sendable {
    private let enabled: Bool
    private let started = Date()
    private var lastDraw = Date.distantPast
    private var drawn = false
    private let lock = NSLock()
    private let write: @Sendable (String) -> Void

    /// A bar writing through `write`; it stays silent unless standard error is a terminal.
    init(write: @escaping @Sendable (String) -> Void) {
        enabled = isatty(STDERR_FILENO) == 1
        self.write = write
    }

    /// Records progress: `done` of `total` documents.
    func update(_ done: Int, _ total: Int) {
        guard enabled else { return }
        lock.lock(); defer { lock.unlock() }
        let now = Date()
        guard now.timeIntervalSince(started) > 0.5, now.timeIntervalSince(lastDraw) > 0.1 || done == total else { return }
        lastDraw = now
        let width = 30
        let filled = total == 0 ? width : width * done / total
        write("\r[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled) + "] \(done)/\(total) files")
        drawn = true
    }

    /// Erases the bar, if it was drawn.
    func finish() {
        lock.lock(); defer { lock.unlock() }
        if drawn { write("\r\u{1B}[2K") }
    }
}
