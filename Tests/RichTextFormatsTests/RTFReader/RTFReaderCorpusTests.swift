import Foundation
import RichText
import XCTest
@testable import RichTextFormats

/// Every document of `../shared/corpus/rtf` loads, and its visible text starts as README's table says.
final class RTFReaderCorpusTests: XCTestCase {
    /// Where our mapping honestly differs from the README's rendering of what a word processor shows.
    /// Each entry rewrites our text before the comparison, and says why.
    static let normalisations: [String: (reason: String, apply: @Sendable (String) -> String)] = [
        "cocoa-rtfpk-mac-japanese-10001.rtf": (
            "the reader builds the list label (\"•\" and a tab) from \\listtable, as TextEdit shows it; the README's text has only labels the file carries as text",
            { $0.hasPrefix("•\t") ? String($0.dropFirst(2)) : $0 }),
    ]

    /// README's legend turned into text: ¶ "\n", ↵ U+2028, ⇥ and ¦ "\t", ⟦obj⟧ U+FFFC, ␣ space, ⟨U+XXXX⟩ and
    /// ⟨ZWSP⟩ that scalar; a trailing … means the text continues (returned as `isPrefix`).
    static func expectation(_ legend: String) -> (text: String, isPrefix: Bool) {
        var text = legend
        var isPrefix = false
        if text.hasSuffix("…") {
            text.removeLast()
            isPrefix = true
        }
        text = text.replacingOccurrences(of: "⟦obj⟧", with: "\u{FFFC}")
            .replacingOccurrences(of: "⟨ZWSP⟩", with: "\u{200B}")
        while let open = text.range(of: "⟨U+"), let close = text[open.upperBound...].firstIndex(of: "⟩") {
            let hex = String(text[open.upperBound..<close])
            let scalar = UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init).map(String.init) ?? "?"
            text.replaceSubrange(open.lowerBound...close, with: scalar)
        }
        var result = ""
        for character in text {
            switch character {
            case "¶": result += "\n"
            case "↵": result += "\u{2028}"
            case "⇥", "¦": result += "\t"
            case "␣": result += " "
            default: result.append(character)
            }
        }
        return (result, isPrefix)
    }

    func testEveryCorpusDocumentLoadsAndShowsTheExpectedText() throws {
        let directory = try RTFReaderTestSupport.corpusDirectory()
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("manifest.json")))
        let entries = try XCTUnwrap(manifest as? [[String: Any]])
        var loaded = 0
        var matched = 0
        var normalised: [String] = []
        for entry in entries {
            let file = try XCTUnwrap(entry["file"] as? String)
            let expected = try XCTUnwrap(entry["text_start"] as? String)
            let url = directory.appendingPathComponent(file)
            var bytes: [UInt8]
            var attachments: [String: Data] = [:]
            if file.hasSuffix(".rtfd") || file.hasSuffix(".rtfd/") {
                bytes = Array(try Data(contentsOf: url.appendingPathComponent("TXT.rtf")))
                for name in try FileManager.default.contentsOfDirectory(atPath: url.path) where name != "TXT.rtf" {
                    attachments[name] = try Data(contentsOf: url.appendingPathComponent(name))
                }
            } else {
                bytes = Array(try Data(contentsOf: url))
            }
            let decoded: DecodedDocument
            do {
                decoded = try RTFReader().read(bytes, attachments: attachments)
            } catch {
                XCTFail("\(file): \(error)")
                continue
            }
            loaded += 1
            var text = RTFReaderTestSupport.visibleText(decoded.document)
            if let normalisation = Self.normalisations[file] {
                text = normalisation.apply(text)
                normalised.append("\(file) (\(normalisation.reason))")
            }
            let (want, isPrefix) = Self.expectation(expected)
            let ok = isPrefix ? text.hasPrefix(want) : (text == want || text == want + "\n")
            if ok {
                matched += 1
            } else {
                XCTFail("\(file): text differs\n  want: \(want.debugDescription)\n  got:  \(String(text.prefix(want.count + 40)).debugDescription)")
            }
            if ProcessInfo.processInfo.environment["RTF_CORPUS_VERBOSE"] == "1" {
                print("\(file): \(decoded.warnings.count) warnings, \(decoded.adjustments.count) adjustments, \(decoded.images.count) images")
                for warning in decoded.warnings { print("   \(warning)") }
            }
        }
        print("RTF corpus: \(loaded)/\(entries.count) files loaded, \(matched)/\(entries.count) text matches; normalised: \(normalised.isEmpty ? "none" : normalised.joined(separator: "; "))")
    }

    /// The text_note column's later text, where it says more than text_start.
    func testCorpusNotesLaterText() throws {
        let directory = try RTFReaderTestSupport.corpusDirectory()
        func read(_ file: String) throws -> DecodedDocument {
            try RTFReader().read(Array(Data(contentsOf: directory.appendingPathComponent(file))))
        }
        // README's note reads "Cell 1¶Cell 2¦More in cell 2¦…", but the file has `Cell 1\cell Cell 2\par More in
        // cell 2\cell`: the first cell holds one paragraph and the second two, so the ¶ and ¦ trade places.
        let word = try read("word-rtfjs-sample-word2003.rtf").document.string
        XCTAssertTrue(word.contains("Cell 1\tCell 2\nMore in cell 2\tCell 3\t\nNext row\tNext row \tNext row\t\n"))

        let package = directory.appendingPathComponent("cocoa-texshop-about402.rtfd")
        let png = try Data(contentsOf: package.appendingPathComponent("unknown.png"))
        let texshop = try RTFReader().read(Array(Data(contentsOf: package.appendingPathComponent("TXT.rtf"))),
                                           attachments: ["unknown.png": png])
        XCTAssertTrue(texshop.document.string.contains("Here is a screen shot from Texpad.\n\n\u{FFFC}"))
        XCTAssertEqual(texshop.images["unknown.png"]?.data, png)
        XCTAssertEqual(texshop.images["unknown.png"]?.contentType, "public.png")

        // The page header's picture and cells are not body text.
        let header = try read("libreoffice-core-png-in-header-table.rtf")
        XCTAssertEqual(header.document.string, "body1\tbody2\t\n")
        XCTAssertTrue(header.warnings.contains { $0.message.contains("headers and footers") })

        // Hidden "secret" is left out, with a warning.
        let formatting = try read("word-pandoc-formatting.rtf")
        XCTAssertFalse(formatting.document.string.contains("secret"))
        XCTAssertTrue(formatting.warnings.contains { $0.message.contains("hidden") })

        // Three WMF pictures, in order.
        XCTAssertEqual(try read("wordpad-rtfjs-picture.rtf").images.identifiers, ["picture-1.wmf", "picture-2.wmf", "picture-3.wmf"])
    }
}
