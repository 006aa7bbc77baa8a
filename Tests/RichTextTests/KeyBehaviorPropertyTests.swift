import XCTest
@testable import RichText
import TestKeys
import struct FormattingTesting.SeededGenerator

/// Random scripts over keys of every behaviour against a naive whole-document model of DESIGN §2; after every
/// step run boundaries hold everywhere and no invalidated stretch keeps its value.
final class KeyBehaviorPropertyTests: XCTestCase {
    func testRandomScriptsOverEveryBehaviourMatchTheNaiveModel() {
        let scripts = propertyBudget(default: 80, long: 4000)
        if let report = checkBehaviorScripts(seeds: 1..<UInt64(scripts + 1), steps: 40) {
            XCTFail(report)
        }
        print("behaviour property test: \(scripts) scripts x 40 steps checked")
    }

    /// Per-key runs, read forward, backward and by subscript at every scalar, in the whole string and in a slice,
    /// break exactly where a scan of the scalars one by one says: where a key's value changes, at every
    /// paragraph for a paragraph-bound key, and before and after every scalar a character-bound key is bound to.
    /// The texts reach a few kilobytes, so the scalar search crosses chunks.
    func testPerKeyRunsBreakWhereAScanOfTheScalarsDoes() {
        let fragments = ["a", "bc", "•", "••", "\u{FFFC}", "\n", "\r\n", "é", "e\u{301}", "•\u{301}", "😀", " "]
        let views: [[AttributeKeyDescriptor]] = [
            [BulletKey.descriptor], [ColorKey.descriptor, BulletKey.descriptor],
            [GlyphKey.descriptor, BulletKey.descriptor, AlignmentKey.descriptor], [ColorKey.descriptor], [AlignmentKey.descriptor],
        ]
        for seed in 1...UInt64(propertyBudget(default: 6, long: 300)) {
            var rng = SeededGenerator(seed: seed)
            // Every other seed makes bound scalars rare, so that stretches without one cross chunks.
            let boundShare = seed % 2 == 0 ? 1.0 : 0.03
            var text = RichString((0..<rng.int(1...800)).map { _ in
                var fragment = rng.pick(fragments)
                while fragment.unicodeScalars.contains(where: { "•\u{FFFC}".unicodeScalars.contains($0) }) && !rng.chance(boundShare) {
                    fragment = rng.pick(fragments)
                }
                return fragment
            }.joined())
            let scalarCount = text.unicodeScalars.count
            for _ in 0..<rng.int(0...30) {
                let from = rng.int(0...(scalarCount - 1)), to = rng.int(from...scalarCount)
                let range = text.range(from, to, in: .scalars)
                switch rng.int(0...3) {
                case 0: text.setAttribute(BulletKey.self, to: rng.chance(0.2) ? nil : rng.int(1...2), in: range)
                case 1: text.setAttribute(GlyphKey.self, to: rng.pick(["g1", "g2"]), in: range)
                case 2: text.setAttribute(AlignmentKey.self, to: rng.pick(["left", "right"]), in: range)
                default: text.setAttribute(ColorKey.self, to: rng.int(1...2), in: range)
                }
            }
            let scan = ScalarScan(text)
            let from = rng.int(0...scalarCount), to = rng.int(from...scalarCount)
            for (lower, upper) in [(0, scalarCount), (from, to)] {
                let bounds = scan.index(lower, in: text)..<scan.index(upper, in: text)
                for keys in views {
                    let runs = text[bounds].runs[keys]
                    let expected = scan.runs(of: keys, from: lower, to: upper).map { scan.index($0.lowerBound, in: text)..<scan.index($0.upperBound, in: text) }
                    let context = "seed \(seed), keys \(keys.map(\.name)), bounds \(bounds)"
                    XCTAssertEqual(runs.map(\.range), expected, "forward, \(context)")
                    XCTAssertEqual(runs.reversed().map(\.range), expected.reversed(), "backward, \(context)")
                    for run in scan.runs(of: keys, from: lower, to: upper) {
                        let range = scan.index(run.lowerBound, in: text)..<scan.index(run.upperBound, in: text)
                        for k in [run.lowerBound, rng.int(run.lowerBound...(run.upperBound - 1)), run.upperBound - 1] {
                            let i = scan.index(k, in: text)
                            if runs[i].range != range { XCTFail("subscript at \(i) gives \(runs[i].range), not \(range), \(context)") }
                        }
                    }
                }
            }
        }
    }
}

/// The scalars of a string read one by one, with the attributes on each and whether a paragraph starts there:
/// the reference the per-key runs are checked against.
private struct ScalarScan {
    var offsets: [Int] = []
    var scalars: [Unicode.Scalar] = []
    var attributes: [AttributeSet] = []
    var startsParagraph: [Bool] = []
    var utf8Count: Int

    init(_ text: RichString) {
        utf8Count = text.utf8.count
        for i in text.unicodeScalars.indices {
            offsets.append(i.utf8Offset)
            scalars.append(text.unicodeScalars[i])
            attributes.append(text.runs[i].attributes)
            startsParagraph.append(text.paragraphRange(containing: i).lowerBound == i)
        }
    }

    /// The index of scalar `k` (the end for the count).
    func index(_ k: Int, in text: RichString) -> RichString.Index {
        text.index(utf8: k < offsets.count ? offsets[k] : utf8Count)
    }

    /// The runs of `keys` over scalars `from..<to`, as ranges of scalar numbers.
    func runs(of keys: [AttributeKeyDescriptor], from: Int, to: Int) -> [Range<Int>] {
        let bound = Set(keys.compactMap { $0.behavior.runBoundaries?.constrainedScalar })
        let byParagraph = keys.contains { $0.behavior.runBoundaries == .paragraph }
        let values = { (k: Int) in keys.map { self.attributes[k][$0.name] } }
        var starts: [Int] = []
        for k in from..<to {
            if k == from || values(k - 1) != values(k) || bound.contains(scalars[k - 1]) || bound.contains(scalars[k])
                || (byParagraph && startsParagraph[k]) {
                starts.append(k)
            }
        }
        return starts.indices.map { n in starts[n]..<(n + 1 < starts.count ? starts[n + 1] : to) }
    }
}
