import Foundation
import RichText
import StreamingJSON

/// Reads documents in Foundation's `AttributedString` Codable layout, with a streaming byte-level reader.
///
/// All three of Foundation's forms are accepted:
/// - a bare JSON string (no attributes);
/// - a flat array alternating run text and attribute dictionaries: `["Hello ",{},"world",{"NSLink":{…}}]`;
/// - the table form `{"runs":[text, tableIndex | {…}, …],"attributeTable":[{…}, …]}`, members in any order.
///
/// The table form may also carry `"imageGlyphs"`, the images of the document's adaptive image glyphs (see
/// `NativeJSONEncoder` and FORMATS.md). Other top-level members are skipped with a warning, as Foundation's
/// decoder ignores them.
///
/// Attribute values are read with the schema's codec for their key; keys the schema does not know keep plain
/// JSON. A `null` attribute value means the key is absent (with a warning). The decoded document goes through
/// `enforceBehaviors()`, and what it changed is returned in `DecodedDocument.adjustments`.
///
/// Invalid UTF-8, truncated input, deep nesting (past `limits.maxDepth`), over-long strings (past
/// `limits.maxStringBytes`) and duplicate keys are `DocumentError`s with a location, never crashes.
public struct NativeJSONDecoder: Sendable {
    /// The keys the decoder knows.
    public var schema: NativeJSONSchema
    /// The tokenizer's limits.
    public var limits: JSONReader.Limits

    /// A decoder for `schema`; nesting is limited to 256 levels by default.
    public init(schema: NativeJSONSchema = .standard, limits: JSONReader.Limits = JSONReader.Limits(maxDepth: 256)) {
        self.schema = schema
        self.limits = limits
    }

    /// Decodes a document from its bytes.
    public func decode(_ bytes: [UInt8]) throws(DocumentError) -> DecodedDocument {
        // Well-formed documents that need no warning take the fast path; anything else is read again by the
        // token reader, which says exactly what is wrong and where.
        if let fast = NativeJSONFastReader.read(bytes, schema: schema, limits: limits) {
            return fast.decoded()
        }
        var state = NativeJSONDecoding(bytes: bytes, schema: schema, limits: limits)
        return try state.run()
    }

    /// Decodes a document from `data`.
    public func decode(_ data: Data) throws(DocumentError) -> DecodedDocument {
        try decode([UInt8](data))
    }

    /// Decodes a document from JSON text.
    public func decode(_ text: String) throws(DocumentError) -> DecodedDocument {
        try decode(Array(text.utf8))
    }
}

/// The state of one decode.
struct NativeJSONDecoding {
    /// A run's attributes as written: a dictionary, or an index into the attribute table.
    enum RunAttributes {
        case set(AttributeSet)
        case tableIndex(Int, JSONLocation)
    }

    var tokens: NativeJSONTokens
    let schema: NativeJSONSchema
    var text = ""
    var runs: [(utf8Count: Int, attributes: RunAttributes)] = []
    var images = ImageStore()
    var warnings: [DocumentWarning] = []
    /// Each run text token: where its text starts and where its opening quote is.
    var pieces: [SourceMap.Piece] = []

    init(bytes: [UInt8], schema: NativeJSONSchema, limits: JSONReader.Limits) {
        tokens = NativeJSONTokens(bytes, limits: limits)
        self.schema = schema
    }

    /// A decoding of the one value at `offset` of `bytes`, for the fast path's attribute dictionaries.
    init(bytes: [UInt8], startingAt offset: Int, schema: NativeJSONSchema, limits: JSONReader.Limits) {
        tokens = NativeJSONTokens(bytes, startingAt: offset, limits: limits)
        self.schema = schema
    }

    static let topLevelExpectation = "a string, an array of runs, or an object with \"runs\""

    mutating func run() throws(DocumentError) -> DecodedDocument {
        let first = try tokens.next(expecting: Self.topLevelExpectation)
        var table: [AttributeSet]? = nil
        switch first.kind {
        case .string(let s):
            text = s
            runs = [(s.utf8.count, .set(.empty))]
            pieces = [SourceMap.Piece(textOffset: 0, fileOffset: first.location.byteOffset, spelling: .jsonString)]
        case .beginArray:
            try readRuns(tableIndices: false)  // `["text", {attrs}, …]`
        case .beginObject:
            table = try readTableForm(openedAt: first.location)
        default:
            throw NativeJSONTokens.unexpected(first, expected: Self.topLevelExpectation)
        }
        try tokens.finish()

        var resolved: [DocumentRun] = []
        resolved.reserveCapacity(runs.count)
        for run in runs {
            switch run.attributes {
            case .set(let set):
                resolved.append(DocumentRun(utf8Count: run.utf8Count, attributes: set))
            case .tableIndex(let index, let location):
                guard let table, index >= 0, index < table.count else {
                    let size = table?.count ?? 0
                    throw DocumentError(
                        kind: .unknownTableIndex(index),
                        message: "attribute table index \(index) is out of range: the table has \(size) entr\(size == 1 ? "y" : "ies")",
                        expected: size == 0 ? "an attribute dictionary" : "a table index from 0 to \(size - 1)",
                        location: location)
                }
                resolved.append(DocumentRun(utf8Count: run.utf8Count, attributes: table[index]))
            }
        }
        return assemble(text: text, runs: resolved)
    }

