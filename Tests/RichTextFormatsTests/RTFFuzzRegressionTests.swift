import Foundation
import RichText
import XCTest
@testable import RichTextFormats

/// Inputs RTFReaderFuzz found, replayed through its invariant: a document the reader accepts, written as a
/// package and read back, is the same document with the same images and no adjustments.
final class RTFFuzzRegressionTests: XCTestCase {
    static let inputs: [(name: String, base64: String)] = [
        // A NeXTGraphic group whose name runs into a nested group, a picture, and \u escapes without digits.
        ("crash-d7f103bd", "e1xydGYxXGFuc2l7AAAA4VhUR3JhcGhpYyBBZGF7XE5lq6u4jWlwaGljIHBpYy5wbmcgXHdpZHRoMjAgXGhlaWdodDIwfax9e1xwaWN0XHBuZ2JsaXBccGljdzFccGljaDEgODk1CTA0ZTQ3fVx1NjA4MT9cdWFwdGl2ZUltYWdlR2x5cGgtYWIwMTE3OT9cdS05MDQ/XHBhcn0="),
    ]

    func testTheRoundTripHoldsOnEveryFuzzFinding() throws {
        for (name, base64) in Self.inputs {
            let bytes = [UInt8](try XCTUnwrap(Data(base64Encoded: base64), name))
            guard let decoded = try? RTFReader().read(bytes) else { continue }
            let written = RTFWriter().write(decoded.document, images: decoded.images, asPackage: true)
            let again = try RTFReader().read(written.rtf, attachments: written.files)
            XCTAssertEqual(again.adjustments, [], name)
            XCTAssertEqual(again.document, decoded.document, "\(name)\n\(decoded.document)\n\(again.document)\n\(String(decoding: written.rtf, as: UTF8.self))")
            XCTAssertEqual(again.images, decoded.images, "\(name): \(decoded.images.identifiers) -> \(again.images.identifiers)")
        }
    }
}
