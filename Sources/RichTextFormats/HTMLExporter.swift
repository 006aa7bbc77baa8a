import Foundation
import RichText

/// Writes a document as HTML: semantic tags and inline styles for formatting, a `<p>` per paragraph with its
/// alignment and writing direction, and adaptive image glyphs the way Apple's HTML writer writes them:
///
/// ```
/// <picture><source srcset="images/ID.heic" type="image/x-apple-adaptive-glyph"><img src="images/ID-32px.png" width="16" height="16" alt="description"></picture>
/// ```
///
/// The `<img>` is what a browser that cannot show the glyph's image shows: the glyph itself as PNG, an em tall
/// at the glyph's font size and `glyphPixelScale` pixels per CSS pixel, decoded by `glyphDecoder`. When the image
/// cannot be decoded (no libheif on this machine, say), it is a grey placeholder and the export says why in
/// `HTMLExport.warnings`. A PNG glyph image is its own fallback.
///
/// | attribute (`StandardAttributes`) | HTML |
/// |---|---|
/// | `link`, `NSLink` | `<a href>` when `HTMLLinkPolicy` allows the target; otherwise no link |
/// | `bold`, `italic`, `underline`, `strikethrough` | `<strong>`, `<em>`, `<u>`, `<s>` |
/// | `foregroundColor`, `backgroundColor`, `font`, `fontSize` | `<span style="color:…;background-color:…;font-family:…;font-size:…pt">` |
/// | `alignment` (paragraph) | `style="text-align:…"` on `<p>` |
/// | `writingDirection` (paragraph) | `dir="ltr" / "rtl" / "auto"` on `<p>` |
/// | any `.imageGlyph` value on U+FFFC | `<picture>…</picture>` |
///
/// All text and values are escaped (`HTMLEscaping`); font names are CSS-escaped strings; colours and sizes are
/// written from typed values only. A lone U+2028 is `<br>`.
public struct HTMLExporter: Sendable {
    /// Where glyph images go.
    public enum ImagePolicy: Sendable, Hashable {
        /// Files beside the page, in the named folder (relative to the page).
        case files(folder: String)
        /// `data:` URLs inside the page.
        case dataURLs
    }

    /// Where glyph images go; files in `images/` by default.
    public var imagePolicy: ImagePolicy
    /// Whether to write a whole page (doctype, head with charset and title) or only the paragraphs.
    public var fullDocument: Bool
    /// The page title, when writing a whole page.
    public var title: String
    /// What decodes glyph images for the fallback `<img>`; the platform's (`PlatformGlyphDecoder`) by default.
    public var glyphDecoder: any GlyphImageDecoder
    /// Image pixels per CSS pixel in a glyph's fallback PNG: 2 keeps glyphs sharp on high-density screens.
    public var glyphPixelScale: Int

    /// An exporter.
    public init(imagePolicy: ImagePolicy = .files(folder: "images"), fullDocument: Bool = true, title: String = "",
                glyphDecoder: any GlyphImageDecoder = PlatformGlyphDecoder(), glyphPixelScale: Int = 2) {
        self.imagePolicy = imagePolicy
        self.fullDocument = fullDocument
        self.title = title
        self.glyphDecoder = glyphDecoder
        self.glyphPixelScale = min(max(glyphPixelScale, 1), 4)
    }

    /// The document as HTML, with the image files it refers to; the text `highlights` cover is marked
    /// (`HTMLHighlight`).
    public func export(_ document: RichString, images: ImageStore = ImageStore(), highlights: [HTMLHighlight] = []) -> HTMLExport {
        var state = HTMLWriting(policy: imagePolicy, images: images, decoder: glyphDecoder, pixelScale: glyphPixelScale)
        if !highlights.isEmpty { state.highlighting = HTMLHighlighting(highlights) }
        for run in document.textRuns {
            state.write(run.text, attributes: run.attributes)
            state.runOffset += run.text.utf8.count
        }
        if let labels = state.highlighting?.remainingLabels(), !labels.isEmpty {
            state.openParagraph(.empty)
            state.paragraph += labels
        }
        state.closeParagraph(atEnd: true)
        var html = ""
        if fullDocument {
            html += "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<title>"
            html += HTMLEscaping.attribute(title)
            html += "</title>\n</head>\n<body>\n"
            html += state.body
            html += "</body>\n</html>\n"
        } else {
            html = state.body
        }
        return HTMLExport(html: html, files: state.files, warnings: state.warnings)
    }
}

