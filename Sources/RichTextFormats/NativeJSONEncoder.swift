import Foundation
import RichText
import StreamingJSON

/// Writes documents in Foundation's `AttributedString` Codable layout, byte for byte as Foundation's
/// `JSONEncoder` with `.sortedKeys` writes them.
///
/// - No attributes at all: a bare string (`"plain"`; the empty document is `""`).
/// - Up to 10 runs: the flat array `["Hello ",{},"world",{"NSLink":{"relative":"https:\/\/swift.org"}}]`. A
///   run with no attributes is `{}`.
/// - More runs: `{"attributeTable":[{…},…],"runs":["text",0,"text",{},…]}`. Each distinct non-empty attribute
///   set is a table entry, numbered in order of first appearance; a run with no attributes is `{}`, not an
///   index.
///
/// **Adaptive image glyphs.** A document with any `.imageGlyph` value is always written in the table form,
/// with one more member holding each glyph's image once (per content identifier, per document):
///
/// ```
/// {"attributeTable":[{"adaptiveImageGlyph":{"contentDescription":"cat","contentIdentifier":"ID","contentType":"public.heic"}}],
///  "imageGlyphs":{"ID":{"contentDescription":"cat","contentType":"public.heic","data":"<base64>"}},
///  "runs":["\u{FFFC}",0]}
/// ```
///
/// Foundation's decoder ignores the extra member, so the text and the other attributes still read there.
/// Documents without glyphs or images never get it, so the Foundation layouts stay byte-identical. Images no
/// glyph uses are written too (a document read with one, or whose glyph a fix removed, keeps it: nothing read
/// is dropped in silence), which also puts a document with images but no glyphs in the table form.
///
/// Values are written by kind: strings, integers, numbers, bools, lists and records as JSON; colours as
/// `#rrggbb[aa]` (or a `{"red",…}` record when hex would lose precision); URLs as Foundation's
/// `{"relative":"…"}` (with `"base"` when the URL has one); data as base64; glyphs as their reference.
public struct NativeJSONEncoder: Sendable {
    /// Runs past which the table form is used (Foundation's threshold).
    public static let flatRunLimit = 10

    /// An encoder.
    public init() {}

    /// A document encoded, with what the encoding did not keep.
    public struct Output: Sendable {
        /// The native JSON.
        public var bytes: [UInt8]
        /// One warning for each glyph written without an image (`DocumentWarning.imageWithoutBytes`), and for each
        /// Genmoji whose description differs from its image's (the image is written as it came).
        public var warnings: [DocumentWarning]
    }

    /// `encode(_:images:)`, saying which glyphs `images` has no image for (they are written without one), as
    /// the RTF writer says it: what an editor saving a document, or `fmtcheck --fix`, must report.
    public func write(_ document: RichString, images: ImageStore) throws(DocumentError) -> Output {
        Output(bytes: try encode(document, images: images),
               warnings: images.glyphsWithoutImage(in: document).map(DocumentWarning.imageWithoutBytes)
                   + GlyphIdentityFromImages.editedDescriptions(in: document, images: images))
    }

    /// The document as native JSON, with every image of `images` (used by a glyph or not); glyphs whose image
    /// `images` lacks are written without one (`write(_:images:)` says which).
    public func encode(_ document: RichString, images: ImageStore = ImageStore()) throws(DocumentError) -> [UInt8] {
        var writer = JSONWriter(options: JSONWriter.Options(sortedKeys: true))
        let runs = document.textRuns
        // The distinct non-empty sets in order of first use (the attribute table), so that what is asked of a set
        // is asked once, not once a run.
        var table: [AttributeSet: Int] = [:]
        var order: [AttributeSet] = []
        for run in runs where !run.attributes.isEmpty && table[run.attributes] == nil {
            table[run.attributes] = order.count
            order.append(run.attributes)
        }
        var glyphIDs: Set<String> = []
        for attributes in order {
            for entry in attributes.entries {
                if case .imageGlyph(let glyph) = entry.value { glyphIDs.insert(glyph.contentIdentifier) }
            }
        }
        let plainLayout = glyphIDs.isEmpty && images.isEmpty
        if plainLayout && (runs.isEmpty || (runs.count == 1 && runs[0].attributes.isEmpty)) {
            writer.appendString(runs.first.map { String($0.text) } ?? "")
            return writer.bytes
        }
        if plainLayout && runs.count <= Self.flatRunLimit {
            writer.beginArray()
            for run in runs {
                writer.appendString(String(run.text))
                try Self.appendAttributes(run.attributes, to: &writer)
            }
            writer.endArray()
            return writer.bytes
        }
        writer.beginObject()
        writer.appendKey("attributeTable")
        writer.beginArray()
        for attributes in order { try Self.appendAttributes(attributes, to: &writer) }
        writer.endArray()
        if !plainLayout {
            writer.appendKey("imageGlyphs")
            writer.beginObject()
            for id in glyphIDs.union(images.identifiers).sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                guard let image = images[id] else { continue }
                writer.appendKey(id)
                writer.appendImage(image, bytes: "data", image.data.base64EncodedString())
            }
            writer.endObject()
        }
        writer.appendKey("runs")
        writer.beginArray()
        for run in runs {
            writer.appendString(String(run.text))
            if let index = table[run.attributes] {
                writer.appendInteger(index)
            } else {
                writer.beginObject()
                writer.endObject()
            }
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }

