import FormatCheck
import Foundation

// Finding and loading the editing traces (../shared/traces) through FormatCheck's trace loader. Not timed.

struct TracePatch {
    var position: Int      // Unicode scalars
    var deleteCount: Int   // Unicode scalars
    var insert: String
}

struct EditTrace {
    var name: String
    var startContent: String
    var endContent: String
    var patches: [TracePatch]
}

enum TraceError: Error, CustomStringConvertible {
    case notFound(String)

    var description: String {
        switch self {
        case .notFound(let s): return s
        }
    }
}

enum Traces {
    static let names = ["automerge-paper", "seph-blog1", "rustcode"]

    /// The traces directory: $FMTCHECK_SHARED/traces (or $FMTCHECK_SHARED itself if it holds the files), else
    /// ../shared/traces relative to the current directory. Nil when absent.
    static func directory() -> String? {
        let fm = FileManager.default
        var candidates: [String] = []
        if let shared = ProcessInfo.processInfo.environment["FMTCHECK_SHARED"], !shared.isEmpty {
            candidates.append((shared as NSString).appendingPathComponent("traces"))
            candidates.append(shared)
        }
        let cwd = fm.currentDirectoryPath
        candidates.append(((cwd as NSString).appendingPathComponent("../shared/traces") as NSString).standardizingPath)
        for dir in candidates where [".json.gz", ".json"].contains(where: { fm.fileExists(atPath: (dir as NSString).appendingPathComponent(names[0] + $0)) }) {
            return dir
        }
        return nil
    }

    /// The traces directory, or a clear message and exit status 2.
    static func directoryOrExit() -> String {
        if let dir = directory() { return dir }
        let message = """
            fmtbench traces: cannot find the editing traces. Looked for ../shared/traces relative to \
            \(FileManager.default.currentDirectoryPath) and $FMTCHECK_SHARED/traces. Run from the package \
            directory next to shared/, or set FMTCHECK_SHARED to the shared directory.\n
            """
        FileHandle.standardError.write(Data(message.utf8))
        exit(2)
    }

    /// The trace `name` in `directory`, read by `fmtcheck trace-to-script`'s loader (`TraceConversion.load`). A
    /// trace already decompressed (`name.json`) is read as it is: under valgrind, starting gzip fails.
    static func load(_ name: String, from directory: String) throws -> EditTrace {
        let plain = (directory as NSString).appendingPathComponent(name + ".json")
        let path = FileManager.default.fileExists(atPath: plain) ? plain : (directory as NSString).appendingPathComponent(name + ".json.gz")
        guard FileManager.default.fileExists(atPath: path) else { throw TraceError.notFound("missing \(path)") }
        let trace = try TraceConversion.load(path: path)
        return EditTrace(name: name, startContent: trace.startContent, endContent: trace.endContent,
                         patches: trace.patches.map { TracePatch(position: $0.0, deleteCount: $0.1, insert: $0.2) })
    }
}
