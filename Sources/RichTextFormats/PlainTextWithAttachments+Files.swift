import Foundation
import RichText
import StreamingJSON

/// The on-disk form of plain text with attachments: a folder holding
///
/// - `text.txt`: the text, UTF-8 without a byte order mark, exactly as in the document (U+FFFC at glyphs);
/// - `attachments.json`: the side table (below);
/// - `images/`: one file per content identifier, named as the side table says.
///
/// ```
/// {"attachments":[{"contentIdentifier":"cat","range":[6,7]},
///                 {"contentDescription":"a grey cat","contentIdentifier":"cat","range":[9,10]}],
///  "format":"formatcheck-plain-text-attachments","glyphKey":"adaptiveImageGlyph",
///  "images":{"cat":{"contentDescription":"cat","contentType":"public.heic","file":"cat.heic"}},
///  "unit":"unicodeScalars","version":1}
/// ```
///
/// Ranges are half-open Unicode scalar offsets into `text.txt`. An attachment names `contentDescription` or
/// `contentType` only when they differ from its image's. Every file is written atomically (temporary file,
/// then rename): images first, then the side table, then the text.
extension PlainTextWithAttachments {
    /// The side table's file name.
    public static let sideTableFileName = "attachments.json"
    /// The text's file name.
    public static let textFileName = "text.txt"
    /// The image folder's name.
    public static let imageFolderName = "images"
    /// The side table's `format` value.
    public static let formatName = "formatcheck-plain-text-attachments"

    /// Writes the folder form into `directory` (created if needed).
    public func write(to directory: URL) throws(DocumentError) {
        var names = ImageFileNames()
        var files: [String: String] = [:]
        let imageFolder = directory.appendingPathComponent(Self.imageFolderName, isDirectory: true)
        for id in images.identifiers {
            let image = images[id]!
            let name = names.name(for: id, fileExtension: ImageFileNames.fileExtension(for: image.contentType))
            files[id] = name
            try AtomicFile.write(image.data, to: imageFolder.appendingPathComponent(name))
        }
        var writer = JSONWriter(options: JSONWriter.Options(sortedKeys: true, prettyPrinted: true))
        writer.beginObject()
        writer.appendKey("attachments")
        writer.beginArray()
        for attachment in attachments {
            writer.beginObject()
            if let description = attachment.contentDescription {
                writer.appendKey("contentDescription")
                writer.appendString(description)
            }
            writer.appendKey("contentIdentifier")
            writer.appendString(attachment.contentIdentifier)
            if let type = attachment.contentType {
                writer.appendKey("contentType")
                writer.appendString(type)
            }
            writer.appendKey("range")
            writer.beginArray()
            writer.appendInteger(attachment.range.lowerBound)
            writer.appendInteger(attachment.range.upperBound)
            writer.endArray()
            writer.endObject()
        }
        writer.endArray()
        writer.appendKey("format")
        writer.appendString(Self.formatName)
        writer.appendKey("glyphKey")
        writer.appendString(glyphKey.name)
        writer.appendKey("images")
        writer.beginObject()
        for id in images.identifiers {
            let image = images[id]!
            writer.appendKey(id)
            writer.appendImage(image, bytes: "file", files[id]!)
        }
        writer.endObject()
        writer.appendKey("unit")
        writer.appendString("unicodeScalars")
        writer.appendKey("version")
        writer.appendInteger(1)
        writer.endObject()
        try AtomicFile.write(Data(writer.bytes + [0x0A]), to: directory.appendingPathComponent(Self.sideTableFileName))
        try AtomicFile.write(Data(text.utf8), to: directory.appendingPathComponent(Self.textFileName))
    }

