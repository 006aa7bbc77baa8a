import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension CommandRunner {
    /// `fmtcheck lint --watch PATH...`: lints, then waits for documents, configurations or definitions to change
    /// (`FileWatcher`, inotify) and lints again once a burst of changes is over, until Ctrl+C. Each round clears a
    /// terminal and prints the whole report and summary again; documents that did not change come from a cache
    /// (`--cache`'s, or one in a temporary folder removed at the end), so a round re-reads only what changed.
    /// Ctrl+C (or SIGTERM) stops between rounds and exits 0; a second one stops at once.
    static func watch(_ command: LintCommand, console: Console) -> ExitCode {
        let watcher: FileWatcher
        do {
            watcher = try FileWatcher()
        } catch {
            console.errLine("fmtcheck: error: \(error.description)")
            return .failure
        }
        var round = command
        round.watch = false
        var temporaryFolder: String?
        if !round.cache {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fmtcheck-watch-\(getpid())-\(UUID().uuidString.prefix(8))").path
            guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil else {
                console.errLine("fmtcheck: error: cannot make a temporary folder for --watch's cache at \(folder)")
                return .failure
            }
            temporaryFolder = folder
            round.cache = true
            round.cacheLocation = folder + "/cache"
        }
        let stop = SignalPipe(cleanup: temporaryFolder)
        defer {
            stop.finish()
            if let temporaryFolder { try? FileManager.default.removeItem(atPath: temporaryFolder) }
        }

        for path in command.request.paths {
            if FileDiscovery.isSearchedFolder(FileDiscovery.withoutTrailingSlash(path)) { watcher.watchTree(path) } else { watcher.watchFile(path) }
        }
        let clock = DateFormatter()
        clock.dateFormat = "HH:mm:ss"
        var changes: [String] = []
        var said = 0
        while true {
            // The definitions and configurations the documents use, wherever they are.
            for file in filesAffectingRun(command.request, folders: watcher.watchedFolders) { watcher.watchFile(file) }
            if console.outIsTerminal { console.out("\u{1B}[2J\u{1B}[H") }
            let shown = changes.prefix(3).map { FileDiscovery.relativeToCurrentFolder($0) }.joined(separator: ", ") + (changes.count > 3 ? ", …" : "")
            console.errLine("[\(clock.string(from: Date()))] " + (changes.isEmpty ? "fmtcheck: linting \(command.request.paths.joined(separator: " "))"
                                                                  : "fmtcheck: \(RunSummary.count(changes.count, "change")) (\(shown)); linting again"))
            _ = lint(round, console: console)
            for warning in watcher.warnings.dropFirst(said) { console.errLine("fmtcheck: warning: \(warning)") }
            said = watcher.warnings.count
            console.errLine("fmtcheck: watching for changes (Ctrl+C stops)")
            guard let next = watcher.nextChanges(interrupt: stop.readEnd) else { break }
            changes = next
        }
        // After the terminal's ^C, on a line of its own.
        console.err((console.errIsTerminal ? "\n" : "") + "fmtcheck: stopped watching\n")
        return .success
    }

    /// The definition files and configuration files that lint runs over `folders` (and `request`) read.
    static func filesAffectingRun(_ request: LintRequest, folders: [String]) -> [String] {
        var files: [String] = [request.definition, request.configFile].compactMap { $0 }
        let resolver = ConfigurationResolver(configFile: request.configFile)
        for folder in folders {
            guard let config = try? resolver.configuration(forFolder: folder) else { continue }
            files += config.sources + [config.definition].compactMap { $0 }
        }
        var seen: Set<String> = []
        return files.filter { seen.insert(FileDiscovery.absolutePath($0)).inserted }
    }
}

/// Ctrl+C and SIGTERM for `--watch`: the first makes `readEnd` readable (the watch stops between rounds), a
/// second exits at once (130), removing `cleanup` first. The signals' default handling comes back on `finish()`.
final class SignalPipe: @unchecked Sendable {
    /// Readable once a signal came.
    let readEnd: Int32
    private let writeEnd: Int32
    private var sources: [any DispatchSourceSignal] = []
    private var count = 0

    init(cleanup: String?) {
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        readEnd = ends[0]
        writeEnd = ends[1]
        let queue = DispatchQueue(label: "fmtcheck.watch.signals")
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [self] in
                count += 1
                if count > 1 {
                    if let cleanup { try? FileManager.default.removeItem(atPath: cleanup) }
                    FileHandle.standardError.write(Data("\nfmtcheck: stopped\n".utf8))
                    exit(130)
                }
                var byte: UInt8 = 1
                _ = write(writeEnd, &byte, 1)
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Stops listening and gives the signals back their default handling.
    func finish() {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
        close(readEnd)
        close(writeEnd)
    }
}