/// An exported page: the HTML and the files it refers to, by path relative to the page.
public struct HTMLExport: Sendable, Hashable {
    /// The page.
    public var html: String
    /// The image files, by path relative to the page (`images/ID.heic`); empty with `data:` URLs.
    public var files: [String: Data]
    /// What the export could not do as asked: one warning per glyph whose fallback is a placeholder.
    public var warnings: [HTMLExportWarning]

    /// An export.
    public init(html: String, files: [String: Data], warnings: [HTMLExportWarning] = []) {
        self.html = html
        self.files = files
        self.warnings = warnings
    }

    /// Writes the files beside `page`, then the page, each atomically.
    public func write(to page: URL) throws(DocumentError) {
        let folder = page.deletingLastPathComponent()
        for path in files.keys.sorted() {
            try AtomicFile.write(files[path]!, to: folder.appendingPathComponent(path))
        }
        try AtomicFile.write(Data(html.utf8), to: page)
    }
}

/// The state of one export: the body so far, the open paragraph, and the image files made.
struct HTMLWriting {
    let policy: HTMLExporter.ImagePolicy
    let images: ImageStore
    let decoder: any GlyphImageDecoder
    let pixelScale: Int
    var body = ""
    var files: [String: Data] = [:]
    var paragraph = ""
    var paragraphOpen = false
    var paragraphAttributes = AttributeSet.empty
    var lastWasCR = false
    var names = ImageFileNames()
    /// The source URL of each glyph image already written, and the same URL again when it is a PNG (its own fallback).
    var glyphURLs: [String: (source: String?, pngFallback: String?)] = [:]
    var placeholderURL: String? = nil
    /// Decoded fallbacks already written, by content identifier and CSS height.
    var renderedFallbacks: [GlyphFallbackKey: RenderedFallback] = [:]
    /// Glyphs whose image did not decode, with why; each is warned about once.
    var undecodable: [String: GlyphRenderingFailure] = [:]
    var warnings: [HTMLExportWarning] = []
    /// What marks the text, when highlights were asked for, and the UTF-8 offset of the run being written.
    var highlighting: HTMLHighlighting?
    var runOffset = 0

    init(policy: HTMLExporter.ImagePolicy, images: ImageStore, decoder: any GlyphImageDecoder, pixelScale: Int) {
        self.policy = policy
        self.images = images
        self.decoder = decoder
        self.pixelScale = pixelScale
    }

    mutating func write(_ text: Substring, attributes: AttributeSet) {
        let glyph = attributes.entries.lazy.compactMap { entry -> ImageGlyphReference? in
            if case .imageGlyph(let g) = entry.value { return g } else { return nil }
        }.first
        var pieceStart = text.startIndex
        var i = text.startIndex
        // UTF-8 offsets in the document of `i` and of `pieceStart`, for highlights.
        var offset = runOffset
        var pieceOffset = runOffset
        let scalars = text.unicodeScalars
        func flush(_ end: String.Index, _ state: inout HTMLWriting) {
            if pieceStart < end { state.inline(Substring(scalars[pieceStart..<end]), attributes: attributes, at: pieceOffset) }
        }
        while i < text.endIndex {
            let scalar = scalars[i]
            let next = scalars.index(after: i)
            let width = UTF8.width(scalar)
            switch scalar {
            case "\n", "\r", "\u{2029}":
                flush(i, &self)
                if scalar == "\n" && lastWasCR && pieceStart == i && !paragraphOpen {
                    // The LF of a CRLF split across runs: the CR already ended the paragraph.
                } else {
                    openParagraph(attributes)
                    closeParagraph(atEnd: false)
                }
                lastWasCR = scalar == "\r"
                pieceStart = next
                pieceOffset = offset + width
            case "\u{2028}":
                flush(i, &self)
                openParagraph(attributes)
                paragraph += "<br>"
                lastWasCR = false
                pieceStart = next
                pieceOffset = offset + width
            case "\u{FFFC}" where glyph != nil:
                flush(i, &self)
                openParagraph(attributes)
                marking(at: offset, length: width) { $0.picture(glyph!, attributes: attributes) }
                lastWasCR = false
                pieceStart = next
                pieceOffset = offset + width
            default:
                lastWasCR = false
            }
            offset += width
            i = next
        }
        flush(text.endIndex, &self)
    }

