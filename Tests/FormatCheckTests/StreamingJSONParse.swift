import StreamingJSON

/// A thin wrapper so tests can parse JSON text without naming the typed-throws signature each time.
enum StreamingJSONParse {
    static func parse(_ text: String) throws -> JSONValue { try JSONValue.parse(text) }
}
