import XCTest
import RichText
@testable import RichTextFormats
import struct FormattingTesting.SeededGenerator

/// HTML export: semantic tags, paragraphs, glyph pictures, and escaping that hostile input cannot break.
final class HTMLExportTests: XCTestCase {
    func set(_ entries: [String: AttributeValue]) -> AttributeSet {
        AttributeSet(entries.map { AttributeEntry(name: $0.key, value: $0.value) })
    }

    func body(_ document: RichString, images: ImageStore = ImageStore(), policy: HTMLExporter.ImagePolicy = .files(folder: "images")) -> String {
        HTMLExporter(imagePolicy: policy, fullDocument: false).export(document, images: images).html
    }

    func testFormattingBecomesSemanticTagsAndInlineStyles() {
        let document = RichString(concatenating: [
            RichString("Hello ", attributes: set(["bold": .bool(true), "italic": .bool(true)])),
            RichString("world", attributes: set(["underline": .bool(true), "strikethrough": .bool(true),
                                                 "foregroundColor": .color(RichColor(hex: "#ff0000")!),
                                                 "backgroundColor": .color(RichColor(hex: "#00ff0080")!),
                                                 "font": .string("Helvetica Neue"), "fontSize": .number(12.5)])),
            RichString("!", attributes: set(["link": .url(URL(string: "https://swift.org/?a=1&b=2")!)])),
        ])
        XCTAssertEqual(body(document), """
            <p><strong><em>Hello </em></strong><u><s><span style="color:#ff0000;background-color:#00ff0080;font-family:&quot;Helvetica Neue&quot;;font-size:12.5pt">world</span></s></u><a href="https://swift.org/?a=1&amp;b=2">!</a></p>

            """)
    }

    func testParagraphsCarryAlignmentAndDirection() {
        var document = RichString("centre\r\nשלום\n\nend")
        let centre = AttributeKeyDescriptor(name: "alignment", behavior: AttributeBehavior(runBoundaries: .paragraph))
        document.setAttribute(centre, to: .string("center"), in: document.range(0, 1, in: .characters))
        let direction = AttributeKeyDescriptor(name: "writingDirection", behavior: AttributeBehavior(runBoundaries: .paragraph))
        document.setAttribute(direction, to: .string("rightToLeft"), in: document.range(7, 8, in: .characters))
        XCTAssertEqual(body(document), """
            <p style="text-align:center">centre</p>
            <p dir="rtl">שלום</p>
            <p><br></p>
            <p>end</p>

            """)
    }

    func testGlyphsArePicturesWithFilesBesideThePage() {
        var images = ImageStore()
        let heic = ImageGlyphReference(contentIdentifier: "cat", contentDescription: "a cat")
        let png = ImageGlyphReference(contentIdentifier: "dog", contentDescription: "a dog", contentType: "public.png")
        let dogBytes = PNGEncoder.placeholder(size: 3)
        images.insert(Data("heic".utf8), for: heic)
        images.insert(Data(dogBytes), for: png)
        let document = RichString(concatenating: [
            RichString("\u{FFFC}", attributes: set(["adaptiveImageGlyph": .imageGlyph(heic)])),
            RichString("\u{FFFC}", attributes: set(["adaptiveImageGlyph": .imageGlyph(png)])),
            RichString("\u{FFFC}", attributes: set(["adaptiveImageGlyph": .imageGlyph(heic)])),
        ])
        let export = HTMLExporter(fullDocument: false).export(document, images: images)
        XCTAssertEqual(export.html, """
            <p><picture><source srcset="images/cat.heic" type="image/x-apple-adaptive-glyph"><img src="images/placeholder.png" alt="a cat"></picture>\
            <picture><source srcset="images/dog.png" type="image/x-apple-adaptive-glyph"><img src="images/dog.png" alt="a dog"></picture>\
            <picture><source srcset="images/cat.heic" type="image/x-apple-adaptive-glyph"><img src="images/placeholder.png" alt="a cat"></picture></p>

            """)
        XCTAssertEqual(Set(export.files.keys), ["images/cat.heic", "images/dog.png", "images/placeholder.png"])
        XCTAssertEqual(export.files["images/dog.png"], Data(dogBytes))
        XCTAssertEqual(export.files["images/placeholder.png"], Data(PNGEncoder.placeholder()))
    }

