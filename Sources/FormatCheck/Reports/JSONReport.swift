import StreamingJSON

/// `--format json`: one JSON object, keys sorted, with this stable schema (version 2):
///
/// ```
/// {
///   "version": 2,
///   "tool": {"name": "fmtcheck", "version": "0.1.0"},
///   "violations": [{
///     "file": "Examples/recipes/pancakes.json", "rule": "IngredientsAreGreen", "severity": "error",
///     "message": "…",
///     "line": 1, "column": 40, "endLine": 1, "endColumn": 44,   // in the file: 1-based; columns in Unicode scalars
///     "byteOffset": 39, "byteLength": 4,                         // in the file
///     "textRange": {"utf8Offset": 4, "utf8Length": 4, "utf16Offset": 4, "utf16Length": 4},   // in the document's text
///     "fingerprint": "6f1c…",                                     // what, not where (survives unrelated edits)
///     "fix": "safe",                                              // safe (--fix), unsafe (--unsafe-fixes) or none
///     "key": "foregroundColor",                                 // absent for malformed documents
///     "expected": "#34c759", "actual": null,                    // null: the attribute is absent
///     "expectedKind": "color", "actualKind": null               // the values' kinds (for wrong-type, the declared type)
///   }],
///   "errors": [{"file": "…", "kind": "too-large", "message": "…"}],   // documents that could not be linted
///   "summary": {"files": 7, "filesWithViolations": 4, "errors": 5, "warnings": 1, "fixed": 0, "notLinted": 0,
///               "fixable": 4, "unsafeFixable": 1},
///   "statistics": [{"rule": "IngredientsAreGreen", "count": 4, "fixable": 4, "unsafeFixable": 0}]   // most found first
/// }
/// ```
/// Positions are in the file: for native JSON the string token that holds the text, for RTF the RTF text it was
/// read from; for an RTFD package `file` is its `TXT.rtf` (and `document` the package). For `malformed-document`
/// and `reader-warning` the position is where reading met the problem, and the text range is empty.
public enum JSONReport {
    /// The schema's version; bumped only when a member changes meaning or goes away.
    public static let schemaVersion = 2

    /// The report's text (pretty-printed, keys sorted, one trailing newline).
    public static func render(_ result: LintRunResult) -> String {
        var text: [UInt8] = []
        write(result) { text += $0 }
        return String(decoding: text, as: UTF8.self)
    }

    /// Writes the report to `sink` a piece at a time, each finding as it is reached: `render`'s bytes, without
    /// holding the report (or a tree of it) whole. The members are written in the order sorted keys put them,
    /// the findings last.
    public static func write<Failure: Error>(_ result: LintRunResult, to sink: ([UInt8]) throws(Failure) -> Void) throws(Failure) {
        var errors: [JSONValue] = result.files.compactMap { file in
            file.failure.map { .object(JSONObject([("file", .string($0.path)), ("kind", .string($0.kind.rawValue)), ("message", .string($0.message))])) }
        }
        for problem in result.definitionProblems {
            for diagnostic in problem.errors {
                errors.append(.object(JSONObject([("file", .string(problem.fileName)), ("kind", .string("invalid-definition")), ("message", .string(diagnostic.headline))])))
            }
        }
        for problem in result.configurationProblems {
            errors.append(.object(JSONObject([("file", .string(problem.fileName)), ("kind", .string("invalid-configuration")), ("message", .string(problem.description))])))
        }
        let fixable = result.fixableCounts
        let summary: JSONValue = .object(JSONObject([
            ("files", .integer(result.files.count)), ("filesWithViolations", .integer(result.filesWithViolations)),
            ("errors", .integer(result.errorCount)), ("warnings", .integer(result.warningCount)),
            ("fixed", .integer(result.fixedCount)), ("notLinted", .integer(result.files.filter { $0.failure != nil }.count)),
            ("fixable", .integer(fixable.safe)), ("unsafeFixable", .integer(fixable.unsafe)),
        ]))
        var stream = JSONStream()
        stream.writer.beginObject()
        stream.member("errors", .array(errors))
        stream.member("statistics", statistics(RuleStatistics.of(result)))
        stream.member("summary", summary)
        stream.member("tool", .object(JSONObject([("name", .string("fmtcheck")), ("version", .string(FormatCheckVersion.current))])))
        stream.member("version", .integer(schemaVersion))
        stream.writer.appendKey("violations")
        stream.writer.beginArray()
        for file in result.files {
            for violation in file.violations {
                stream.append(object(violation, path: file.path))
                try stream.flush(to: sink)
            }
        }
        stream.writer.endArray()
        stream.writer.endObject()
        try stream.finish(to: sink)
    }

    /// Per-rule counts (`RuleStatistics`) as a JSON array: what `--statistics --format json` prints, and the report's `statistics`.
    static func statistics(_ entries: [RuleStatistics]) -> JSONValue {
        .array(entries.map { entry in
            .object(JSONObject([("rule", .string(entry.rule)), ("count", .integer(entry.count)),
                                ("fixable", .integer(entry.fixable)), ("unsafeFixable", .integer(entry.unsafeFixable))]))
        })
    }

    /// One finding as a JSON object.
    static func object(_ violation: Violation, path: String) -> JSONValue {
        .object(JSONObject(members(violation, path: path)))
    }

