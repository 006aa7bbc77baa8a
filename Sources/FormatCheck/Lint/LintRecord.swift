import StreamingJSON

/// One record of a `--records` stream: a line of JSON Lines,
/// `{"id": "…", "document": <native JSON document>}`, with optionally `"format": "rtf"` (the document is then a
/// string of RTF text) and `"definition": "path"` (the definition to lint it against instead of the run's).
/// Other members are kept as they are (a `--fix` writes them back unchanged).
///
/// The line is read once, structurally: the members around the document are parsed, the document itself is only
/// delimited (its reader parses it, and says where it is malformed), so a record costs little more than its
/// document.
struct LintRecord {
    /// The record's `id`: a string or an integer, written back as it was given.
    var id: JSONValue
    /// `native` or `rtf`.
    var format: DocumentFormat
    /// The record's own definition file, if it names one.
    var definition: String?
    /// Where the document's value is in the line: the JSON of a native document, the string token (quotes
    /// included) of an RTF text.
    var document: Range<Int>

    /// Why a line is not a record, and where in it (a 1-based column, in Unicode scalars).
    struct Problem: Error {
        var message: String
        var byteOffset: Int
        /// The id, when the line got as far as having one.
        var id: JSONValue?
    }

    /// Reads the record of `line` (its bytes, without the line break).
    static func parse(_ line: [UInt8]) throws(Problem) -> LintRecord {
        var scanner = RecordScanner(bytes: line)
        var id: JSONValue?
        var format = DocumentFormat.native
        var definition: String?
        var document: Range<Int>?
        func problem(_ message: String, at offset: Int) -> Problem { Problem(message: message, byteOffset: offset, id: id) }
        scanner.skipSpace()
        guard scanner.peek == UInt8(ascii: "{") else {
            throw problem(scanner.atEnd ? "the line is empty" : "a record is a JSON object ({\"id\": …, \"document\": …})", at: scanner.position)
        }
        scanner.position += 1
        var first = true
        var seen: Set<String> = []
        while true {
            scanner.skipSpace()
            if scanner.peek == UInt8(ascii: "}") && first { scanner.position += 1; break }
            let keyStart = scanner.position
            guard scanner.peek == UInt8(ascii: "\""), let keyEnd = scanner.stringEnd(from: keyStart) else {
                throw problem("expected a member name in quotes", at: keyStart)
            }
            guard case .string(let key)? = try? JSONValue.parse(Array(line[keyStart..<keyEnd])) else {
                throw problem("the member name is not a valid JSON string", at: keyStart)
            }
            scanner.position = keyEnd
            scanner.skipSpace()
            guard scanner.peek == UInt8(ascii: ":") else { throw problem("expected ':' after \"\(key)\"", at: scanner.position) }
            scanner.position += 1
            scanner.skipSpace()
            let valueStart = scanner.position
            guard let valueEnd = scanner.valueEnd(from: valueStart) else {
                let opens = scanner.peek.map { [UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\"")].contains($0) } ?? true
                throw problem(opens ? "the line ends inside the value of \"\(key)\"" : "expected a value for \"\(key)\"", at: valueStart)
            }
            guard seen.insert(key).inserted else { throw problem("\"\(key)\" is given twice", at: keyStart) }
            switch key {
            case "document":
                document = valueStart..<valueEnd
            case "id", "format", "definition":
                let value: JSONValue
                do {
                    value = try JSONValue.parse(Array(line[valueStart..<valueEnd]))
                } catch {
                    throw problem("the value of \"\(key)\" is not valid JSON: \(error.kind)", at: valueStart + max(0, error.location.byteOffset))
                }
                switch (key, value) {
                case ("id", .string), ("id", .integer): id = value
                case ("id", _): throw problem("\"id\" must be a string or an integer", at: valueStart)
                case ("format", .string(let name)):
                    switch name.lowercased() {
                    case "json", "native": format = .native
                    case "rtf": format = .rtf
                    default: throw problem("\"format\" \"\(name)\" is not a record format: \"json\" (a native document) or \"rtf\" (a string of RTF)", at: valueStart)
                    }
                case ("definition", .string(let path)) where !path.isEmpty: definition = path
                default: throw problem("\"\(key)\" must be a string", at: valueStart)
                }
            default:
                // Other members are the record's own: only checked to be JSON, which the document's delimiting
                // needs anyway.
                guard (try? JSONValue.parse(Array(line[valueStart..<valueEnd]))) != nil else {
                    throw problem("the value of \"\(key)\" is not valid JSON", at: valueStart)
                }
            }
            scanner.position = valueEnd
            first = false
            scanner.skipSpace()
            if scanner.peek == UInt8(ascii: ",") { scanner.position += 1; continue }
            if scanner.peek == UInt8(ascii: "}") { scanner.position += 1; break }
            throw problem(scanner.atEnd ? "the line ends inside the record" : "expected ',' or '}' after the value of \"\(key)\"", at: scanner.position)
        }
        scanner.skipSpace()
        guard scanner.atEnd else { throw problem("the line goes on after the record: one record a line", at: scanner.position) }
        guard let id else { throw problem("the record has no \"id\"", at: 0) }
        guard let document else { throw problem("the record has no \"document\"", at: 0) }
        if format == .rtf && line[document.lowerBound] != UInt8(ascii: "\"") {
            throw problem("an RTF record's \"document\" is a string of RTF text", at: document.lowerBound)
        }
        return LintRecord(id: id, format: format, definition: definition, document: document)
    }
}

/// Delimits JSON values in a line without decoding them: strings are skipped past their escapes, containers to
/// their matching bracket.
struct RecordScanner {
    var bytes: [UInt8]
    var position = 0

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }

    var atEnd: Bool { position >= bytes.count }
    var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func skipSpace() {
        while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
    }

    /// The offset after the string token whose quote is at `start`, or nil when the line ends inside it.
    func stringEnd(from start: Int) -> Int? {
        var i = start + 1
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\\"): i += 2
            case UInt8(ascii: "\""): return i + 1
            default: i += 1
            }
        }
        return nil
    }

    /// The offset after the value that starts at `start`: a string, a container to its matching bracket, or a
    /// scalar to the next delimiter. Nil when there is none or the line ends inside it.
    func valueEnd(from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        switch bytes[start] {
        case UInt8(ascii: "\""):
            return stringEnd(from: start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var i = start
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\""):
                    guard let end = stringEnd(from: i) else { return nil }
                    i = end
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return i + 1 }
                default: break
                }
                i += 1
            }
            return nil
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ":"):
            return nil
        default:
            var i = start
            while i < bytes.count, !Self.isSpace(bytes[i]), bytes[i] != UInt8(ascii: ","), bytes[i] != UInt8(ascii: "}"), bytes[i] != UInt8(ascii: "]") { i += 1 }
            return i
        }
    }
}
