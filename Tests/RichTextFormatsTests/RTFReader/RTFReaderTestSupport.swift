import Foundation
import RichText
import XCTest
@testable import RichTextFormats

/// Helpers shared by the RTF reader tests.
enum RTFReaderTestSupport {
    /// The RTF corpus: `$FMTCHECK_SHARED/corpus/rtf`, else the first `shared/corpus/rtf` found walking up from
    /// this file (the package sits next to `shared`). Throws `XCTSkip`, naming where it looked, when absent.
    static func corpusDirectory() throws -> URL {
        var tried: [String] = []
        if let env = ProcessInfo.processInfo.environment["FMTCHECK_SHARED"], !env.isEmpty {
            let url = URL(fileURLWithPath: env).appendingPathComponent("corpus/rtf")
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("manifest.json").path) { return url }
            tried.append(url.path)
        }
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("shared/corpus/rtf")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("manifest.json").path) { return candidate }
            tried.append(candidate.path)
            directory = directory.deletingLastPathComponent()
        }
        throw XCTSkip("RTF corpus not found (looked at: \(tried.joined(separator: ", "))); set FMTCHECK_SHARED")
    }

    /// How many iterations a property test runs: `FMTCHECK_PROPERTY_ITERATIONS`, else `FMTCHECK_ITERATIONS`,
    /// else `long` with `FMTCHECK_LONG=1`, else `small`.
    static func iterations(default small: Int, long: Int) -> Int {
        let env = ProcessInfo.processInfo.environment
        for name in ["FMTCHECK_PROPERTY_ITERATIONS", "FMTCHECK_ITERATIONS"] {
            if let value = env[name], let n = Int(value) { return n }
        }
        return env["FMTCHECK_LONG"] == "1" ? long : small
    }

    /// Reads `rtf` (a Swift string whose scalars are the bytes, Latin-1 style for bytes ≥ 0x80).
    static func read(_ rtf: String, attachments: [String: Data] = [:], limits: RTFReader.Limits = RTFReader.Limits()) throws(DocumentError) -> DecodedDocument {
        try RTFReader(limits: limits).read(bytes(rtf), attachments: attachments)
    }

    /// The bytes of a test string: scalars up to U+00FF become one byte each.
    static func bytes(_ rtf: String) -> [UInt8] {
        rtf.unicodeScalars.map { $0.value <= 0xFF ? UInt8($0.value) : UInt8(ascii: "?") }
    }

    /// The document's text as shown: `allCaps` runs upper-cased.
    static func visibleText(_ document: RichString) -> String {
        var result = ""
        for (text, attributes) in document.textRuns {
            result += attributes[StandardAttributes.allCaps.name] == .bool(true) ? text.uppercased() : String(text)
        }
        return result
    }

    /// The runs of `document` as (text, attributes by name).
    static func runs(_ document: RichString) -> [(String, [String: AttributeValue])] {
        document.textRuns.map { (String($0.text), Dictionary(uniqueKeysWithValues: $0.attributes.entries.map { ($0.name, $0.value) })) }
    }

    /// The attributes on the first run holding `fragment`.
    static func attributes(of fragment: String, in document: RichString) -> [String: AttributeValue]? {
        runs(document).first { $0.0.contains(fragment) }?.1
    }
}
