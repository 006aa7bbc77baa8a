@testable import FormatCheck
import FormattingTesting
import RichText
import XCTest

/// The linter's one-pass positions and quotes (`DocumentLinter.Located`) are exactly what the per-range
/// `DocumentPosition(utf8Range:in:)` and `ViolationMessage.quote(_:in:)` give, on random documents with astral
/// scalars, CRLF and combining marks, and on ranges that are empty, clamped, or cut characters.
final class ViolationPositionTests: XCTestCase {
    static let pieces = ["a", "b", "hello ", "crème ", "naïve café ", "\r", "\n", "\r\n", "\u{2029}", "e\u{301}", "\u{301}",
                         "😀", "🇫🇷", "👩🏽‍💻", "\u{2FF}", "ü", "日本", "\t", "0123456789 ", "\"quoted\" ", "\u{FFFC}"]

    func testLocatedMatchesThePerRangePositionAndQuote() {
        var rng = SeededGenerator(seed: 0x5649_4F4C)
        let iterations = Int(ProcessInfo.processInfo.environment["FMTCHECK_ITERATIONS"] ?? "") ?? 120
        for _ in 0..<iterations {
            var s = ""
            for _ in 0..<(rng.int(0...3) == 0 ? rng.int(300...2000) : rng.int(0...30)) { s += Self.pieces[rng.int(0...(Self.pieces.count - 1))] }
            let doc = RichString(s)
            let total = doc.counts.utf8
            // Ranges on scalar boundaries (what findings carry), some empty, some past the ends.
            let scalarStarts = [0] + s.unicodeScalars.indices.map { s.utf8.distance(from: s.startIndex, to: $0) }.dropFirst() + [total]
            var ranges: [Range<Int>] = []
            for _ in 0..<rng.int(0...40) {
                let a = scalarStarts[rng.int(0...(scalarStarts.count - 1))]
                let b = scalarStarts[rng.int(0...(scalarStarts.count - 1))]
                ranges.append(min(a, b)..<max(a, b))
            }
            if rng.int(0...4) == 0 { ranges += [0..<0, total..<total, -2..<(total + 3), (total + 1)..<(total + 9)] }
            let located = DocumentLinter.Located(ranges, in: doc)
            for (k, range) in ranges.enumerated() {
                XCTAssertEqual(located[k].position, DocumentPosition(utf8Range: range, in: doc), "\(range) in \(s.debugDescription.prefix(120))")
                XCTAssertEqual(ViolationMessage.quote(located[k].range, characters: located[k].characters, in: doc),
                               ViolationMessage.quote(range, in: doc), "\(range)")
            }
        }
    }
}