    /// Reads the folder form from `directory`, at most `maxSize` bytes in all. Errors in the side table carry
    /// its line and column; the key named by `glyphKey` in the table gets `glyphKey`'s behaviour when the names
    /// match. Each file's type and size are checked before it is read, and a symbolic link in the folder is
    /// refused (`.malformed`), so an image cannot be a link to a file outside it.
    public static func read(
        from directory: URL, glyphKey: AttributeKeyDescriptor = StandardAttributes.adaptiveImageGlyph, maxSize: Int = Int.max
    ) throws(DocumentError) -> PlainTextWithAttachments {
        var files = PackageFileReader(root: directory, maxSize: maxSize)
        let textBytes = [UInt8](try files.read(textFileName))
        guard let text = String(validating: textBytes, as: UTF8.self) else {
            throw DocumentError(kind: .syntax(.invalidUTF8), message: "\(textFileName) is not valid UTF-8",
                                expected: "UTF-8 text", location: firstInvalidUTF8(textBytes))
        }
        let tableBytes = [UInt8](try files.read(sideTableFileName))
        let table: LocatedJSON
        do {
            table = try JSONValue.parseWithLocations(tableBytes, limits: JSONReader.Limits(maxDepth: 64))
        } catch {
            throw DocumentError(error)
        }
        func fail(_ node: LocatedJSON, _ expected: String, _ what: String) -> DocumentError {
            DocumentError(kind: .unexpectedStructure, message: "expected \(expected) for \(what)", expected: expected, location: node.location)
        }
        func string(_ node: LocatedJSON?, _ what: String, in parent: LocatedJSON) throws(DocumentError) -> String {
            guard let node else {
                throw DocumentError(kind: .missingMember(what), message: "missing \"\(what)\"", expected: "a string \"\(what)\"", location: parent.location)
            }
            guard case .string(let s) = node.kind else { throw fail(node, "a string", "\"\(what)\"") }
            return s
        }
        guard case .object = table.kind else { throw fail(table, "an object", "the side table") }
        if let version = table["version"], version.kind != .integer(1) {
            throw fail(version, "1", "\"version\"")
        }
        if let unit = table["unit"], unit.kind != .string("unicodeScalars") {
            throw fail(unit, "\"unicodeScalars\"", "\"unit\"")
        }
        let keyName = try table["glyphKey"].map { (node) throws(DocumentError) in try string(node, "glyphKey", in: table) } ?? glyphKey.name
        let key = keyName == glyphKey.name ? glyphKey : AttributeKeyDescriptor(name: keyName)

        var store = ImageStore()
        if let imagesNode = table["images"] {
            guard case .object(let members) = imagesNode.kind else { throw fail(imagesNode, "an object", "\"images\"") }
            for member in members {
                let entry = member.value
                guard case .object = entry.kind else { throw fail(entry, "an object", "image \"\(member.key)\"") }
                let file = try string(entry["file"], "file", in: entry)
                guard ImageFileNames.isPlainFileName(file) else {
                    throw DocumentError(kind: .invalidAttachment, message: "the image file \"\(file)\" is not a plain file name",
                                        expected: "a file name inside \(imageFolderName)/", location: entry["file"]!.location)
                }
                let data = try files.read(imageFolderName + "/" + file)
                store.insert(ImageStore.Image(
                    data: data,
                    contentType: try entry["contentType"].map { (n) throws(DocumentError) in try string(n, "contentType", in: entry) } ?? "public.heic",
                    contentDescription: try entry["contentDescription"].map { (n) throws(DocumentError) in try string(n, "contentDescription", in: entry) } ?? ""),
                    for: member.key)
            }
        }
        var attachments: [GlyphAttachment] = []
        if let list = table["attachments"] {
            guard case .array(let elements) = list.kind else { throw fail(list, "an array", "\"attachments\"") }
            for element in elements {
                guard case .object = element.kind else { throw fail(element, "an object", "an attachment") }
                guard let rangeNode = element["range"], case .array(let bounds) = rangeNode.kind, bounds.count == 2,
                      case .integer(let lower) = bounds[0].kind, case .integer(let upper) = bounds[1].kind,
                      lower >= 0, lower < upper else {
                    throw fail(element["range"] ?? element, "[from, to] with 0 <= from < to", "the attachment's \"range\"")
                }
                attachments.append(GlyphAttachment(
                    range: lower..<upper,
                    contentIdentifier: try string(element["contentIdentifier"], "contentIdentifier", in: element),
                    contentDescription: try element["contentDescription"].map { (n) throws(DocumentError) in try string(n, "contentDescription", in: element) },
                    contentType: try element["contentType"].map { (n) throws(DocumentError) in try string(n, "contentType", in: element) }))
            }
        }
        return PlainTextWithAttachments(text: text, attachments: attachments, images: store, glyphKey: key)
    }

    /// The location of the first byte that is not part of well-formed UTF-8.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> JSONLocation {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        var line = 1
        var column = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                offset += encoded.count
                if encoded.count == 1 && encoded.first == 0x0A { line += 1; column = 1 } else { column += 1 }
            case .error(let length):
                _ = length
                return JSONLocation(line: line, column: column, byteOffset: offset)
            case .emptyInput:
                return JSONLocation(line: line, column: column, byteOffset: offset)
            }
        }
    }
}