    /// Writes what `body` writes for the text at `offset` (`length` UTF-8 bytes) inside the marks of the
    /// highlights covering it, after the labels of those starting there.
    mutating func marking(at offset: Int, length: Int, _ body: (inout HTMLWriting) -> Void) {
        guard highlighting != nil else { return body(&self) }
        let (labels, covering) = highlighting!.piece(at: offset, length: length)
        paragraph += labels
        if covering.isEmpty { return body(&self) }
        paragraph += HTMLHighlighting.openingMark(covering)
        body(&self)
        paragraph += "</mark>"
    }

    mutating func openParagraph(_ attributes: AttributeSet) {
        guard !paragraphOpen else { return }
        paragraphOpen = true
        paragraphAttributes = attributes
    }

    /// Ends the open paragraph (an empty one when a separator comes with nothing before it).
    mutating func closeParagraph(atEnd: Bool) {
        guard paragraphOpen || !atEnd else { return }
        var tag = "<p"
        if let alignment = paragraphAttributes[StandardAttributes.alignment.name].flatMap(StandardAttributes.Alignment.init(attributeValue:)) {
            tag += " style=\"text-align:\(alignment.cssTextAlign)\""
        }
        if let direction = paragraphAttributes[StandardAttributes.writingDirection.name].flatMap(StandardAttributes.WritingDirection.init(attributeValue:)) {
            tag += " dir=\"\(direction.htmlDir)\""
        }
        body += tag + ">" + (paragraph.isEmpty ? "<br>" : paragraph) + "</p>\n"
        paragraph = ""
        paragraphOpen = false
        paragraphAttributes = .empty
    }

    /// Text at UTF-8 offset `offset` with its formatting, cut where highlights start and end, each piece
    /// inside the marks of those covering it.
    mutating func inline(_ text: Substring, attributes: AttributeSet, at offset: Int) {
        guard let cuts = highlighting?.cuts(inside: offset..<(offset + text.utf8.count)) else { return inline(text, attributes: attributes) }
        var start = text.startIndex
        var startOffset = offset
        for cut in cuts + [offset + text.utf8.count] where cut > startOffset {
            // Highlights are placed on scalar boundaries of the text; one inside a scalar is moved to its end.
            var end = text.utf8.index(start, offsetBy: cut - startOffset, limitedBy: text.endIndex) ?? text.endIndex
            while end < text.endIndex && text.utf8[end] & 0xC0 == 0x80 { end = text.utf8.index(after: end) }
            let length = text.utf8.distance(from: start, to: end)
            guard length > 0 else { continue }
            marking(at: startOffset, length: length) { $0.inline(text[start..<end], attributes: attributes) }
            start = end
            startOffset += length
        }
    }

    /// Text with its formatting: link, then strong, em, u, s, then a styled span.
    mutating func inline(_ text: Substring, attributes: AttributeSet) {
        openParagraph(attributes)
        var closing: [String] = []
        if let href = Self.linkTarget(attributes).flatMap(HTMLLinkPolicy.href(for:)) {
            paragraph += "<a href=\"" + HTMLEscaping.attribute(href) + "\">"
            closing.append("</a>")
        }
        for (key, tag) in [(StandardAttributes.bold, "strong"), (StandardAttributes.italic, "em"),
                           (StandardAttributes.underline, "u"), (StandardAttributes.strikethrough, "s")]
        where attributes[key.name] == .bool(true) {
            paragraph += "<\(tag)>"
            closing.append("</\(tag)>")
        }
        let style = Self.style(attributes)
        if !style.isEmpty {
            paragraph += "<span style=\"" + HTMLEscaping.attribute(style) + "\">"
            closing.append("</span>")
        }
        HTMLEscaping.text(text, into: &paragraph)
        for tag in closing.reversed() { paragraph += tag }
    }

    static func linkTarget(_ attributes: AttributeSet) -> String? {
        for name in [StandardAttributes.link.name, StandardAttributes.foundationLink.name] {
            switch attributes[name] {
            case .url(let url)?: return url.absoluteString
            case .string(let s)?: return s
            case .record(let fields)?:
                if case .string(let s)? = fields["relative"] { return s }
            default: break
            }
        }
        return nil
    }

    static func color(_ value: AttributeValue?) -> String? {
        switch value {
        case .color(let c)?: return c.hex
        case .string(let s)?: return RichColor(hex: s)?.hex
        default: return nil
        }
    }

