import StreamingJSON

/// An error found while reading or writing a document, with where it happened and what was expected.
///
/// The file is the caller's to add: the error gives the line, column and byte offset inside the bytes it was
/// handed. Errors from the JSON tokenizer are carried through with their own location and message.
public struct DocumentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, by category.
    public enum Kind: Sendable, Hashable {
        /// The bytes are not well-formed JSON (the tokenizer's own category is kept).
        case syntax(JSONSyntaxError.Kind)
        /// Well-formed JSON, but not in the shape of the document format (a number where a run was expected).
        case unexpectedStructure
        /// A key the schema knows holds a value of the wrong type.
        case wrongValueType(key: String)
        /// A run names an attribute-table index that the table does not have.
        case unknownTableIndex(Int)
        /// The same key occurs twice in one object (attribute dictionaries, records, the top-level object).
        case duplicateKey(String)
        /// A required member is missing (`runs`, an image's `data`).
        case missingMember(String)
        /// A glyph, attachment range or image entry is inconsistent with the text or the image store.
        case invalidAttachment
        /// A value cannot be written in the format (a non-finite number, say).
        case unencodable
        /// Reading or writing a file failed.
        case fileSystem
        /// The bytes are not well-formed in a non-JSON format: unbalanced braces, truncated input, a bad hex digit
        /// (RTF), a bad size or entry table (flattened RTFD).
        case malformed
        /// The input asks for more than the reader's limits allow (nesting depth, a `\bin` length, a picture's
        /// size); reading stops with bounded memory.
        case limitExceeded
    }

    /// The category.
    public var kind: Kind
    /// A human message: what was expected and what was found.
    public var message: String
    /// What the reader expected at `location`, when that is the point of the error.
    public var expected: String?
    /// Where in the input the error was found; nil for errors with no place in the input (file system, writing).
    public var location: JSONLocation?

    /// An error.
    public init(kind: Kind, message: String, expected: String? = nil, location: JSONLocation? = nil) {
        self.kind = kind
        self.message = message
        self.expected = expected
        self.location = location
    }

    /// The tokenizer's error, carried through with its location and message.
    public init(_ syntax: JSONSyntaxError) {
        self.init(kind: .syntax(syntax.kind), message: syntax.message, location: syntax.location)
    }

    /// `line L, column C (byte B): message`, or just the message when the error has no location.
    public var description: String {
        guard let location else { return message }
        return "line \(location.line), column \(location.column) (byte \(location.byteOffset)): \(message)"
    }
}

/// Something a reader accepted but could not keep exactly, or had to interpret (a `null` attribute value, a
/// glyph without image data). Warnings never stop a read; callers show or lint them.
public struct DocumentWarning: Sendable, Hashable, CustomStringConvertible {
    /// What happened.
    public var message: String
    /// Where in the input.
    public var location: JSONLocation?
    /// Whether writing the document back would change what the input says here (a number the reader cannot
    /// hold exactly): a rewrite in place, such as `fmtcheck --fix`, must not happen.
    public var changesOnRewrite: Bool

    /// A warning.
    public init(message: String, location: JSONLocation? = nil, changesOnRewrite: Bool = false) {
        self.message = message
        self.location = location
        self.changesOnRewrite = changesOnRewrite
    }

    /// `line L, column C: message`, or just the message.
    public var description: String {
        guard let location else { return message }
        return "line \(location.line), column \(location.column): \(message)"
    }
}

extension DocumentWarning {
    /// What every writer says of a glyph or attachment whose image its store lacks: only the reference is
    /// written, never an image table that silently misses it.
    public static func imageWithoutBytes(_ contentIdentifier: String) -> DocumentWarning {
        DocumentWarning(message: "the image \(MessageText.quoted(contentIdentifier)) has no bytes in the image store; only its reference is written")
    }
}
