import Foundation
import RichText
import XCTest
@testable import RichTextFormats

/// Footnotes and endnotes written as `{MARK{\footnote …}}` read back as they were; what RTF cannot hold of them
/// is said.
final class RTFWriterFootnoteTests: XCTestCase {
    private func roundTrip(_ document: RichString) throws -> (DecodedDocument, RTFWriter.Output) {
        let output = RTFWriter().write(document, images: ImageStore(), asPackage: false)
        return (try RTFReader().read(output.rtf), output)
    }

    private func note(_ key: AttributeKeyDescriptor, _ text: String, bold: Bool = false) -> AttributeSet {
        var entries = [AttributeEntry(name: key.name, value: .string(text), behavior: key.behavior)]
        if bold { entries.append(AttributeEntry(name: StandardAttributes.bold.name, value: .bool(true))) }
        return AttributeSet(entries)
    }

    func testFootnotesAndEndnotesRoundTrip() throws {
        let document = RichString(concatenating: [
            RichString("See this"),
            RichString("1", attributes: note(StandardAttributes.footnote, "First note.\nSecond paragraph {with} \\ ünïcode.")),
            RichString(" and that"),
            RichString("ii", attributes: note(StandardAttributes.endnote, "An endnote.")),
            RichString(".\nNext paragraph.\n"),
        ])
        let (read, output) = try roundTrip(document)
        XCTAssertEqual(read.document, document, String(decoding: output.rtf, as: UTF8.self))
        XCTAssertEqual(output.warnings, [])
        XCTAssertTrue(String(decoding: output.rtf, as: UTF8.self).contains("{1{\\footnote\\pard\\plain First note.\\par Second"))
    }

    func testAMarkAcrossRunsIsOneFootnote() throws {
        let document = RichString(concatenating: [
            RichString("x"),
            RichString("1", attributes: note(StandardAttributes.footnote, "n", bold: true)),
            RichString("2", attributes: note(StandardAttributes.footnote, "n")),
            RichString("y"),
        ])
        let (read, output) = try roundTrip(document)
        XCTAssertEqual(read.document, document)
        XCTAssertEqual(String(decoding: output.rtf, as: UTF8.self).components(separatedBy: "\\footnote").count, 2)
    }

    func testWhiteSpaceAroundANoteIsSaidNotKept() throws {
        let document = RichString("1", attributes: note(StandardAttributes.footnote, " padded \n"))
        let (read, output) = try roundTrip(document)
        XCTAssertEqual(RTFReaderTestSupport.attributes(of: "1", in: read.document)?["footnote"], .string("padded"))
        XCTAssertTrue(output.warnings.contains { $0.message.contains("white space") }, "\(output.warnings)")
    }

    func testPrivateUseBulletsAreSaidToReadBackAsBullets() throws {
        let document = RichString("\u{F0B7} item \u{E000}")
        let (read, output) = try roundTrip(document)
        XCTAssertEqual(read.document.string, "• item \u{E000}")
        XCTAssertEqual(output.warnings.map(\.message), ["private-use characters that stand for symbol-font glyphs (first: U+F0B7) are read back as the characters they show (•)"])
    }
}
