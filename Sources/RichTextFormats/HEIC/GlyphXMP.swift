import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The fields of a Genmoji's XMP packet that say who it is and where it came from.
///
/// Properties are matched by namespace URI and local name, whatever prefixes the packet uses, in either of
/// RDF's forms: an element (`<tiff:DocumentName>…</tiff:DocumentName>`) or an attribute of `rdf:Description`.
struct GlyphXMP: Sendable, Hashable {
    static let tiff = "http://ns.adobe.com/tiff/1.0/"
    static let dc = "http://purl.org/dc/elements/1.1/"
    static let xmp = "http://ns.adobe.com/xap/1.0/"
    static let photoshop = "http://ns.adobe.com/photoshop/1.0/"
    static let iptcExt = "http://iptc.org/std/Iptc4xmpExt/2008-02-29/"
    static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    static let xml = "http://www.w3.org/XML/1998/namespace"

    /// `tiff:DocumentName`: the content identifier.
    var documentName: String?
    /// `dc:description`: the `x-default` entry of its `rdf:Alt` (else its first entry, else its plain text).
    var description: String?
    /// `xmp:CreatorTool` ("Apple TextKit").
    var creatorTool: String?
    /// `photoshop:Credit` ("Apple Image Playground").
    var credit: String?
    /// `Iptc4xmpExt:DigitalSourceType` (".../trainedAlgorithmicMedia").
    var digitalSourceType: String?

    /// Parses an XMP packet. XMP forbids a document type declaration, and refusing one keeps entity expansion
    /// out of reach of the file.
    /// - Throws: `HEICError` of kind `.invalidXMP` at `byteOffset` (where the packet starts in the file).
    init(packet: [UInt8], itemID: UInt32, byteOffset: Int) throws(HEICError) {
        func failure(_ message: String) -> HEICError {
            HEICError(kind: .invalidXMP, message: message, box: "meta/iinf/infe", itemID: itemID, byteOffset: byteOffset)
        }
        if packet.indices.contains(where: { packet[$0] == UInt8(ascii: "<") && packet[$0...].starts(with: Array("<!DOCTYPE".utf8)) }) {
            throw failure("the XMP packet has a document type declaration, which XMP does not allow")
        }
        // Foundation's XMLParser on Linux traps when libxml2 hands it a name or processing instruction that is not
        // valid UTF-8 (it force-unwraps the decoded string), so such a packet never reaches it.
        guard String(validating: packet, as: UTF8.self) != nil, !packet.contains(0) else {
            throw failure("the XMP packet is not valid UTF-8 text")
        }
        let collector = XMPCollector()
        let parser = XMLParser(data: Data(packet))
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = collector
        guard parser.parse() else {
            let reason = parser.parserError.map { "\($0.localizedDescription)" } ?? "not well-formed"
            throw failure("the XMP packet is not well-formed XML (line \(parser.lineNumber), column \(parser.columnNumber)): \(reason)")
        }
        // XMLParser on Linux accepts input that ends inside an element; an XMP packet must close its root.
        guard collector.elements > 0, collector.isBalanced else {
            throw failure("the XMP packet ends before its root element closes")
        }
        let found = collector.values
        documentName = found[Self.tiff + "DocumentName"]
        creatorTool = found[Self.xmp + "CreatorTool"]
        credit = found[Self.photoshop + "Credit"]
        digitalSourceType = found[Self.iptcExt + "DigitalSourceType"]
        description = collector.defaultDescription ?? collector.firstDescription ?? found[Self.dc + "description"]
    }
}

/// Collects the wanted properties while `XMLParser` walks the packet.
private final class XMPCollector: NSObject, XMLParserDelegate {
    static let wanted: Set<String> = [
        GlyphXMP.tiff + "DocumentName", GlyphXMP.dc + "description", GlyphXMP.xmp + "CreatorTool",
        GlyphXMP.photoshop + "Credit", GlyphXMP.iptcExt + "DigitalSourceType",
    ]

    /// Values of simple properties (and of a `dc:description` written as plain text), by namespace + name.
    var values: [String: String] = [:]
    var defaultDescription: String?
    var firstDescription: String?
    /// Prefixes in scope, innermost last, for attributes (which `XMLParser` reports by qualified name).
    private var prefixes: [String: [String]] = [:]
    /// The namespace + name of each open element.
    private var stack: [String] = []
    /// How many elements started.
    private(set) var elements = 0
    /// Whether every element that started has ended.
    var isBalanced: Bool { stack.isEmpty }
    /// The property whose text is being collected, and the stack depth it started at.
    private var capturing: (key: String, depth: Int)?
    private var text = ""
    private var listLanguage: String?

    func parser(_ parser: XMLParser, didStartMappingPrefix prefix: String, toURI namespaceURI: String) {
        prefixes[prefix, default: []].append(namespaceURI)
    }

    func parser(_ parser: XMLParser, didEndMappingPrefix prefix: String) {
        _ = prefixes[prefix]?.popLast()
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        let key = (namespaceURI ?? "") + elementName
        stack.append(key)
        elements += 1
        if key == GlyphXMP.rdf + "Description" {
            for (name, value) in attributes {
                let parts = name.split(separator: ":", maxSplits: 1).map(String.init)
                guard parts.count == 2, let uri = prefixes[parts[0]]?.last else { continue }
                let attributeKey = uri + parts[1]
                if Self.wanted.contains(attributeKey), values[attributeKey] == nil { values[attributeKey] = value }
            }
        }
        if capturing == nil, Self.wanted.contains(key) {
            capturing = (key, stack.count)
            text = ""
        } else if let current = capturing, current.key == GlyphXMP.dc + "description", key == GlyphXMP.rdf + "li" {
            text = ""
            listLanguage = attributes["xml:lang"] ?? attributes["lang"]
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if capturing != nil { text += string }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        let key = (namespaceURI ?? "") + elementName
        defer { stack.removeLast() }
        guard let current = capturing else { return }
        if current.key == GlyphXMP.dc + "description", key == GlyphXMP.rdf + "li" {
            if listLanguage?.lowercased() == "x-default", defaultDescription == nil { defaultDescription = text }
            if firstDescription == nil { firstDescription = text }
            text = ""
        } else if stack.count == current.depth {
            let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if values[current.key] == nil, !value.isEmpty || current.key != GlyphXMP.dc + "description" {
                values[current.key] = value
            }
            capturing = nil
        }
    }
}