    /// The document from its text and resolved runs: glyph checks, then the behaviour fix-up.
    mutating func assemble(text: String, runs: [DocumentRun]) -> DecodedDocument {
        checkGlyphImages(runs)
        var document = RichString.assembling(text, runs: runs)
        let adjustments = document.enforceBehaviors()
        var decoded = DecodedDocument(document: document, images: images, adjustments: adjustments, warnings: warnings,
                                      sourceMap: pieces.isEmpty ? nil : SourceMap(pieces: pieces))
        GlyphIdentityFromImages.adopt(in: &decoded)
        return decoded
    }

    // MARK: Forms

    /// `{"runs": …, "attributeTable": …, "imageGlyphs": …}` after its `{`; returns the attribute table.
    mutating func readTableForm(openedAt location: JSONLocation) throws(DocumentError) -> [AttributeSet]? {
        var seen: Set<String> = []
        var table: [AttributeSet]? = nil
        while true {
            let token = try tokens.next(expecting: "\"runs\", \"attributeTable\" or '}'")
            let key: String
            switch token.kind {
            case .endObject:
                guard seen.contains("runs") else {
                    throw DocumentError(kind: .missingMember("runs"), message: "the document object has no \"runs\" member",
                                        expected: "a \"runs\" member", location: token.location)
                }
                return table
            case .key(let k):
                key = k
            default:
                throw NativeJSONTokens.unexpected(token, expected: "\"runs\", \"attributeTable\" or '}'")
            }
            guard seen.insert(key).inserted else {
                throw DocumentError(kind: .duplicateKey(key), message: "duplicate key \(MessageText.quoted(key)) in the document object",
                                    expected: "each key once per object", location: token.location)
            }
            switch key {
            case "runs":
                try readTableRuns()
            case "attributeTable":
                table = try readAttributeTable()
            case "imageGlyphs":
                try readImageGlyphs()
            default:
                warnings.append(DocumentWarning(message: "unknown member \(MessageText.quoted(key)) skipped", location: token.location))
                let value = try tokens.next(expecting: "a value")
                try tokens.skipValue(startingWith: value)
            }
        }
    }

    /// The `runs` array of the table form: text, then a table index or an attribute dictionary.
    mutating func readTableRuns() throws(DocumentError) {
        try tokens.open(.beginArray, expecting: "an array of runs")
        try readRuns(tableIndices: true)
    }

    /// Runs up to the `]` that ends them (the flat form's, after its `[`): run text, then an attribute dictionary or, with `tableIndices`, an
    /// attribute table index.
    private mutating func readRuns(tableIndices: Bool) throws(DocumentError) {
        let afterText = tableIndices ? "an attribute table index or an attribute dictionary after run text"
                                     : "an attribute dictionary after run text"
        while true {
            let token = try tokens.next(expecting: "run text (a string) or ']'")
            switch token.kind {
            case .endArray:
                return
            case .string(let s):
                let attributesToken = try tokens.next(expecting: afterText)
                switch attributesToken.kind {
                case .integer(let index) where tableIndices:
                    appendRun(s, .tableIndex(index, attributesToken.location), at: token.location)
                case .beginObject:
                    appendRun(s, .set(try readAttributes()), at: token.location)
                default:
                    throw NativeJSONTokens.unexpected(attributesToken, expected: afterText)
                }
            default:
                throw NativeJSONTokens.unexpected(token, expected: "run text (a string) or ']'")
            }
        }
    }

    /// The `attributeTable` array: attribute dictionaries.
    mutating func readAttributeTable() throws(DocumentError) -> [AttributeSet] {
        try tokens.open(.beginArray, expecting: "an array of attribute dictionaries")
        var table: [AttributeSet] = []
        while true {
            let token = try tokens.next(expecting: "an attribute dictionary or ']'")
            switch token.kind {
            case .endArray: return table
            case .beginObject: table.append(try readAttributes())
            default: throw NativeJSONTokens.unexpected(token, expected: "an attribute dictionary or ']'")
            }
        }
    }

    /// `"imageGlyphs": {id: {"contentDescription": …, "contentType": …, "data": base64}}`.
    mutating func readImageGlyphs() throws(DocumentError) {
        try tokens.open(.beginObject, expecting: "an object of glyph images")
        while true {
            let token = try tokens.next(expecting: "a content identifier or '}'")
            switch token.kind {
            case .endObject:
                return
            case .key(let id):
                let valueToken = try tokens.next(expecting: "a glyph image object")
                let value = try tokens.value(startingWith: valueToken)
                if images[id] != nil {
                    throw DocumentError(kind: .duplicateKey(id), message: "duplicate glyph image \(MessageText.quoted(id))",
                                        expected: "each content identifier once", location: token.location)
                }
                images.insert(try Self.glyphImage(value, at: valueToken.location), for: id)
            default:
                throw NativeJSONTokens.unexpected(token, expected: "a content identifier or '}'")
            }
        }
    }