    func testGlyphsCanBeDataURLs() {
        var images = ImageStore()
        let heic = ImageGlyphReference(contentIdentifier: "cat", contentDescription: "a cat")
        images.insert(Data([1, 2, 3]), for: heic)
        let export = HTMLExporter(imagePolicy: .dataURLs, fullDocument: false)
            .export(RichString("\u{FFFC}", attributes: set(["adaptiveImageGlyph": .imageGlyph(heic)])), images: images)
        XCTAssertTrue(export.html.hasPrefix(#"<p><picture><source srcset="data:image/heic;base64,AQID" type="image/x-apple-adaptive-glyph"><img src="data:image/png;base64,iVBORw0KGgo"#), export.html)
        XCTAssertEqual(export.files, [:])
    }

    func testHostileTextCannotInjectMarkup() {
        let hostile = #"</p></script><script>alert("x")</script><img src=x onerror='alert(1)'>&amp;"#
        let html = HTMLExporter(title: "</title><script>").export(RichString(hostile)).html
        XCTAssertFalse(html.contains("<script"), html)
        XCTAssertFalse(html.contains("<img"), html)
        XCTAssertFalse(html.contains("</title><"), html)
        XCTAssertTrue(html.contains("&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)"), html)
        XCTAssertTrue(html.contains("onerror=&#39;alert(1)&#39;"), html)
        XCTAssertTrue(html.contains("&amp;amp;"), html)
    }

    func testHostileAttributeValuesCannotLeaveTheirAttribute() {
        let glyph = ImageGlyphReference(contentIdentifier: #"x" onload="alert(1)"#, contentDescription: #"" onerror="alert(1)"><script>"#)
        var images = ImageStore()
        images.insert(Data([1]), for: glyph)
        let document = RichString(concatenating: [
            RichString("\u{FFFC}", attributes: set(["adaptiveImageGlyph": .imageGlyph(glyph)])),
            RichString("t", attributes: set(["font": .string(#"x"; background:url(javascript:alert(1)); x:""#),
                                             "foregroundColor": .string("red;background:url(x)")])),
        ])
        let html = body(document, images: images)
        XCTAssertFalse(html.contains("<script"), html)
        XCTAssertFalse(html.contains(#"" onerror"#), html)
        XCTAssertFalse(html.contains("url("), html)
        XCTAssertFalse(html.contains("onload=\""), html)
        // Only our own attribute quotes remain.
        XCTAssertEqual(html.filter { $0 == "\"" }.count, 2 * 5, html)
    }

    func testOnlyHttpHttpsMailtoAndRelativeLinksBecomeHrefs() {
        let allowed = ["https://swift.org", "http://a.b/c", "mailto:a@b.c", "/relative/path", "page.html#x", "?q=1", "#frag", "HTTPS://X.ORG", "a/b:c"]
        let refused = ["javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)",
                       "java\nscript:alert(1)", "\u{1}javascript:alert(1)", "data:text/html,<script>", "vbscript:x",
                       "file:///etc/passwd", "&#106;avascript:alert(1)", "javascript&colon;alert(1):", ""]
        for target in allowed {
            XCTAssertNotNil(HTMLLinkPolicy.href(for: target), target)
            XCTAssertTrue(body(RichString("t", attributes: set(["link": .string(target)]))).contains("<a href="), target)
        }
        for target in refused {
            XCTAssertNil(HTMLLinkPolicy.href(for: target), target)
            let html = body(RichString("t", attributes: set(["NSLink": .string(target)])))
            XCTAssertFalse(html.contains("<a"), "\(target): \(html)")
        }
        let foundationLink = RichString("t", attributes: set(["NSLink": .url(URL(string: "javascript:alert(1)")!)]))
        XCTAssertFalse(body(foundationLink).contains("href"))
    }

    /// `//host`, `\\host` and `/\host` are relative in form only: a browser reads `\` as `/` (for http, https and
    /// file pages) and drops tabs and line breaks, so each goes to another host, with the page's scheme (which
    /// may be `file:`, an SMB share). They are refused like `javascript:`; same-host paths stay links.
    func testSchemeRelativeAndBackslashLinksToAnotherHostAreRefused() {
        let refused = ["//evil.example/x", "\\\\evil.example\\x", "/\\evil.example", "\\/evil.example", "///evil.example",
                       "/\t/evil.example", "/\n/evil.example", "\\\r\n\\evil.example", " //evil.example", "\t//evil.example",
                       "\u{1}//evil.example/x", "/\t\\evil.example", "//evil.example/x\n "]
        for target in refused {
            XCTAssertNil(HTMLLinkPolicy.href(for: target), target.debugDescription)
            let html = body(RichString("t", attributes: set(["link": .string(target)])))
            XCTAssertFalse(html.contains("<a"), "\(target.debugDescription): \(html)")
        }
        for target in ["/docs/x", "docs\\x", "./x", "../x", "/x//y", "x//y", "?next=//evil.example", "#//evil.example"] {
            XCTAssertNotNil(HTMLLinkPolicy.href(for: target), target.debugDescription)
        }
    }

    func testWholePageHasCharsetAndTitle() {
        let html = HTMLExporter(title: "Notes & <things>").export(RichString("x")).html
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<title>Notes &amp; &lt;things&gt;</title>"), html)
        XCTAssertTrue(html.hasSuffix("<p>x</p>\n</body>\n</html>\n"), html)
    }

    func testRunBoundaryInsideACharacterKeepsEveryScalar() {
        let document = RichString(concatenating: [RichString("e"), RichString("\u{301}x", attributes: set(["bold": .bool(true)]))])
        XCTAssertEqual(body(document), "<p>e<strong>\u{301}x</strong></p>\n")
    }

    func testExportWritesFilesThenThePage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("html-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var images = ImageStore()
        let glyph = ImageGlyphReference(contentIdentifier: "cat", contentDescription: "a cat")
        images.insert(Data([9]), for: glyph)
        let export = HTMLExporter().export(RichString("\u{FFFC}", attributes: set(["adaptiveImageGlyph": .imageGlyph(glyph)])), images: images)
        try export.write(to: folder.appendingPathComponent("page.html"))
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("images/cat.heic")), Data([9]))
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("images/placeholder.png").path))
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("page.html"), encoding: .utf8), export.html)
    }

