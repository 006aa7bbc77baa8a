import Foundation
import RichText
import XCTest
@testable import RichTextFormats

/// RTF → document → RTF → document is exact for everything the mapping models: random documents of the
/// contract's attributes through the writer and the reader, and every real document of the corpus.
final class RTFRoundTripTests: XCTestCase {
    /// What differs after writing `document` (as a package, or as plain RTF) and reading it back, or nil.
    func difference(_ document: RichString, _ images: ImageStore, asPackage: Bool) -> String? {
        let written = RTFWriter().write(document, images: images, asPackage: asPackage)
        let again: DecodedDocument
        do {
            again = try RTFReader().read(written.rtf, attachments: written.files)
        } catch {
            return "the writer's output does not read back: \(error)"
        }
        if !again.adjustments.isEmpty { return "reading the output adjusted it: \(again.adjustments)" }
        if again.document != document { return "the document differs:\n\(document)\nread back as\n\(again.document)" }
        if asPackage && again.images != images { return "the images differ: \(images.identifiers) → \(again.images.identifiers)" }
        return nil
    }

    /// The smallest document (dropping whole runs) that still differs.
    func shrink(_ document: RichString, _ images: ImageStore, asPackage: Bool) -> RichString {
        RTFRoundTripSupport.shrink(document) {
            difference($0, images.restricted(to: Self.identifiers(in: $0)), asPackage: asPackage) != nil
        }
    }

    /// The image identifiers a document's glyphs and attachments name.
    static func identifiers(in document: RichString) -> Set<String> {
        var ids: Set<String> = []
        for run in document.runs {
            for key in ["adaptiveImageGlyph", "attachment"] {
                if case .imageGlyph(let reference)? = run.attributes[key] { ids.insert(reference.contentIdentifier) }
            }
        }
        return ids
    }

    func testRandomDocumentsRoundTripThroughAnRTFDPackageExactly() {
        let seed = propertySeed(#function)
        var generator = RTFRoundTripSupport(seed: seed)
        for iteration in 0..<RTFReaderTestSupport.iterations(default: 300, long: 20_000) {
            let (document, images) = generator.document(maxPieces: iteration % 10 == 0 ? 60 : 16)
            if let difference = difference(document, images, asPackage: true) {
                let small = shrink(document, images, asPackage: true)
                let rtf = String(decoding: RTFWriter().write(small, images: images, asPackage: true).rtf, as: UTF8.self)
                return XCTFail("seed \(seed) iteration \(iteration): \(difference)\nshrunk to \(small.string.debugDescription):\n\(small)\n\(rtf)")
            }
        }
    }

    /// Plain `.rtf` has no files: graphics are left out of these documents (an embedded picture comes back
    /// under the reader's `picture-N` name, which the writer warns about).
    func testRandomDocumentsWithoutGraphicsRoundTripThroughPlainRTFExactly() {
        let seed = propertySeed(#function)
        var generator = RTFRoundTripSupport(seed: seed)
        var checked = 0
        for iteration in 0..<RTFReaderTestSupport.iterations(default: 300, long: 20_000) {
            let (document, images) = generator.document()
            guard Self.identifiers(in: document).isEmpty else { continue }
            checked += 1
            if let difference = difference(document, images, asPackage: false) {
                let small = shrink(document, images, asPackage: false)
                let rtf = String(decoding: RTFWriter().write(small, images: images, asPackage: false).rtf, as: UTF8.self)
                return XCTFail("seed \(seed) iteration \(iteration): \(difference)\nshrunk to \(small.string.debugDescription):\n\(small)\n\(rtf)")
            }
        }
        XCTAssertGreaterThan(checked, 0)
    }

    func testEveryCorpusDocumentRoundTripsExactly() throws {
        let directory = try RTFReaderTestSupport.corpusDirectory()
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        var exact = 0
        for name in names where name.hasSuffix(".rtf") || name.hasSuffix(".rtfd") {
            let url = directory.appendingPathComponent(name)
            let package = name.hasSuffix(".rtfd")
                ? try RTFDPackage.read(directory: url)
                : RTFDPackage(rtf: Array(try Data(contentsOf: url)), files: [:])
            let first = try RTFReader().read(package.rtf, attachments: package.files)
            // A corpus picture (\pict) is an attachment with bytes: a package keeps it as a file.
            if let difference = difference(first.document, first.images, asPackage: true) {
                XCTFail("\(name): \(difference)")
                continue
            }
            let once = RTFWriter().write(first.document, images: first.images, asPackage: true)
            let twice = try RTFReader().read(once.rtf, attachments: once.files)
            let again = RTFWriter().write(twice.document, images: twice.images, asPackage: true)
            XCTAssertEqual(once.rtf, again.rtf, "\(name): writing is not a fixed point")
            exact += 1
        }
        print("RTF corpus round trip: \(exact) documents exact (RTF -> document -> RTF -> document)")
        XCTAssertEqual(exact, 26)
    }
}
