import XCTest
import RichText
@testable import RichTextFormats

/// Random documents of the contract's attributes, written as a package and as plain RTF: the output is
/// well-formed, shows every scalar of the text, names a file for every graphic and stores each image once.
/// (The round trip through the reader reuses `RTFRoundTripSupport`.)
final class RTFWriterPropertyTests: XCTestCase {
    /// What is wrong with the writer's output for `document`, or nil.
    func problem(_ document: RichString, _ images: ImageStore) -> String? {
        for asPackage in [true, false] {
            let output = RTFWriter().write(document, images: images, asPackage: asPackage)
            let mode = asPackage ? "package" : "plain"
            let text: String
            do { text = try RTFTextOracle.text(output.rtf) } catch { return "\(mode): \(error)" }
            if text != document.string {
                return "\(mode): the text reads back as \(text.debugDescription), not \(document.string.debugDescription)"
            }
            if output.rtf != RTFWriter().write(document, images: images, asPackage: asPackage).rtf {
                return "\(mode): two writes differ"
            }
            let rtf = String(decoding: output.rtf, as: UTF8.self)
            if asPackage {
                if !output.warnings.isEmpty { return "package: unexpected warnings \(output.warnings)" }
                // Every named file exists, every file is named, and glyph bytes are stored once.
                var named: Set<String> = []
                var remaining = Substring(rtf)
                while let range = remaining.range(of: "\\NeXTGraphic ") {
                    let rest = remaining[range.upperBound...]
                    guard let end = rest.range(of: " \\width") else { return "package: a NeXTGraphic without \\width" }
                    named.insert(String(rest[..<end.lowerBound]))
                    remaining = rest[end.upperBound...]
                }
                let plainNames = named.filter { !$0.contains("\\") }
                for name in plainNames where output.files[name] == nil { return "package: \(name) is named but not written" }
                if Set(output.files.keys) != plainNames { return "package: files \(output.files.keys.sorted()) but names \(plainNames.sorted())" }
                let glyphFiles = output.files.filter { $0.key.hasPrefix("AdaptiveImageGlyph-") }
                if Set(glyphFiles.values).count != glyphFiles.count { return "package: glyph bytes stored twice" }
                for (name, data) in glyphFiles where output.files.contains(where: { $0.key != name && $0.value == data }) {
                    return "package: the glyph file \(name) duplicates another file"
                }
            } else {
                if !output.files.isEmpty { return "plain: files \(output.files.keys.sorted())" }
                for warning in output.warnings where !warning.message.contains(".rtfd") {
                    return "plain: unexpected warning \(warning)"
                }
            }
            // One graphic group per glyph or attachment.
            var graphics = 0
            for run in document.runs where run.attributes["adaptiveImageGlyph"] != nil || run.attributes["attachment"] != nil {
                graphics += document[run.range].string.unicodeScalars.count
            }
            let groups = rtf.components(separatedBy: "{{\\NeXTGraphic ").count - 1 + rtf.components(separatedBy: "{\\pict").count - 1
            if groups != graphics { return "\(mode): \(groups) graphic groups for \(graphics) graphics" }
        }
        return nil
    }

    /// The smallest document (dropping runs, then characters) that still shows `problem`.
    func shrink(_ document: RichString, _ images: ImageStore) -> RichString {
        RTFRoundTripSupport.shrink(document) { problem($0, images) != nil }
    }

    func testRandomDocumentsWriteWellFormedRTFShowingEveryScalar() {
        let seed = propertySeed(#function)
        var generator = RTFRoundTripSupport(seed: seed)
        for iteration in 0..<500 {
            let (document, images) = generator.document(maxPieces: iteration % 10 == 0 ? 60 : 16)
            if let problem = problem(document, images) {
                let small = shrink(document, images)
                let rtf = String(decoding: RTFWriter().write(small, images: images, asPackage: true).rtf, as: UTF8.self)
                return XCTFail("seed \(seed) iteration \(iteration): \(problem)\nshrunk: \(small.string.debugDescription)\n\(small)\n\(rtf)\nproblem: \(self.problem(small, images) ?? "")")
            }
        }
    }

    func testTheGeneratorMakesOnlyDocumentsTheWriterKeepsExactly() {
        let seed = propertySeed(#function)
        var generator = RTFRoundTripSupport(seed: seed)
        for iteration in 0..<300 {
            let (document, images) = generator.document()
            let warnings = RTFWriter().write(document, images: images, asPackage: true).warnings
            XCTAssertEqual(warnings, [], "seed \(seed) iteration \(iteration)")
            if !warnings.isEmpty { return }
        }
    }

    func testALargeDocumentIsWrittenInOnePass() {
        var generator = RTFRoundTripSupport(seed: 42)
        var pieces: [RichString] = []
        for _ in 0..<200 {
            let (document, _) = generator.document(maxPieces: 40)
            pieces.append(document)
        }
        let document = RichString(concatenating: pieces)
        let output = RTFWriter().write(document, images: ImageStore(), asPackage: false)
        XCTAssertEqual(try RTFTextOracle.text(output.rtf), document.string)
    }
}