    func testRandomDocumentsOnlyEverProduceTheWritersOwnTags() {
        let seed = propertySeed(#function)
        var generator = DocumentGenerator(rng: SeededGenerator(seed: seed))
        let allowed = ["p", "/p", "br", "strong", "/strong", "em", "/em", "u", "/u", "s", "/s", "span", "/span",
                       "a", "/a", "picture", "/picture", "source", "img"]
        for iteration in 0..<200 {
            let (document, images) = generator.document()
            let html = body(document, images: images, policy: iteration % 2 == 0 ? .dataURLs : .files(folder: "images"))
            var depth: [String: Int] = [:]
            for piece in html.split(separator: "<", omittingEmptySubsequences: true) {
                let name = String(String.UnicodeScalarView(piece.unicodeScalars.prefix { $0 != " " && $0 != ">" }))
                XCTAssertTrue(allowed.contains(name), "seed \(seed) iteration \(iteration): <\(name) in \(html)")
                let base = name.hasPrefix("/") ? String(name.dropFirst()) : name
                depth[base, default: 0] += name.hasPrefix("/") ? -1 : 1
            }
            for tag in ["p", "strong", "em", "u", "s", "span", "a", "picture"] {
                XCTAssertEqual(depth[tag] ?? 0, 0, "seed \(seed) iteration \(iteration): unbalanced <\(tag)> in \(html)")
            }
            XCTAssertEqual(html.components(separatedBy: "</p>").count - 1, document.string.isEmpty ? 0 : paragraphCount(document.string),
                           "seed \(seed) iteration \(iteration): \(html)")
        }
    }

    /// Paragraphs as the writer counts them: one per separator (LF, CR, CRLF, U+2029), plus the text after the last.
    func paragraphCount(_ text: String) -> Int {
        var count = 0
        var open = false
        var previousCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n" where previousCR: previousCR = false
            case "\n", "\r", "\u{2029}": count += 1; open = false; previousCR = scalar == "\r"
            default: open = true; previousCR = false
            }
        }
        return count + (open ? 1 : 0)
    }
}
