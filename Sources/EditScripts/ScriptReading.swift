import RichText
import RichTextFormats
import StreamingJSON

/// How `EditScript.parse` reads a line's attribute values and pasted documents from their JSON.
///
/// `exact` reads them as `ScriptStep.jsonLine` writes them (`ScriptValueJSON`): each value with its own kind,
/// wrong-typed ones included, and a document in any other layout as native JSON. `fmtcheck replay` reads
/// untagged values and documents under its definition instead (`ScriptReplayer.reading`), for hand-written
/// scripts. Lines, ops, offsets and units are read the same way whichever reading is used.
public struct ScriptReading {
    /// The value a line's JSON stands for, set on the named key; nil for `null` and for JSON that is no value.
    public var value: (_ key: String, _ json: JSONValue) -> AttributeValue?
    /// The document a line's `"document"` stands for; throws why it is none.
    public var document: (_ json: JSONValue) throws -> RichString

    /// A reading from its two parts.
    public init(value: @escaping (_ key: String, _ json: JSONValue) -> AttributeValue?,
                document: @escaping (_ json: JSONValue) throws -> RichString) {
        self.value = value
        self.document = document
    }

    /// Values and documents exactly as the harness writes them; documents in another layout as native JSON.
    public static var exact: ScriptReading {
        ScriptReading(value: { _, json in ScriptValueJSON.value(from: json) }, document: { json in
            if let typed = ScriptValueJSON.document(from: json) { return typed }
            return try NativeJSONDecoder().decode(try JSONWriter.write(json)).document
        })
    }
}
