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
        /// Where each patch is in the (decompressed) file, with its transaction and its place in it.
        var origins: [Origin] = []
    }

    /// Where a patch is written: its place in the file and its JSON path (`$.txns[T].patches[P]`).
    struct Origin: Sendable {
        var location: JSONLocation
        var transaction: Int
        var patch: Int

        var jsonPath: JSONPath {
            JSONPath.root.appending(key: "txns").appending(index: transaction).appending(key: "patches").appending(index: patch)
        }
    }

    /// The most bytes a trace may hold, compressed or decompressed: the documents' default `--max-file-size`
    /// (256 MiB; the largest shared trace decompresses to 16 MB). A gzip bomb stops here instead of filling
    /// memory.
    public static let defaultMaxSize = LintConfiguration.defaultMaxFileSize

    /// Reads a trace file (`.gz` through `gzip -dc`), at most `maxSize` bytes of JSON. Every patch is checked
    /// against the text it applies to: a negative position or delete count, or one past the end of the text
    /// there, is an error at its place in the file.
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
        return try parse(bytes, path: path)
    }

    /// A trace from its JSON bytes, read a token at a time (no tree of the whole file is built: a trace is
    /// mostly patches, read straight into `patches`).
    static func parse(_ bytes: [UInt8], path: String) throws(Failure) -> Trace {
        var reader = JSONReader(bytes)
        func next() throws(Failure) -> JSONToken {
            let token: JSONToken?
            do {
                token = try reader.next()
            } catch {
                throw Failure(path: path, location: error.location, message: error.message)
            }
            guard let token else { throw Failure(path: path, location: reader.currentLocation, message: "the trace ends early") }
            return token
        }
        func fail(_ token: JSONToken, _ jsonPath: JSONPath, _ message: String) -> Failure {
            Failure(path: path, location: token.location, message: "\(jsonPath): \(message)")
        }
        /// Reads the rest of a value whose first token is `first`.
        func skip(_ first: JSONToken) throws(Failure) {
            guard first.kind == .beginObject || first.kind == .beginArray else { return }
            var depth = 1
            while depth > 0 {
                switch try next().kind {
                case .beginObject, .beginArray: depth += 1
                case .endObject, .endArray: depth -= 1
                default: break
                }
            }
        }
        let notATrace = "not a trace; expected {startContent, endContent, txns}"
        let root = try next()
        guard root.kind == .beginObject else { throw fail(root, .root, notATrace) }
        var start: String?, end: String?, sawTransactions = false
        var patches: [(Int, Int, String)] = []
        var origins: [Origin] = []
        var insertedScalars: [Int] = []
        while true {
            let member = try next()
            guard case .key(let name) = member.kind else { break }
            let value = try next()
            switch (name, value.kind) {
            case ("startContent", .string(let text)): start = text
            case ("endContent", .string(let text)): end = text
            case ("txns", .beginArray):
                sawTransactions = true
                try readTransactions()
            default:
                try skip(value)
            }
        }
        /// `[{"patches": [[position, deleteCount, insertText], …], …}, …]` after its `[`.
        func readTransactions() throws(Failure) {
            var t = 0
            while true {
                let txn = try next()
                if case .endArray = txn.kind { return }
                let at = JSONPath.root.appending(key: "txns").appending(index: t)
                guard txn.kind == .beginObject else { throw fail(txn, at, "a transaction is an object with \"patches\"") }
                while true {
                    let member = try next()
                    guard case .key(let name) = member.kind else { break }
                    let value = try next()
                    guard name == "patches" else { try skip(value); continue }
                    guard value.kind == .beginArray else { throw fail(value, at.appending(key: "patches"), "\"patches\" is an array of [position, deleteCount, insertText]") }
                    var p = 0
                    while true {
                        let patch = try next()
                        if case .endArray = patch.kind { break }
                        let origin = Origin(location: patch.location, transaction: t, patch: p)
                        let shape = "a patch is [position, deleteCount, insertText]"
                        guard patch.kind == .beginArray else { throw fail(patch, origin.jsonPath, shape) }
                        let first = try next(), second = try next(), third = try next()
                        guard case .integer(let position) = first.kind, case .integer(let deleted) = second.kind,
                              case .string(let inserted) = third.kind, try next().kind == .endArray else {
                            throw fail(patch, origin.jsonPath, shape)
                        }
                        guard position >= 0 else { throw fail(first, origin.jsonPath.appending(index: 0), "the position \(position) is negative") }
                        guard deleted >= 0 else { throw fail(second, origin.jsonPath.appending(index: 1), "the delete count \(deleted) is negative") }
                        patches.append((position, deleted, inserted))
                        origins.append(origin)
                        insertedScalars.append(scalarCount(inserted))
                        p += 1
                    }
                }
                t += 1
            }
        }
        guard let start, let end, sawTransactions else { throw fail(root, .root, notATrace) }
        // Each patch against the text it applies to (the start content with the patches before it applied): its
        // position and the end of what it deletes are inside it. Lengths only, counted in Unicode scalars.
        var length = scalarCount(start)
        for k in patches.indices {
            let (position, deleted) = (patches[k].0, patches[k].1)
            if position <= length && deleted <= length - position {
                length += insertedScalars[k] - deleted
                continue
            }
            let origin = origins[k]
            let text = "the text there has \(length) Unicode scalar\(length == 1 ? "" : "s")"
            let element = position > length ? 0 : 1
            let message = position > length ? "the position \(position) is past the end of the text (\(text))"
                : "the delete count \(deleted) reaches past the end of the text from position \(position) (\(text))"
            throw Failure(path: path, location: location(ofElement: element, of: origin, in: bytes),
                          message: "\(origin.jsonPath.appending(index: element)): \(message)")
        }
        return Trace(startContent: start, endContent: end, patches: patches, origins: origins)
    }

    /// Where element `index` of the patch at `origin` is in `bytes`: read again from the patch's `[` (only on the
    /// way to an error, so that reading a good trace keeps one place per patch), its line and column counted on
    /// from the patch's.
    static func location(ofElement index: Int, of origin: Origin, in bytes: [UInt8]) -> JSONLocation {
        var reader = JSONReader(bytes, startingAt: origin.location.byteOffset)
        var token = try? reader.next()
        for _ in 0...index { token = try? reader.next() }
        guard let offset = token?.location.byteOffset, offset >= origin.location.byteOffset, offset <= bytes.count else { return origin.location }
        var place = origin.location
        for byte in bytes[origin.location.byteOffset..<offset] {
            if byte == 0x0A {
                place.line += 1
                place.column = 1
            } else if byte & 0xC0 != 0x80 {
                place.column += 1
            }
        }
        place.byteOffset = offset
        return place
    }

    /// The Unicode scalars of `text`, counted on its UTF-8 bytes (each byte that does not continue a scalar
    /// starts one): `unicodeScalars.count` decodes every scalar, which was a tenth of reading a trace.
    static func scalarCount(_ text: String) -> Int {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            var count = 0
            for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
            return count
        } ?? text.unicodeScalars.count
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
        steps(for: trace).script
    }

    /// The trace as edit-script steps, and for each step in order the patch it comes from (by its index in
    /// `patches`; nil for the start content's insert), so that a step's error is told at its patch.
    static func steps(for trace: Trace) -> (script: EditScript, patches: [Int?]) {
        var steps: [EditScript.Step] = []
        var from: [Int?] = []
        steps.reserveCapacity(trace.patches.count + 1)
        from.reserveCapacity(trace.patches.count + 1)
        func add(_ operation: ScriptStep, patch: Int?) {
            steps.append(EditScript.Step(line: steps.count + 1, unit: .scalars, operation: operation))
            from.append(patch)
        }
        if !trace.startContent.isEmpty { add(.insert(at: 0, text: trace.startContent), patch: nil) }
        for (k, (position, deleted, inserted)) in trace.patches.enumerated() {
            switch (deleted, inserted.isEmpty) {
            case (0, true): continue
            case (0, false): add(.insert(at: position, text: inserted), patch: k)
            case (_, true): add(.delete(from: position, to: position + deleted), patch: k)
            default: add(.replace(from: position, to: position + deleted, text: inserted), patch: k)
            }
        }
        return (EditScript(steps: steps), from)
    }

    /// An error applying the step on `error.line` of `steps(for:)`'s script, told at the trace's patch (or its
    /// start content) instead of at a line of a script the user never saw.
    static func failure(_ error: EditScriptError, in trace: Trace, path: String, patches: [Int?]) -> Failure {
        guard error.line >= 1, error.line <= patches.count else { return Failure(path: path, message: error.message) }
        guard let k = patches[error.line - 1], k < trace.origins.count else {
            return Failure(path: path, message: "\(JSONPath.root.appending(key: "startContent")): \(error.message)")
        }
        let origin = trace.origins[k]
        return Failure(path: path, location: origin.location, message: "\(origin.jsonPath): \(error.message)")
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