    /// The members of `object(_:path:)`, in their order.
    static func members(_ violation: Violation, path: String) -> [(String, JSONValue)] {
        let p = violation.position
        var members: [(String, JSONValue)] = [
            ("file", .string(ReportPath.artifact(path, member: p.member))), ("rule", .string(violation.rule)),
            ("severity", .string(violation.severity.rawValue)), ("message", .string(violation.message)),
            ("line", .integer(p.line)), ("column", .integer(p.column)), ("endLine", .integer(p.endLine)), ("endColumn", .integer(p.endColumn)),
            ("byteOffset", .integer(p.byteOffset)), ("byteLength", .integer(p.byteLength)),
            ("textRange", .object(JSONObject([
                ("utf8Offset", .integer(p.utf8Offset)), ("utf8Length", .integer(p.utf8Length)),
                ("utf16Offset", .integer(p.utf16Offset)), ("utf16Length", .integer(p.utf16Length)),
            ]))),
            ("fingerprint", .string(violation.fingerprint)),
            ("fix", .string(violation.fix.rawValue)),
        ]
        if p.member != nil { members.append(("document", .string(path))) }
        if let key = violation.key { members.append(("key", .string(key))) }
        if let expected = violation.expected {
            members.append(("expected", expected.text.map(JSONValue.string) ?? .null))
            members.append(("expectedKind", expected.kind.map(JSONValue.string) ?? .null))
        }
        if let actual = violation.actual {
            members.append(("actual", actual.text.map(JSONValue.string) ?? .null))
            members.append(("actualKind", actual.kind.map(JSONValue.string) ?? .null))
        }
        return members
    }
}

/// JSON text for reports: pretty-printed, keys sorted, `/` not escaped, a trailing newline, and what a terminal
/// would not show as itself escaped (`escapingInvisibles`).
enum JSONText {
    static let options = JSONWriter.Options(sortedKeys: true, escapeSlashes: false, prettyPrinted: true)

    static func write(_ value: JSONValue) -> String {
        // Reports hold only strings, integers, bools and nulls, which always write.
        guard let text = try? JSONWriter.string(value, options: options) else { return "{}\n" }
        return escapingInvisibles(text) + "\n"
    }

    /// `escapingInvisibles` over whole UTF-8 text: ASCII, as a report mostly is, passes untouched.
    static func escapingInvisibles(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(where: mayStartInvisible) else { return bytes }
        return Array(escapingInvisibles(String(decoding: bytes, as: UTF8.self)).utf8)
    }

    /// JSON `text` with every character past ASCII that `TerminalText` escapes (C1 controls, line and paragraph
    /// separators, bidirectional embeddings, overrides and isolates, U+FFFC) written as a `\uXXXX` escape: the
    /// same value, but a report read in a terminal or an editor cannot have a file name or message reordered or
    /// hidden by them. (C0 controls are escaped by the writer; outside strings JSON text is ASCII.)
    static func escapingInvisibles(_ text: String) -> String {
        // Told from the bytes first: a report mostly holds no byte that can start an invisible scalar.
        if text.utf8.withContiguousStorageIfAvailable({ !$0.contains(where: mayStartInvisible) }) == true { return text }
        guard text.unicodeScalars.contains(where: isInvisible) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        let hex = Array("0123456789abcdef")
        for scalar in text.unicodeScalars {
            guard isInvisible(scalar) else { out.unicodeScalars.append(scalar); continue }
            let v = Int(scalar.value)
            out += "\\u"
            for shift in [12, 8, 4, 0] { out.append(hex[(v >> shift) & 0xF]) }
        }
        return out
    }

    /// Whether a UTF-8 byte may start a scalar `isInvisible` names (past ASCII, and one `TerminalText` escapes).
    static func mayStartInvisible(_ byte: UInt8) -> Bool { byte >= 0x80 && TerminalText.mayStartEscape(byte) }

    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x80 && TerminalText.needsEscape(scalar)
    }
}

/// A report's JSON written a piece at a time, as `JSONText` writes it whole: values go through one pretty,
/// sorted-keys writer (so the pieces join to exactly `JSONText.write`'s text of the same value) and are handed to
/// the sink about 64 KiB at a time, always after a whole value, so no piece splits a character.
struct JSONStream {
    var writer = JSONWriter(options: JSONText.options)

    /// Appends a value (reports hold only strings, integers, bools and nulls, which always write).
    mutating func append(_ value: JSONValue) {
        try? writer.append(value)
    }

    /// Appends an object member whose key the caller writes in sorted order.
    mutating func member(_ key: String, _ value: JSONValue) {
        writer.appendKey(key)
        append(value)
    }

    /// Hands what was written to `sink` once there is enough of it.
    mutating func flush<Failure: Error>(to sink: ([UInt8]) throws(Failure) -> Void) throws(Failure) {
        guard writer.bytes.count >= 1 << 16 else { return }
        try sink(JSONText.escapingInvisibles(writer.takeBytes()))
    }

    /// Hands the rest to `sink`, with the trailing newline.
    mutating func finish<Failure: Error>(to sink: ([UInt8]) throws(Failure) -> Void) throws(Failure) {
        try sink(JSONText.escapingInvisibles(writer.takeBytes()) + [0x0A])
    }
}
