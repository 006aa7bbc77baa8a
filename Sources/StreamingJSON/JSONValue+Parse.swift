// Parsing bytes into `JSONValue` trees.

struct JSONValueBuilder: JSONTreeBuilder {
    @inline(__always)
    func scalar(_ kind: JSONToken.Kind, _ location: JSONLocation) -> JSONValue {
        switch kind {
        case .string(let s): return .string(s)
        case .integer(let i): return .integer(i)
        case .number(let d): return .number(d)
        case .bool(let b): return .bool(b)
        default: return .null
        }
    }

    func array(_ elements: ArraySlice<JSONValue>, _ location: JSONLocation) -> JSONValue {
        .array(Array(elements))
    }

    func object(keys: ArraySlice<String>, keyLocations: ArraySlice<JSONLocation>, values: ArraySlice<JSONValue>, _ location: JSONLocation) -> JSONValue {
        .object(JSONObject(uniqueKeys: Array(keys), values: Array(values)))
    }
}

extension JSONValue {
    /// Parses one complete JSON document from UTF-8 bytes.
    ///
    /// Iterative (no recursion): deep nesting fails with `.nestingTooDeep`
    /// according to `limits`. Duplicate keys fail with `.duplicateKey` at the
    /// second occurrence. A leading BOM is skipped; trailing non-whitespace
    /// fails with `.trailingData`.
    public static func parse(_ bytes: [UInt8], limits: JSONReader.Limits = JSONReader.Limits()) throws(JSONSyntaxError) -> JSONValue {
        try buildJSONTree(JSONValueBuilder(), bytes, limits: limits)
    }

    /// Parses one complete JSON document from a borrowed buffer of UTF-8 bytes (zero-copy).
    public static func parse(_ buffer: UnsafeRawBufferPointer, limits: JSONReader.Limits = JSONReader.Limits()) throws(JSONSyntaxError) -> JSONValue {
        try buildJSONTree(JSONValueBuilder(), buffer, limits: limits)
    }

    /// Parses one complete JSON document from a string's UTF-8 contents.
    public static func parse(_ text: String, limits: JSONReader.Limits = JSONReader.Limits()) throws(JSONSyntaxError) -> JSONValue {
        try buildJSONTree(JSONValueBuilder(), text, limits: limits)
    }

    /// Parses a document and records the location of every value (see `LocatedJSON`).
    public static func parseWithLocations(_ bytes: [UInt8], limits: JSONReader.Limits = JSONReader.Limits()) throws(JSONSyntaxError) -> LocatedJSON {
        try buildJSONTree(LocatedJSONBuilder(), bytes, limits: limits)
    }

    /// Parses a borrowed buffer and records the location of every value (see `LocatedJSON`).
    public static func parseWithLocations(_ buffer: UnsafeRawBufferPointer, limits: JSONReader.Limits = JSONReader.Limits()) throws(JSONSyntaxError) -> LocatedJSON {
        try buildJSONTree(LocatedJSONBuilder(), buffer, limits: limits)
    }

    /// Parses a string's UTF-8 contents and records the location of every value (see `LocatedJSON`).
    public static func parseWithLocations(_ text: String, limits: JSONReader.Limits = JSONReader.Limits()) throws(JSONSyntaxError) -> LocatedJSON {
        try buildJSONTree(LocatedJSONBuilder(), text, limits: limits)
    }
}

// One path from each input form to a builder: `parse` and `parseWithLocations` differ only in the builder.

/// Runs `builder` over the bytes of an array.
private func buildJSONTree<B: JSONTreeBuilder>(_ builder: B, _ bytes: [UInt8], limits: JSONReader.Limits) throws(JSONSyntaxError) -> B.Node {
    try bytes.withUnsafeBufferPointer { (buf) throws(JSONSyntaxError) -> B.Node in
        try buildJSONTree(builder, UnsafeRawBufferPointer(buf), limits: limits)
    }
}

/// Runs `builder` over a borrowed buffer (zero-copy).
private func buildJSONTree<B: JSONTreeBuilder>(_ builder: B, _ buffer: UnsafeRawBufferPointer, limits: JSONReader.Limits) throws(JSONSyntaxError) -> B.Node {
    try withJSONBytes(buffer) { (p, n) throws(JSONSyntaxError) -> B.Node in
        try buildJSONTree(builder, p, n, limits: limits)
    }
}

/// Runs `builder` over a string's UTF-8 contents.
private func buildJSONTree<B: JSONTreeBuilder>(_ builder: B, _ text: String, limits: JSONReader.Limits) throws(JSONSyntaxError) -> B.Node {
    try withUTF8Bytes(of: text) { (raw) throws(JSONSyntaxError) -> B.Node in
        try buildJSONTree(builder, raw, limits: limits)
    }
}

/// Calls `body` with the UTF-8 bytes of `text` (without copying when the string is native).
private func withUTF8Bytes<R>(of text: String, _ body: (UnsafeRawBufferPointer) throws(JSONSyntaxError) -> R) throws(JSONSyntaxError) -> R {
    var text = text
    let result: Result<R, JSONSyntaxError> = text.withUTF8 { buf in
        Result { () throws(JSONSyntaxError) -> R in try body(UnsafeRawBufferPointer(buf)) }
    }
    return try result.get()
}