    static func style(_ attributes: AttributeSet) -> String {
        var declarations: [String] = []
        if let c = color(attributes[StandardAttributes.foregroundColor.name]) { declarations.append("color:\(c)") }
        if let c = color(attributes[StandardAttributes.backgroundColor.name]) { declarations.append("background-color:\(c)") }
        if case .string(let family)? = attributes[StandardAttributes.font.name] {
            declarations.append("font-family:" + HTMLEscaping.cssString(family))
        }
        let size: Double?
        switch attributes[StandardAttributes.fontSize.name] {
        case .number(let d)?: size = d
        case .integer(let i)?: size = Double(i)
        default: size = nil
        }
        if let size, size.isFinite, size > 0, size <= 10_000 {
            var text = String(size)
            if text.hasSuffix(".0") { text.removeLast(2) }
            if !text.contains("e") { declarations.append("font-size:\(text)pt") }
        }
        return declarations.joined(separator: ";")
    }

    mutating func picture(_ glyph: ImageGlyphReference, attributes: AttributeSet) {
        let urls = glyphURLsFor(glyph.contentIdentifier)
        var html = "<picture>"
        if let source = urls.source {
            html += "<source srcset=\"" + HTMLEscaping.attribute(source) + "\" type=\"image/x-apple-adaptive-glyph\">"
        }
        if let png = urls.pngFallback {
            html += "<img src=\"" + HTMLEscaping.attribute(png) + "\""
        } else if let decoded = renderedFallback(glyph.contentIdentifier, attributes: attributes) {
            html += "<img src=\"" + HTMLEscaping.attribute(decoded.url) + "\" width=\"\(decoded.width)\" height=\"\(decoded.height)\""
        } else {
            html += "<img src=\"" + HTMLEscaping.attribute(placeholder()) + "\""
        }
        html += " alt=\"" + HTMLEscaping.attribute(glyph.contentDescription) + "\">"
        html += "</picture>"
        if let href = Self.linkTarget(attributes).flatMap(HTMLLinkPolicy.href(for:)) {
            html = "<a href=\"" + HTMLEscaping.attribute(href) + "\">" + html + "</a>"
        }
        paragraph += html
    }

    /// The source URL for a glyph image, and the same URL as its fallback when the image is a PNG, making its
    /// file the first time.
    mutating func glyphURLsFor(_ id: String) -> (source: String?, pngFallback: String?) {
        if let known = glyphURLs[id] { return known }
        let result: (source: String?, pngFallback: String?)
        if let image = images[id] {
            let isPNG = image.contentType == "public.png" || PNGEncoder.isPNG(image.data)
            switch policy {
            case .dataURLs:
                let mime = isPNG ? "image/png" : ImageFileNames.mimeType(for: image.contentType)
                let source = "data:\(mime);base64," + image.data.base64EncodedString()
                result = (source, isPNG ? source : nil)
            case .files(let folder):
                let name = names.name(for: id, fileExtension: isPNG ? "png" : ImageFileNames.fileExtension(for: image.contentType))
                let path = Self.join(folder, name)
                files[path] = image.data
                result = (path, isPNG ? path : nil)
            }
        } else {
            result = (nil, nil)
        }
        glyphURLs[id] = result
        return result
    }

    /// The URL of the shared placeholder PNG, made once.
    mutating func placeholder() -> String {
        if let placeholderURL { return placeholderURL }
        let png = PNGEncoder.placeholder()
        let url: String
        switch policy {
        case .dataURLs:
            url = "data:image/png;base64," + Data(png).base64EncodedString()
        case .files(let folder):
            url = Self.join(folder, names.name(for: "placeholder", fileExtension: "png"))
            files[url] = Data(png)
        }
        placeholderURL = url
        return url
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder.isEmpty ? name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
    }
}

extension StandardAttributes.Alignment {
    /// The CSS `text-align` value: `justified` is `justify`, and `natural` is `start` (the writing direction's
    /// start, as Foundation's natural alignment).
    var cssTextAlign: String {
        switch self {
        case .left, .center, .right: return rawValue
        case .justified: return "justify"
        case .natural: return "start"
        }
    }
}

extension StandardAttributes.WritingDirection {
    /// The HTML `dir` value.
    var htmlDir: String {
        switch self {
        case .leftToRight: return "ltr"
        case .rightToLeft: return "rtl"
        case .natural: return "auto"
        }
    }
}
