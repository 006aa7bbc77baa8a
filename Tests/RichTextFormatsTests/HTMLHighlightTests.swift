import XCTest
import RichText
@testable import RichTextFormats

/// Highlights in an HTML export (the lint report's marks): the text is marked in its own formatting, overlaps
/// share one mark, labels come once before a highlight's first character, and nothing is lost or escaped twice.
final class HTMLHighlightTests: XCTestCase {
    func body(_ document: RichString, _ highlights: [HTMLHighlight]) -> String {
        HTMLExporter(fullDocument: false).export(document, highlights: highlights).html
    }

    func testAMarkWrapsTheFormattedTextAndItsLabelComesBeforeIt() {
        let document = RichString(concatenating: [RichString("run "), RichString("make test", attributes: AttributeSet([AttributeEntry(name: "bold", value: .bool(true))])),
                                                  RichString(" now")])
        let html = body(document, [HTMLHighlight(utf8Range: 4..<13, classes: ["e"], data: ["r": "3"], label: "1", labelID: "m1", labelLink: "#f1")])
        XCTAssertEqual(html, ##"<p>run <sup class="label" id="m1"><a href="#f1">1</a></sup><mark class="e" data-r="3"><strong>make test</strong></mark> now</p>"## + "\n")
    }

    func testOverlappingHighlightsCutTheTextAndShareMarks() {
        let html = body(RichString("abcdef"), [HTMLHighlight(utf8Range: 1..<4, classes: ["e"], data: ["r": "1"], label: "1"),
                                               HTMLHighlight(utf8Range: 2..<5, classes: ["w"], data: ["r": "2"], label: "2")])
        XCTAssertEqual(html, #"<p>a<sup class="label">1</sup><mark class="e" data-r="1">b</mark><sup class="label">2</sup><mark class="e w" data-r="1 2">cd</mark><mark class="w" data-r="2">e</mark>f</p>"# + "\n")
    }

    func testAHighlightAcrossParagraphsIsMarkedInEachAndLabelledOnce() {
        let html = body(RichString("ab\ncd"), [HTMLHighlight(utf8Range: 1..<4, classes: ["e"], label: "1")])
        XCTAssertEqual(html, #"<p>a<sup class="label">1</sup><mark class="e">b</mark></p>"# + "\n" + #"<p><mark class="e">c</mark>d</p>"# + "\n")
    }

    func testAnEmptyHighlightHasOnlyItsLabelAndOneAtTheEndIsNotLost() {
        let html = body(RichString("ab"), [HTMLHighlight(utf8Range: 1..<1, classes: ["e"], label: "1"), HTMLHighlight(utf8Range: 2..<2, label: "2")])
        XCTAssertEqual(html, #"<p>a<sup class="label">1</sup>b<sup class="label">2</sup></p>"# + "\n")
    }

    func testMultiByteTextIsCutOnScalarsAndValuesAreEscaped() {
        let html = body(RichString("é<x>🍞"), [HTMLHighlight(utf8Range: 2..<5, classes: ["\"q"], data: ["r": "<&>"], label: "<1>")])
        XCTAssertEqual(html, #"<p>é<sup class="label">&lt;1&gt;</sup><mark class="&quot;q" data-r="&lt;&amp;&gt;">&lt;x&gt;</mark>🍞</p>"# + "\n")
    }

    func testWithoutHighlightsTheExportIsUnchanged() {
        let document = RichString(concatenating: [RichString("a", attributes: AttributeSet([AttributeEntry(name: "italic", value: .bool(true))])), RichString("\nb")])
        XCTAssertEqual(body(document, []), HTMLExporter(fullDocument: false).export(document).html)
        XCTAssertEqual(body(document, []), "<p><em>a</em></p>\n<p>b</p>\n")
    }
}
