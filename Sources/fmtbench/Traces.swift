import Foundation

// Loading editing traces (/work/shared/traces): gzip -dc through Process, then JSONSerialization. Not timed.

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
    case decompress(String)
    case format(String)

    var description: String {
        switch self {
        case .notFound(let s), .decompress(let s), .format(let s): return s
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

    static func load(_ name: String, from directory: String) throws -> EditTrace {
        // A trace already decompressed (`name.json`) is read as it is: under valgrind, starting gzip fails.
        let plain = (directory as NSString).appendingPathComponent(name + ".json")
        let path = (directory as NSString).appendingPathComponent(name + ".json.gz")
        let data: Data
        if FileManager.default.fileExists(atPath: plain) {
            data = try Data(contentsOf: URL(fileURLWithPath: plain))
        } else {
            guard FileManager.default.fileExists(atPath: path) else { throw TraceError.notFound("missing \(path)") }
            data = try gunzip(path)
        }
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let start = root["startContent"] as? String,
              let end = root["endContent"] as? String,
              let txns = root["txns"] as? [Any] else {
            throw TraceError.format("\(path): not a {startContent, endContent, txns} object")
        }
        var patches: [TracePatch] = []
        patches.reserveCapacity(txns.count)
        for txn in txns {
            guard let t = txn as? [String: Any], let list = t["patches"] as? [Any] else {
                throw TraceError.format("\(path): a txn without patches")
            }
            for item in list {
                guard let p = item as? [Any], p.count == 3,
                      let position = (p[0] as? NSNumber)?.intValue,
                      let deleteCount = (p[1] as? NSNumber)?.intValue,
                      let text = p[2] as? String else {
                    throw TraceError.format("\(path): a patch that is not [pos, delCount, text]")
                }
                patches.append(TracePatch(position: position, deleteCount: deleteCount, insert: text))
            }
        }
        return EditTrace(name: name, startContent: start, endContent: end, patches: patches)
    }

    static func gunzip(_ path: String) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-dc", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TraceError.decompress("gzip -dc \(path) failed (status \(process.terminationStatus))") }
        return data
    }
}
