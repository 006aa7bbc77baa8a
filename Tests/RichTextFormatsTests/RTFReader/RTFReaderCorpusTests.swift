import Foundation
import RichText
import XCTest
@testable import RichTextFormats

/// Every document of `../shared/corpus/rtf` loads, and its visible text starts as README's table says.
final class RTFReaderCorpusTests: XCTestCase {
    /// Where our mapping honestly differs from the README's rendering of what a word processor shows.
    /// Each entry rewrites our text before the comparison, and says why.
    static let normalisations: [String: (reason: String, apply: @Sendable (String) -> String)] = [
        "word-rtfjs-sample-word2003.rtf": (
            "Symbol-font bullets are U+F0B7 in the file (\\'b7 in a \\fcharset2 font); the README shows them as •",
            { $0.replacingOccurrences(of: "\u{F0B7}", with: "•") }),
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
}
