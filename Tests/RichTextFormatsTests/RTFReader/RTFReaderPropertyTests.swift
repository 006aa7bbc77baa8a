import Foundation
import FormattingTesting
import RichText
import XCTest
@testable import RichTextFormats

/// Random token soups: the reader never crashes, and returns either a document or a located error. Soups
/// built only from well-formed pieces, with balanced groups, always read.
final class RTFReaderPropertyTests: XCTestCase {
    /// Pieces that are well-formed on their own.
    static let wellFormed: [String] = [
        "text", " ", "a b", "\\b ", "\\b0 ", "\\i", "\\ul ", "\\ulnone ", "\\par ", "\\line ", "\\tab ", "\\cell ", "\\row ",
        "\\u-10179?", "\\u-9047?", "\\u9731?", "\\uc0 ", "\\uc2 ", "\\u26580\\'3f", "\\'e9", "\\'82\\'a0", "\\'82", "\\ansicpg932 ",
        "\\ansicpg1252 ", "\\f0 ", "\\f1 ", "\\fs24 ", "\\cf1 ", "\\highlight2 ", "\\plain ", "\\pard ", "\\qc ", "\\li720 ",
        "\\sl360\\slmult1 ", "\\v ", "\\v0 ", "\\super ", "\\nosupersub ", "\\~", "\\-", "\\{", "\\}", "\\\\", "\\\n", "\r\n",
        "\t", "\u{0}", "\u{AC}", "\u{E9}", "\\bin2 {}", "\\unknownword12 ", "\\*", "\\zz-5x", "{\\*\\foo bar{baz}}",
        "{\\fonttbl\\f0\\fcharset128 MS Gothic;\\f1\\fcharset2 Symbol;}", "{\\colortbl;\\red255\\green0\\blue0;}",
        "{\\*\\expandedcolortbl;;\\csgenericrgb\\c1\\c2\\c3;}",
        "{\\field{\\*\\fldinst HYPERLINK \"https://x.y\"}{\\fldrslt link}}", "{\\field{\\*\\fldinst{HYPERLINK}}{\\fldrslt}}",
        "{\\pict\\pngblip 0a1b}", "{\\pict\\wmetafile8\\bin3 }}}}", "{\\pict 0g}", "{{\\NeXTGraphic a.png \\width1}\u{AC}}",
        "{\\NeXTGraphic b.heic \\appleemojiimage id1}", "{\\header h}", "{\\footnote f}", "{\\info{\\title t}}",
        "{\\listtext\t\\uc0\\u8226 \t}", "{\\upr{\\fonttbl\\f2 A;}{\\*\\ud{\\fonttbl\\f2 B;}}}",
        "{\\*\\listtable{\\list{\\listlevel\\levelnfc4\\levelfollow1{\\leveltext\\'02\\'00);}{\\levelnumbers\\'01;}\\f1}\\listid7}}",
        "{\\list{\\listlevel\\levelnfc23{\\leveltext\\'01\\u-3913 ?;}}\\listid8}", "{\\listoverride\\listid8\\ls2}",
        "{\\*\\listoverridetable{\\listoverride\\listid7\\ls1}}", "\\ls1 ", "\\ls2 ", "\\ilvl3 ", "\\chftn ",
        "{\\super\\chftn{\\footnote\\pard note\\par}}", "{\\footnote\\ftnalt e}", "\\aftnnchi ", "{\\b\\*\\cs7 x}",
        "\\u-3929?", "{\\f1 l\\'fc}",
    ]

    /// Pieces that may break the syntax.
    static let hostile: [String] = [
        "{", "}", "\\", "\\'", "\\'4", "\\'zz", "\\bin", "\\bin99999 ", "\\bin2000000000 ", "\\bin-1 ", "\\u99999999 ",
        "\\u-99999 ", "{\\pict\\bin5 ", "{\\*", "\\rtf1", "\u{FF}\u{FE}",
    ]

    enum Outcome: Equatable {
        case document
        case located
        case failure(String)
    }

    static func outcome(_ pieces: [String], wrapped: Bool) -> Outcome {
        let text = (wrapped ? "{\\rtf1 " : "") + pieces.joined() + (wrapped ? "}" : "")
        let bytes = RTFReaderTestSupport.bytes(text)
        do {
            let decoded = try RTFReader(limits: RTFReader.Limits(maxGroupDepth: 64)).read(bytes)
            let total = decoded.document.runs.reduce(0) { $0 + decoded.document.offset(of: $1.range.upperBound, in: .utf8) - decoded.document.offset(of: $1.range.lowerBound, in: .utf8) }
            guard total == decoded.document.string.utf8.count else { return .failure("runs do not cover the text") }
            return .document
        } catch {
            guard error.kind == .malformed || error.kind == .limitExceeded else { return .failure("unexpected kind \(error.kind)") }
            guard let location = error.location, location.byteOffset >= 0, location.byteOffset <= bytes.count,
                  location.line >= 1, location.column >= 1 else { return .failure("error without a valid location: \(error)") }
            return .located
        }
    }

    /// Drops pieces one at a time while `fails` still holds.
    static func shrink(_ pieces: [String], _ fails: ([String]) -> Bool) -> [String] {
        droppingElements(of: pieces, whileFailing: fails)
    }

    func testRandomTokenSoupsReadOrFailWithALocation() {
        let seed = propertySeed(#function)
        var rng = SeededGenerator(seed: seed)
        let iterations = RTFReaderTestSupport.iterations(default: 300, long: 20_000)
        for iteration in 0..<iterations {
            let count = Int.random(in: 0...40, using: &rng)
            var pieces: [String] = []
            for _ in 0..<count {
                let pool = Double.random(in: 0..<1, using: &rng) < 0.15 ? Self.hostile : Self.wellFormed
                pieces.append(pool.randomElement(using: &rng)!)
            }
            let wrapped = Double.random(in: 0..<1, using: &rng) < 0.9
            if case .failure(let reason) = Self.outcome(pieces, wrapped: wrapped) {
                let shrunk = Self.shrink(pieces) { if case .failure = Self.outcome($0, wrapped: wrapped) { return true } else { return false } }
                return XCTFail("seed \(seed) iteration \(iteration): \(reason)\nshrunk case: \(shrunk.map(\.debugDescription))")
            }
        }
    }

    func testWellFormedSoupsWithBalancedGroupsAlwaysRead() {
        let seed = propertySeed(#function)
        var rng = SeededGenerator(seed: seed)
        let iterations = RTFReaderTestSupport.iterations(default: 300, long: 20_000)
        for iteration in 0..<iterations {
            var pieces: [String] = []
            var open = 0
            for _ in 0..<Int.random(in: 0...40, using: &rng) {
                let roll = Double.random(in: 0..<1, using: &rng)
                if roll < 0.1 && open < 30 {
                    pieces.append("{")
                    open += 1
                } else if roll < 0.2 && open > 0 {
                    pieces.append("}")
                    open -= 1
                } else {
                    pieces.append(Self.wellFormed.randomElement(using: &rng)!)
                }
            }
            pieces += Array(repeating: "}", count: open)
            let result = Self.outcome(pieces, wrapped: true)
            if result != .document {
                let shrunk = Self.shrink(pieces) { Self.outcome($0, wrapped: true) != .document }
                return XCTFail("seed \(seed) iteration \(iteration): \(result)\nshrunk case: \(shrunk.map(\.debugDescription))")
            }
        }
    }
}
