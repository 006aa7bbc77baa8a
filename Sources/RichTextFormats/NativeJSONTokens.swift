import StreamingJSON

/// A `JSONReader` with the helpers the document readers share: errors as `DocumentError`, building one value
/// as a `JSONValue` (with duplicate-key checks), and skipping a value.
struct NativeJSONTokens {
    var reader: JSONReader
    let bytes: [UInt8]
    /// A warning for each number built into a value that would not be written back with its value.
    var numberWarnings: [DocumentWarning] = []

    init(_ bytes: [UInt8], limits: JSONReader.Limits) {
        reader = JSONReader(bytes, limits: limits)
        self.bytes = bytes
    }

    /// Tokens of the one value that starts at `offset`; locations count from there.
    init(_ bytes: [UInt8], startingAt offset: Int, limits: JSONReader.Limits) {
        reader = JSONReader(bytes, startingAt: offset, limits: limits)
        self.bytes = bytes
    }

    /// The next token; the end of the document where a token is needed is an error saying what was expected.
    /// `expected` is worked out only for that error.
    mutating func next(expecting expected: @autoclosure () -> String) throws(DocumentError) -> JSONToken {
        let token: JSONToken?
        do { token = try reader.next() } catch { throw DocumentError(error) }
        guard let token else {
            let expected = expected()
            throw DocumentError(kind: .syntax(.unexpectedEnd), message: "expected \(expected), found end of input",
                                expected: expected, location: reader.currentLocation)
        }
        return token
    }

    /// Checks that nothing but whitespace follows the top-level value.
    mutating func finish() throws(DocumentError) {
        let token: JSONToken?
        do { token = try reader.next() } catch { throw DocumentError(error) }
        if let token {
            throw DocumentError(kind: .unexpectedStructure, message: "unexpected data after the document",
                                expected: "end of input", location: token.location)
        }
    }

    /// Reads the next token, which must be `kind` (a bracket: `.beginArray`, `.beginObject`); `expected` says
    /// what it opens in either error.
    mutating func open(_ kind: JSONToken.Kind, expecting expected: String) throws(DocumentError) {
        let token = try next(expecting: expected)
        guard token.kind == kind else { throw Self.unexpected(token, expected: expected) }
    }

    /// A structural error at `token`: `expected`, found whatever the token is.
    static func unexpected(_ token: JSONToken, expected: String) -> DocumentError {
        DocumentError(kind: .unexpectedStructure, message: "expected \(expected), found \(token.kind.word)",
                      expected: expected, location: token.location)
    }

    /// The value that starts with `first`, built as a `JSONValue`. Duplicate keys are errors. Depth is bounded
    /// by the reader's `maxDepth`, so the recursion is too. Numbers that would not be written back with their
    /// value add to `numberWarnings`.
    mutating func value(startingWith first: JSONToken) throws(DocumentError) -> JSONValue {
        switch first.kind {
        case .string(let s): return .string(s)
        case .integer(let i): return .integer(i)
        case .number(let d):
            if let warning = NativeJSONNumberSpelling.warning(literalAt: first.location, in: bytes, readAs: d) {
                numberWarnings.append(warning)
            }
            return .number(d)
        case .bool(let b): return .bool(b)
        case .null: return .null
        case .beginArray:
            var elements: [JSONValue] = []
            while true {
                let token = try next(expecting: "a value or ']'")
                if case .endArray = token.kind { return .array(elements) }
                elements.append(try value(startingWith: token))
            }
        case .beginObject:
            var object = JSONObject()
            while true {
                let token = try next(expecting: "a key or '}'")
                switch token.kind {
                case .endObject:
                    return .object(object)
                case .key(let key):
                    let valueToken = try next(expecting: "a value")
                    let member = try value(startingWith: valueToken)
                    if object[key] != nil {
                        throw DocumentError(kind: .duplicateKey(key), message: "duplicate key \(MessageText.quoted(key))",
                                            expected: "each key once per object", location: token.location)
                    }
                    object[key] = member
                default:
                    throw Self.unexpected(token, expected: "a key or '}'")
                }
            }
        case .endArray, .endObject, .key:
            throw Self.unexpected(first, expected: "a value")
        }
    }

    /// Skips the value that starts with `first`.
    mutating func skipValue(startingWith first: JSONToken) throws(DocumentError) {
        var depth = 0
        var token = first
        while true {
            switch token.kind {
            case .beginArray, .beginObject: depth += 1
            case .endArray, .endObject: depth -= 1
            default: break
            }
            if depth == 0 { return }
            token = try next(expecting: "the end of the value")
        }
    }
}

extension JSONToken.Kind {
    /// "a string", "'['", … for messages.
    var word: String {
        switch self {
        case .beginObject: return "'{'"
        case .endObject: return "'}'"
        case .beginArray: return "'['"
        case .endArray: return "']'"
        case .key(let k): return "the key \(MessageText.quoted(k, limit: 40))"
        case .string: return "a string"
        case .integer: return "an integer"
        case .number: return "a number"
        case .bool: return "a bool"
        case .null: return "null"
        }
    }
}
