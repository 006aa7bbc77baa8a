import XCTest
import RichText
@testable import RichTextFormats

/// The fuzz target's invariant, on inputs that have broken (or nearly broken) it: no crash; an accepted
/// document encodes, and its encoding decodes with no adjustments and encodes to the same bytes.
final class FuzzRegressionTests: XCTestCase {
    static let inputs: [String] = [
        "\u{FEFF}\"bom\"",
        #"["a\r",{"bold":true},"\nb",{}]"#,
        #"["\uFFFC",{"adaptiveImageGlyph":{"contentIdentifier":"c"}},"\u0301",{}]"#,
        #"["x\n",{"alignment":"left"},"y",{"alignment":"right"}]"#,
        #"{"runs":["a",0,"b",{"k":1}],"attributeTable":[{"k":1}]}"#,
        #"["a",{"NSLink":{"relative":"not a url with spaces"}}]"#,
        #"["a",{"NSLink":{"relative":"x","base":{"relative":"::"}}}]"#,
        #"["a",{"foregroundColor":{"red":0.1,"green":1e-300,"blue":1}}]"#,
        #"["a",{"k":-0}, "b", {"k":-0.0}]"#,
        #"["",{"bold":true}]"#,
        #"{"runs":[],"imageGlyphs":{"x":{"data":""}}}"#,
    ]

    func testFuzzInvariantHoldsOnRegressionInputs() throws {
        for input in Self.inputs {
            guard let decoded = try? NativeJSONDecoder().decode(input) else { continue }
            let first = try NativeJSONEncoder().encode(decoded.document, images: decoded.images)
            let again = try NativeJSONDecoder().decode(first)
            XCTAssertEqual(again.adjustments, [], input)
            XCTAssertEqual(try NativeJSONEncoder().encode(again.document, images: again.images), first, input)
        }
    }
}