    /// The document as native JSON text.
    public func encodeString(_ document: RichString, images: ImageStore = ImageStore()) throws(DocumentError) -> String {
        String(decoding: try encode(document, images: images), as: UTF8.self)
    }

    /// One attribute value as the writer spells it for `key` (colours as `"#rrggbb"`, URLs in Foundation's
    /// layout), for writers that patch a document in place rather than write it whole.
    public static func valueBytes(_ value: AttributeValue, key: String) throws(DocumentError) -> [UInt8] {
        var writer = JSONWriter()
        try appendValue(value, key: key, to: &writer)
        return writer.bytes
    }

    /// A string (a key, a run's text) as the writer spells it.
    public static func stringBytes(_ string: String) -> [UInt8] {
        var writer = JSONWriter()
        writer.appendString(string)
        return writer.bytes
    }

    static func appendAttributes(_ attributes: AttributeSet, to writer: inout JSONWriter) throws(DocumentError) {
        writer.beginObject()
        for entry in attributes.entries.sorted(by: { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }) {
            writer.appendKey(entry.name)
            try appendValue(entry.value, key: entry.name, to: &writer)
        }
        writer.endObject()
    }

    static func appendValue(_ value: AttributeValue, key: String, to writer: inout JSONWriter) throws(DocumentError) {
        switch value {
        case .string(let s): writer.appendString(s)
        case .integer(let i): writer.appendInteger(i)
        case .number(let d): try appendNumber(d, key: key, to: &writer)
        case .bool(let b): writer.appendBool(b)
        case .color(let c):
            if RichColor(hex: c.hex) == c {
                writer.appendString(c.hex)
            } else {
                writer.beginObject()
                for (name, component) in [("alpha", c.alpha), ("blue", c.blue), ("green", c.green), ("red", c.red)] {
                    writer.appendKey(name)
                    try appendNumber(component, key: key, to: &writer)
                }
                writer.endObject()
            }
        case .url(let url): appendURL(url, to: &writer)
        case .data(let data): writer.appendString(data.base64EncodedString())
        case .imageGlyph(let glyph):
            writer.beginObject()
            writer.appendKey("contentDescription")
            writer.appendString(glyph.contentDescription)
            writer.appendKey("contentIdentifier")
            writer.appendString(glyph.contentIdentifier)
            writer.appendKey("contentType")
            writer.appendString(glyph.contentType)
            writer.endObject()
        case .list(let values):
            writer.beginArray()
            for element in values { try appendValue(element, key: key, to: &writer) }
            writer.endArray()
        case .record(let fields):
            writer.beginObject()
            for name in fields.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                writer.appendKey(name)
                try appendValue(fields[name]!, key: key, to: &writer)
            }
            writer.endObject()
        }
    }

    static func appendNumber(_ d: Double, key: String, to writer: inout JSONWriter) throws(DocumentError) {
        do {
            try writer.appendNumber(d)
        } catch {
            throw DocumentError(kind: .unencodable, message: "attribute \"\(key)\": \(error)")
        }
    }

    /// Foundation's `URL` layout: `{"base": {…}, "relative": "…"}`, base only when the URL has one.
    static func appendURL(_ url: URL, to writer: inout JSONWriter) {
        writer.beginObject()
        if let base = url.baseURL {
            writer.appendKey("base")
            appendURL(base, to: &writer)
        }
        writer.appendKey("relative")
        writer.appendString(url.relativeString)
        writer.endObject()
    }
}