    static func glyphImage(_ value: JSONValue, at location: JSONLocation) throws(DocumentError) -> ImageStore.Image {
        let expected = "{\"contentDescription\": string, \"contentType\": string, \"data\": base64 string}"
        guard case .object(let object) = value else {
            throw DocumentError(kind: .invalidAttachment, message: "expected a glyph image object \(expected), found \(value.kindWord)",
                                expected: expected, location: location)
        }
        guard case .string(let encoded)? = object["data"] else {
            throw DocumentError(kind: .missingMember("data"), message: "the glyph image has no base64 string \"data\"",
                                expected: expected, location: location)
        }
        guard let data = Data(base64Encoded: encoded) else {
            throw DocumentError(kind: .invalidAttachment, message: "the glyph image's \"data\" is not valid base64",
                                expected: "base64 data", location: location)
        }
        var fields: [String: String] = [:]
        for name in ["contentDescription", "contentType"] {
            switch object[name] {
            case .string(let s)?: fields[name] = s
            case nil: break
            case let other?:
                throw DocumentError(kind: .invalidAttachment, message: "expected a string for the glyph image's \"\(name)\", found \(other.kindWord)",
                                    expected: "a string", location: location)
            }
        }
        return ImageStore.Image(data: data, contentType: fields["contentType"] ?? "public.heic",
                                contentDescription: fields["contentDescription"] ?? "")
    }

    // MARK: Runs and attributes

    mutating func appendRun(_ s: String, _ attributes: RunAttributes, at location: JSONLocation) {
        let count = s.utf8.count
        guard count > 0 else { return }
        pieces.append(SourceMap.Piece(textOffset: text.utf8.count, fileOffset: location.byteOffset, spelling: .jsonString))
        text += s
        runs.append((count, attributes))
    }

    /// An attribute dictionary after its `{`.
    mutating func readAttributes() throws(DocumentError) -> AttributeSet {
        var entries: [AttributeEntry] = []
        var names: Set<String> = []
        while true {
            let token = try tokens.next(expecting: "an attribute name or '}'")
            let name: String
            switch token.kind {
            case .endObject: return entries.isEmpty ? .empty : AttributeSet(entries)
            case .key(let k): name = k
            default: throw NativeJSONTokens.unexpected(token, expected: "an attribute name or '}'")
            }
            let valueToken = try tokens.next(expecting: "a value for attribute \(MessageText.quoted(name))")
            let json = try tokens.value(startingWith: valueToken)
            guard names.insert(name).inserted else {
                throw DocumentError(kind: .duplicateKey(name), message: "duplicate attribute \(MessageText.quoted(name))",
                                    expected: "each attribute once per dictionary", location: token.location)
            }
            if json.isNull {
                warnings.append(DocumentWarning(message: "attribute \(MessageText.quoted(name)) is null; read as absent", location: valueToken.location))
                continue
            }
            let key = schema.key(named: name)
            var notes: [String] = []
            let value: AttributeValue
            do {
                value = try key.codec.decode(json, notes: &notes)
            } catch {
                throw DocumentError(kind: .wrongValueType(key: name), message: "attribute \(MessageText.quoted(name)): \(error.message)",
                                    expected: key.codec.expectation, location: valueToken.location)
            }
            for note in notes {
                warnings.append(DocumentWarning(message: "attribute \(MessageText.quoted(name)): \(note)", location: valueToken.location))
            }
            warnings += tokens.numberWarnings
            tokens.numberWarnings.removeAll()
            if case .integer = json, case .number(let d) = value,
               let warning = NativeJSONNumberSpelling.warning(literalAt: valueToken.location, in: tokens.bytes, readAs: d) {
                warnings.append(warning) // an integer a number-typed key widens to a Double that is not it
            }
            entries.append(AttributeEntry(name: name, value: value, behavior: key.descriptor.behavior))
        }
    }

    /// Warns about glyphs whose images the document does not carry, and images no glyph uses.
    mutating func checkGlyphImages(_ runs: [DocumentRun]) {
        var used: Set<String> = []
        var missing: [String] = []
        for run in runs {
            for entry in run.attributes.entries {
                guard case .imageGlyph(let glyph) = entry.value, used.insert(glyph.contentIdentifier).inserted else { continue }
                if images[glyph.contentIdentifier] == nil { missing.append(glyph.contentIdentifier) }
            }
        }
        for id in missing {
            warnings.append(DocumentWarning(message: "the glyph \(MessageText.quoted(id)) has no image data in this document"))
        }
        for id in images.identifiers where !used.contains(id) {
            warnings.append(DocumentWarning(message: "the glyph image \(MessageText.quoted(id)) is not used by any glyph; kept"))
        }
    }
}
