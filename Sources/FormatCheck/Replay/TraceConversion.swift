import Foundation
import StreamingJSON

/// Converts an editing trace (`{startContent, endContent, txns: [{patches: [[position, deleteCount,
/// insertText], …]}]}`, positions in Unicode scalars; see `../shared/traces/README.md`) to an edit script: the
/// start content as one insert, then one line per patch. Gzipped traces are read through `gzip -dc`.
public enum TraceConversion {
    /// Why a trace could not be converted.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// What went wrong.
        public var message: String
        public var description: String { message }
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

    /// Reads a trace file (`.gz` through `gzip -dc`).
    public static func load(path: String) throws(Failure) -> Trace {
        let bytes: [UInt8]
        if path.hasSuffix(".gz") {
            bytes = try gunzip(path)
        } else {
            guard let data = FileManager.default.contents(atPath: path) else { throw Failure(message: "\(path): cannot read the file") }
            bytes = [UInt8](data)
        }
        let root: JSONValue
        do {
            root = try JSONValue.parse(bytes)
        } catch {
            throw Failure(message: "\(path): \(error)")
        }
        guard let start = root["startContent"]?.stringValue, let end = root["endContent"]?.stringValue,
              let txns = root["txns"]?.arrayValue else {
            throw Failure(message: "\(path): not a trace; expected {startContent, endContent, txns}")
        }
        var patches: [(Int, Int, String)] = []
        for txn in txns {
            for patch in txn["patches"]?.arrayValue ?? [] {
                guard let items = patch.arrayValue, items.count == 3, let position = items[0].intValue, let deleted = items[1].intValue,
                      let inserted = items[2].stringValue else {
                    throw Failure(message: "\(path): a patch is not [position, deleteCount, insertText]: \(patch)")
                }
                patches.append((position, deleted, inserted))
            }
        }
        return Trace(startContent: start, endContent: end, patches: patches)
    }

    /// The trace as edit-script steps.
    public static func script(for trace: Trace) -> EditScript {
        var steps: [EditScript.Step] = []
        var line = 0
        func add(_ operation: EditScript.Operation) {
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

    /// The script as JSON Lines.
    public static func jsonLines(_ script: EditScript) -> String {
        var out = ""
        for step in script.steps {
            var members: [(String, JSONValue)]
            switch step.operation {
            case .insert(let at, let text): members = [("op", "insert"), ("at", .integer(at)), ("text", .string(text))]
            case .delete(let from, let to): members = [("op", "delete"), ("from", .integer(from)), ("to", .integer(to))]
            case .replace(let from, let to, let text): members = [("op", "replace"), ("from", .integer(from)), ("to", .integer(to)), ("text", .string(text))]
            default: continue
            }
            out += ((try? JSONWriter.string(.object(JSONObject(members)), options: JSONWriter.Options(escapeSlashes: false))) ?? "{}") + "\n"
        }
        return out
    }

    /// The bytes of a gzipped file, decompressed by `gzip -dc`.
    static func gunzip(_ path: String) throws(Failure) -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-dc", path]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        do {
            try process.run()
        } catch {
            throw Failure(message: "\(path): cannot run gzip: \(error.localizedDescription)")
        }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(message: "\(path): gzip -dc failed: \(String(decoding: errors, as: UTF8.self).trimmingSpaces)")
        }
        return [UInt8](data)
    }
}
