import Foundation
import EditScripts
import StreamingJSON

/// Converts an editing trace (`{startContent, endContent, txns: [{patches: [[position, deleteCount,
/// insertText], …]}]}`, positions in Unicode scalars; see `../shared/traces/README.md`) to an edit script: the
/// start content as one insert, then one line per patch. Gzipped traces are read through `gzip -dc`.
public enum TraceConversion {
    /// Why a trace could not be converted: what is wrong, in which file and, when known, where in it.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// The trace file.
        public var path: String
        /// Where in the (decompressed) JSON, when the problem is in it.
        public var location: JSONLocation?
        /// What went wrong.
        public var message: String

        /// A failure.
        public init(path: String, location: JSONLocation? = nil, message: String) {
            self.path = path
            self.location = location
            self.message = message
        }

        /// `path:line:column: error: message`, or `path: error: message` when the place is unknown.
        public var description: String {
            guard let location else { return "\(path): error: \(message)" }
            return "\(path):\(location.line):\(location.column): error: \(message)"
        }
    }

    /// A trace's parts.
    public struct Trace: Sendable {
        /// The text before the first patch.
        public var startContent: String
        /// The text after the last patch.
        public var endContent: String
        /// (position, deleteCount, insertText), positions in Unicode scalars.
        public var patches: [(Int, Int, String)]
    }

    /// The most bytes a trace may hold, compressed or decompressed: the documents' default `--max-file-size`
    /// (256 MiB; the largest shared trace decompresses to 16 MB). A gzip bomb stops here instead of filling
    /// memory.
    public static let defaultMaxSize = LintConfiguration.defaultMaxFileSize

    /// Reads a trace file (`.gz` through `gzip -dc`), at most `maxSize` bytes of JSON. Every patch is checked:
    /// a negative position or delete count is an error at its place in the file.
    public static func load(path: String, maxSize: Int = defaultMaxSize) throws(Failure) -> Trace {
        let bytes: [UInt8]
        if path.hasSuffix(".gz") {
            bytes = try gunzip(path, maxSize: maxSize)
        } else {
            do {
                bytes = try InputReader.read(path: path, maxSize: maxSize)
            } catch {
                throw failure(error, maxSize: maxSize, what: "holds")
            }
        }
        let root: JSONValue
        do {
            root = try JSONValue.parse(bytes)
        } catch {
            throw Failure(path: path, location: error.location, message: error.message)
        }
        // A failure at `jsonPath`, located by parsing again with locations (only on this error path, so that
        // reading a good trace builds no located tree).
        func fail(_ jsonPath: JSONPath, _ message: String) -> Failure {
            let node = (try? JSONValue.parseWithLocations(bytes))?.node(at: jsonPath)
            return Failure(path: path, location: node?.location, message: "\(jsonPath): \(message)")
        }
        guard let start = root["startContent"]?.stringValue, let end = root["endContent"]?.stringValue,
              let txns = root["txns"]?.arrayValue else {
            throw fail(.root, "not a trace; expected {startContent, endContent, txns}")
        }
        var patches: [(Int, Int, String)] = []
        for (t, txn) in txns.enumerated() {
            for (p, patch) in (txn["patches"]?.arrayValue ?? []).enumerated() {
                let at = JSONPath.root.appending(key: "txns").appending(index: t).appending(key: "patches").appending(index: p)
                guard let items = patch.arrayValue, items.count == 3, let position = items[0].intValue, let deleted = items[1].intValue,
                      let inserted = items[2].stringValue else {
                    throw fail(at, "a patch is [position, deleteCount, insertText]")
                }
                guard position >= 0 else { throw fail(at.appending(index: 0), "the position \(position) is negative") }
                guard deleted >= 0 else { throw fail(at.appending(index: 1), "the delete count \(deleted) is negative") }
                guard deleted <= Int.max - position else {
                    throw fail(at.appending(index: 1), "the delete count \(deleted) reaches past any document")
                }
                patches.append((position, deleted, inserted))
            }
        }
        return Trace(startContent: start, endContent: end, patches: patches)
    }

    /// A reading failure as a trace's: the limit named as the trace's, no talk of a lint run.
    static func failure(_ error: InputFailure, maxSize: Int, what: String) -> Failure {
        switch error.kind {
        case .tooLarge: return Failure(path: error.path, message: "the trace \(what) more than \(ByteSize.describe(maxSize)), the limit for a trace; it was not read")
        case .notFound: return Failure(path: error.path, message: "no such file")
        default: return Failure(path: error.path, message: error.message)
        }
    }

    /// The trace as edit-script steps.
    public static func script(for trace: Trace) -> EditScript {
        var steps: [EditScript.Step] = []
        var line = 0
        func add(_ operation: ScriptStep) {
            line += 1
            steps.append(EditScript.Step(line: line, unit: .scalars, operation: operation))
        }
        if !trace.startContent.isEmpty { add(.insert(at: 0, text: trace.startContent)) }
        for (position, deleted, inserted) in trace.patches {
            switch (deleted, inserted.isEmpty) {
            case (0, true): continue
            case (0, false): add(.insert(at: position, text: inserted))
            case (_, true): add(.delete(from: position, to: position + deleted))
            default: add(.replace(from: position, to: position + deleted, text: inserted))
            }
        }
        return EditScript(steps: steps)
    }

    /// The bytes of a gzipped file, decompressed by `gzip -dc`, at most `maxSize` of them: past that gzip is
    /// stopped. gzip's own complaint is turned into a one-line reason.
    static func gunzip(_ path: String, maxSize: Int) throws(Failure) -> [UInt8] {
        // A regular file within the limit, so that gzip is never pointed at a FIFO or a device.
        do throws(InputFailure) {
            let size = try InputReader.regularFileSize(path: path)
            if size > maxSize { throw InputReader.tooLarge(path: path, size: size, maxSize: maxSize) }
        } catch {
            throw failure(error, maxSize: maxSize, what: "holds")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-dc", "--", path]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        do {
            try process.run()
        } catch {
            throw Failure(path: path, message: "cannot run gzip to decompress the trace: \(error.localizedDescription)")
        }
        let bytes: [UInt8]
        do {
            bytes = try InputReader.readAll(out.fileHandleForReading.fileDescriptor, path: path, maxSize: maxSize, sizeHint: 1 << 20)
        } catch {
            process.terminate()
            process.waitUntilExit()
            throw failure(error, maxSize: maxSize, what: "decompresses to")
        }
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let reason = gzipReason(errors, path: path) ?? "gzip exited with status \(process.terminationStatus)"
            throw Failure(path: path, message: "cannot decompress the trace: \(reason)")
        }
        return bytes
    }

    /// The first line gzip wrote, without its `gzip: PATH: ` prefix and with control characters dropped:
    /// "not in gzip format", "unexpected end of file".
    static func gzipReason(_ errors: Data, path: String) -> String? {
        let text = String(decoding: errors, as: UTF8.self)
        var line = Substring(text.split(whereSeparator: \.isNewline).first ?? "")
        for prefix in ["gzip: ", path + ": ", "stdin: "] where line.hasPrefix(prefix) { line = line.dropFirst(prefix.count) }
        let clean = String(String.UnicodeScalarView(line.unicodeScalars.filter { $0.properties.generalCategory != .control })).trimmingSpaces
        return clean.isEmpty ? nil : String(clean.prefix(200))
    }
}
