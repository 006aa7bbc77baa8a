import Foundation
@testable import RichText
import TestKeys
import XCTest
import struct FormattingTesting.SeededGenerator

/// Random removals and attribute changes on documents deep enough that both ropes (text chunks and attribute
/// runs) have height 3 or more, checked against a naive model.
///
/// The target is the trap in the toolchain Foundation's rope (DESIGN §2): a path that ends at a node's end is
/// not normalised after a deficiency is fixed by merging with or borrowing from the next sibling. So removals
/// end exactly at run boundaries (run rope elements), at multiples of the chunk sizes (1024 and 768 UTF-8
/// bytes), at the very ends of the text, take whole stretches of runs and chunks, and empty the document;
/// attribute sets over many short runs merge them away (mass removals from the run rope).
///
/// Seeded: `FMTCHECK_SEED=<seed>` reruns one seed, `FMTCHECK_LONG=1` runs more seeds and more operations.
final class DeepTreeTests: XCTestCase {
    func testRandomRemovalsOnDeepTrees() throws {
        let long = SharedData.isLongRun
        let seeds: [UInt64] = SharedData.seedOverride.map { [$0] } ?? (long ? Array(1...8).map { 0xDEE9_0000 + $0 } : [0xDEE9_0001])
        for seed in seeds {
            try runRemovals(seed: seed, operations: long ? 4_000 : 350)
        }
    }

    func testRemovalsThatEmptyTheDocument() throws {
        let seeds: [UInt64] = SharedData.seedOverride.map { [$0] } ?? (SharedData.isLongRun ? Array(0...15).map { 0xE3B7_0002 + $0 } : [0xE3B7_0002])
        for seed in seeds { try emptyTheDocument(seed: seed) }
    }

    func emptyTheDocument(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var harness = try DeepDocument.shared(seed: seed)
        let start = Date()
        // Cut the document down in large, mixed pieces: suffixes, prefixes, middles, ends at chunk multiples.
        var step = 0
        while !harness.model.scalars.isEmpty {
            step += 1
            let n = harness.model.scalars.count
            let cut = min(n, rng.int(1...max(1, n / 6)) + rng.int(0...2_000))
            let from: Int
            switch step % 4 {
            case 0: from = n - cut  // a suffix: the path ends at the end of the last node
            case 1: from = 0  // a prefix
            case 2: from = harness.model.scalarOffset(ofUTF8: (harness.model.utf8Count / 1024) * 1024) - cut
            default: from = rng.int(0...(n - cut))
            }
            harness.remove(max(0, from)..<(max(0, from) + cut), context: "emptying step \(step)")
            harness.spotCheck(around: max(0, from), using: &rng)
            harness.invariantCheck(context: "emptying step \(step)")
            if step % 8 == 0 { harness.fullCheck(context: "emptying step \(step)") }
            if harness.failed { return }
        }
        XCTAssertTrue(harness.text.isEmpty, "seed \(seed): the document should be empty")
        XCTAssertEqual(harness.text.counts.utf8, 0, "seed \(seed)")
        XCTAssertEqual(harness.text.runs.count, 0, "seed \(seed)")
        harness.text._invariantCheck()
        // An emptied string is usable again, and empties again from a deep state in one removal.
        harness.text.append("after")
        XCTAssertEqual(harness.text.string, "after")
        harness.text._invariantCheck()
        var again = try DeepDocument.shared(seed: seed)
        again.remove(0..<again.model.scalars.count, context: "remove everything at once")
        XCTAssertTrue(again.text.isEmpty, "seed \(seed)")
        again.text._invariantCheck()
        print("deep tree emptying: seed \(seed), \(step) removals, \(String(format: "%.2f", Date().timeIntervalSince(start))) s")
    }

    func testAttributeSetsOverManyShortRuns() throws {
        let seed = SharedData.seedOverride ?? 0xA77E_0003
        var rng = SeededGenerator(seed: seed)
        var harness = try DeepDocument.shared(seed: seed)
        let start = Date()
        let rounds = SharedData.isLongRun ? 2_000 : 150
        for round in 0..<rounds {
            if harness.model.scalars.count < 10_000 {
                // Whole-run removals shrink the document; start again from the deep one.
                harness.invariantCheck(context: "attribute round \(round), before starting again")
                harness.fullCheck(context: "attribute round \(round), before starting again")
                harness = try DeepDocument.shared(seed: seed)
            }
            let n = harness.model.scalars.count
            let context = "attribute round \(round)"
            switch rng.int(0...5) {
            case 0, 1:
                // Flatten a long stretch of short runs into one: many run elements leave the rope at once.
                let length = rng.int(50...min(n, 6_000))
                let from = rng.int(0...(n - length))
                harness.setAttributes(code: rng.int(0...15), in: from..<(from + length), context: context)
            case 2:
                // Flatten up to the very end of the text.
                let from = max(0, n - rng.int(1...min(n, 4_000)))
                harness.setAttributes(code: rng.int(0...15), in: from..<n, context: context)
            case 3:
                // Split one run into many again, through a RangeSet (one mutation).
                let from = rng.int(0...(n - 1))
                var ranges: [Range<Int>] = []
                var p = from
                while p < n && ranges.count < 200 {
                    ranges.append(p..<min(n, p + rng.int(1...3)))
                    p = ranges.last!.upperBound + rng.int(1...3)
                }
                harness.setAttributes(code: rng.int(0...15), in: ranges, context: context)
            case 4:
                // Remove one key over a stretch: only some runs change.
                let length = rng.int(1...min(n, 3_000))
                let from = rng.int(0...(n - length))
                harness.removeKey(rng.chance(0.5) ? "p1" : "p2", in: from..<(from + length), context: context)
            default:
                // And take some runs away altogether, ending at a run boundary.
                harness.removeWholeRuns(using: &rng, context: context)
            }
            harness.spotCheck(around: rng.int(0...max(0, harness.model.scalars.count - 1)), using: &rng)
            if round % 25 == 24 { harness.invariantCheck(context: context) }
            if round % 50 == 49 { harness.fullCheck(context: context) }
            if harness.failed { return }
        }
        harness.invariantCheck(context: "after attribute rounds")
        harness.fullCheck(context: "after attribute rounds")
        print("deep tree attributes: seed \(seed), \(rounds) rounds, \(String(format: "%.2f", Date().timeIntervalSince(start))) s, "
            + "text height \(harness.text._textTreeHeight), run height \(harness.text._runTreeHeight)")
    }

    // MARK: Removals

    func runRemovals(seed: UInt64, operations: Int) throws {
        var rng = SeededGenerator(seed: seed)
        let buildStart = Date()
        var harness = try DeepDocument.shared(seed: seed)
        let buildTime = Date().timeIntervalSince(buildStart)
        let start = Date()
        var kinds: [String: Int] = [:]
        for op in 0..<operations {
            if harness.model.scalars.count < 2_000 || harness.text._textTreeHeight < 3 || harness.text._runTreeHeight < 3 {
                // Keep both trees deep: start again from the deep document.
                harness.invariantCheck(context: "operation \(op), before starting again")
                harness.fullCheck(context: "operation \(op), before starting again")
                harness = try DeepDocument.shared(seed: seed)
                kinds["rebuild", default: 0] += 1
            }
            let n = harness.model.scalars.count
            let context = "operation \(op)"
            let kind = rng.int(0...99)
            var at = 0
            switch kind {
            case 0..<22:
                // Single scalars.
                at = rng.int(0...(n - 1))
                harness.remove(at..<(at + 1), context: context)
                kinds["single", default: 0] += 1
            case 22..<40:
                // Random ranges, mostly short.
                let length = rng.chance(0.8) ? rng.int(1...40) : rng.int(40...5_000)
                at = rng.int(0...(n - min(n, length)))
                harness.remove(at..<(at + min(n, length)), context: context)
                kinds["range", default: 0] += 1
            case 40..<50:
                // The very ends.
                let length = rng.int(1...min(n, rng.chance(0.5) ? 3 : 3_000))
                if rng.chance(0.5) {
                    at = 0
                    harness.remove(0..<length, context: context)
                } else {
                    at = n - length
                    harness.remove((n - length)..<n, context: context)
                }
                kinds["ends", default: 0] += 1
            case 50..<64:
                // Ending exactly at a multiple of a chunk size in UTF-8 bytes.
                let unit = rng.chance(0.5) ? 1024 : 768
                let multiple = rng.int(1...max(1, harness.model.utf8Count / unit))
                let end = harness.model.scalarOffset(ofUTF8: multiple * unit)
                let length = rng.chance(0.5) ? rng.int(1...4) : rng.int(1...2_048)
                at = max(0, end - length)
                harness.remove(at..<end, context: context)
                kinds["chunk-end", default: 0] += 1
            case 64..<78:
                at = harness.removeWholeRuns(using: &rng, context: context)
                kinds["whole-runs", default: 0] += 1
            case 78..<86:
                // A whole chunk's worth, aligned to a chunk multiple.
                let unit = rng.chance(0.5) ? 1024 : 768
                let multiple = rng.int(0...max(0, harness.model.utf8Count / unit - 1))
                let from = harness.model.scalarOffset(ofUTF8: multiple * unit)
                let to = harness.model.scalarOffset(ofUTF8: (multiple + rng.int(1...3)) * unit)
                at = from
                harness.remove(from..<max(from, to), context: context)
                kinds["whole-chunk", default: 0] += 1
            case 86..<94:
                // Attribute sets over many short runs.
                let length = rng.int(1...min(n, 2_000))
                at = rng.int(0...(n - length))
                harness.setAttributes(code: rng.int(0...15), in: at..<(at + length), context: context)
                kinds["set", default: 0] += 1
            default:
                // A little typing, so that removals also meet freshly split nodes.
                at = rng.int(0...n)
                harness.insert(rng.pick(DeepDocument.words), at: at, context: context)
                kinds["insert", default: 0] += 1
            }
            harness.spotCheck(around: at, using: &rng)
            if op % 25 == 24 { harness.invariantCheck(context: context) }
            if op % 150 == 149 { harness.fullCheck(context: context) }
            if harness.failed { return }
        }
        harness.invariantCheck(context: "end")
        harness.fullCheck(context: "end")
        let summary = kinds.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        print("deep tree removals: seed \(seed), \(operations) ops (\(summary)), build \(String(format: "%.2f", buildTime)) s, "
            + "ops \(String(format: "%.2f", Date().timeIntervalSince(start))) s, final \(harness.model.scalars.count) scalars, "
            + "text height \(harness.text._textTreeHeight), run height \(harness.text._runTreeHeight)")
    }
}

// MARK: - The document and its model

/// A deep `RichString` and a naive model of it: its scalars, and per scalar an attribute code (p1 in the low
/// two bits, p2 in the next two; 0 means absent).
struct DeepDocument {
    var text: RichString
    var model: Model
    var seed: UInt64
    var failed = false

    struct Model {
        var scalars: [Unicode.Scalar]
        var codes: [UInt8]
        var utf8Count: Int

        /// The scalar offset at or just after UTF-8 offset `utf8` (so always a scalar boundary).
        func scalarOffset(ofUTF8 utf8: Int) -> Int {
            var bytes = 0
            var i = 0
            while i < scalars.count && bytes < utf8 {
                bytes += UTF8.width(scalars[i])
                i += 1
            }
            return i
        }

        var string: String { String(String.UnicodeScalarView(scalars)) }
    }

    static let p1 = AttributeKeyDescriptor(name: "p1")
    static let p2 = AttributeKeyDescriptor(name: "p2")

    /// The 16 attribute sets a code stands for.
    static let sets: [AttributeSet] = (0..<16).map { code in
        var entries: [AttributeEntry] = []
        if code & 3 != 0 { entries.append(AttributeEntry(name: "p1", value: .integer(code & 3))) }
        if code >> 2 != 0 { entries.append(AttributeEntry(name: "p2", value: .string(["", "x", "y", "z"][code >> 2]))) }
        return AttributeSet(entries)
    }

    static func code(of attributes: AttributeSet) -> Int? {
        var code = 0
        for entry in attributes.entries {
            switch (entry.name, entry.value) {
            case ("p1", .integer(let v)) where (1...3).contains(v): code |= v
            case ("p2", .string(let v)):
                guard let i = ["x", "y", "z"].firstIndex(of: v) else { return nil }
                code |= (i + 1) << 2
            default: return nil
            }
        }
        return code
    }

    /// Mostly ASCII words, with multi-byte scalars, emoji with skin tones and ZWJ, combining marks and line
    /// breaks mixed in, so that chunk boundaries must respect grapheme clusters.
    static let words: [String] = [
        "the ", "rope ", "keeps ", "text ", "in ", "chunks", ", ", ". ", "a", "Zz", "naïve ", "e\u{301}",
        "日本語", "👍🏽", "👩🏽‍💻", "\r\n", "\n", "שלום ", "مرحبا ", "🇫🇷", "x",
    ]

    /// The seed of the one deep document every test starts from (built once per process, then copied).
    static let documentSeed: UInt64 = 0xDEE9_B11D
    nonisolated(unsafe) private static var cached: DeepDocument?

    /// A copy of the shared deep document, with failures reported under `seed`.
    static func shared(seed: UInt64) throws -> DeepDocument {
        if cached == nil {
            let start = Date()
            var rng = SeededGenerator(seed: documentSeed)
            cached = try build(minimumCharacters: 200_000, using: &rng)
            print("deep tree document: seed \(documentSeed), \(cached!.text.counts.characters) characters, "
                + "\(cached!.text.runs.count) runs, text height \(cached!.text._textTreeHeight), "
                + "run height \(cached!.text._runTreeHeight), built in \(String(format: "%.2f", Date().timeIntervalSince(start))) s")
        }
        var document = cached!
        document.seed = seed
        return document
    }

    /// A document of at least `minimumCharacters` characters in runs of 1 to 8 characters, both ropes of
    /// height 3 or more, then with a few hundred runs of single scalars inside grapheme clusters.
    ///
    /// The runs are built in one go through Foundation's `AttributedString` and the bridge, which packs both
    /// ropes bottom-up (appending 40,000 runs one by one takes about ten seconds in a debug build). The bridge
    /// mishandles runs that split a grapheme cluster (see `FoundationDifferentialTests`), so those are made
    /// afterwards with `setAttribute`, on both the string and the model.
    static func build(minimumCharacters: Int, using rng: inout SeededGenerator) throws -> DeepDocument {
        var scalars: [Unicode.Scalar] = []
        var codes: [UInt8] = []
        var insideClusters: [Int] = []
        var attributed = AttributedString()
        var previousCode = -1
        var characters = 0
        var pending: [Character] = []
        while characters < minimumCharacters {
            while pending.count < 8 { pending += Array(rng.pick(words)) }
            var take = rng.int(1...8)
            // A CR must stay with a following LF, which the word list may put into the next word.
            while take < pending.count && (pending[take - 1] == "\r" && pending[take] == "\n") { take += 1 }
            let piece = String(pending.prefix(take))
            pending.removeFirst(take)
            var code = rng.int(0...15)
            if code == previousCode { code = (code + 1) % 16 }
            previousCode = code
            for character in piece {
                let count = character.unicodeScalars.count
                for k in 1..<max(1, count) { insideClusters.append(scalars.count + k) }
                scalars += character.unicodeScalars
                codes += repeatElement(UInt8(code), count: count)
            }
            characters += piece.count
            var container = AttributeContainer()
            if code & 3 != 0 { container[FoundationP1Key.self] = code & 3 }
            if code >> 2 != 0 { container[FoundationP2Key.self] = ["", "x", "y", "z"][code >> 2] }
            attributed.append(AttributedString(piece, attributes: container))
        }
        let text = RichString(attributed, bridge: FoundationAttributeBridge([.key(FoundationP1Key.self), .key(FoundationP2Key.self)]))
        let model = Model(scalars: scalars, codes: codes, utf8Count: scalars.reduce(0) { $0 + UTF8.width($1) })
        var document = DeepDocument(text: text, model: model, seed: documentSeed)
        for _ in 0..<300 where !insideClusters.isEmpty {
            let p = rng.pick(insideClusters)
            document.setAttributes(code: rng.int(0...15), in: p..<(p + 1), context: "building: a run inside a cluster")
        }
        XCTAssertGreaterThanOrEqual(text.counts.characters, minimumCharacters, "document seed \(documentSeed)")
        XCTAssertGreaterThanOrEqual(document.text._textTreeHeight, 3, "document seed \(documentSeed): text rope too shallow")
        XCTAssertGreaterThanOrEqual(document.text._runTreeHeight, 3, "document seed \(documentSeed): run rope too shallow")
        document.invariantCheck(context: "after building")
        document.fullCheck(context: "after building")
        if document.failed { throw XCTSkip("document seed \(documentSeed): building the deep document failed; see the failures above") }
        return document
    }

    // MARK: Mutations, on both

    func range(_ r: Range<Int>) -> Range<RichString.Index> {
        text.index(atOffset: r.lowerBound, in: .scalars)..<text.index(atOffset: r.upperBound, in: .scalars)
    }

    mutating func remove(_ r: Range<Int>, context: String) {
        guard r.lowerBound >= 0, r.upperBound <= model.scalars.count, !r.isEmpty else { return }
        text.removeSubrange(range(r))
        model.utf8Count -= model.scalars[r].reduce(0) { $0 + UTF8.width($1) }
        model.scalars.removeSubrange(r)
        model.codes.removeSubrange(r)
        checkCounts(context: "\(context): remove \(r)")
    }

    mutating func insert(_ string: String, at offset: Int, context: String) {
        text.insert(string, at: text.index(atOffset: offset, in: .scalars))
        let inherited: UInt8 = model.codes.isEmpty ? 0 : model.codes[offset > 0 ? offset - 1 : 0]
        model.scalars.insert(contentsOf: string.unicodeScalars, at: offset)
        model.codes.insert(contentsOf: repeatElement(inherited, count: string.unicodeScalars.count), at: offset)
        model.utf8Count += string.utf8.count
        checkCounts(context: "\(context): insert \(string.debugDescription) at \(offset)")
    }

    /// Replaces every attribute over `r` with the set of `code`.
    mutating func setAttributes(code: Int, in r: Range<Int>, context: String) {
        setAttributes(code: code, in: [r], context: context)
    }

    /// Replaces every attribute over each range, as one mutation (through a RangeSet of both keys' values).
    mutating func setAttributes(code: Int, in ranges: [Range<Int>], context: String) {
        let set = RangeSet(ranges.map { range($0) })
        let p1: AttributeValue? = code & 3 == 0 ? nil : .integer(code & 3)
        let p2: AttributeValue? = code >> 2 == 0 ? nil : .string(["", "x", "y", "z"][code >> 2])
        text.setAttribute(Self.p1, to: p1, in: set)
        text.setAttribute(Self.p2, to: p2, in: set)
        for r in ranges {
            for i in r { model.codes[i] = UInt8(code) }
        }
        checkCounts(context: "\(context): set code \(code) over \(ranges.count) range(s) from \(ranges.first!)")
    }

    mutating func removeKey(_ name: String, in r: Range<Int>, context: String) {
        text.removeAttribute(named: name, in: range(r))
        let mask: UInt8 = name == "p1" ? 0b1100 : 0b0011
        for i in r { model.codes[i] &= mask }
        checkCounts(context: "\(context): remove \(name) over \(r)")
    }

    /// Removes 1 to 40 whole runs, the last of which ends at a random run boundary (often the end of the text).
    /// Returns where the removal started.
    @discardableResult
    mutating func removeWholeRuns(using rng: inout SeededGenerator, context: String) -> Int {
        let n = model.scalars.count
        guard n > 0 else { return 0 }
        let runs = text.runs
        var end: RichString.Index
        if rng.chance(0.2) {
            end = runs.endIndex
        } else {
            let probe = text.index(atOffset: rng.int(0...(n - 1)), in: .scalars)
            end = runs[probe].range.upperBound
        }
        var start = end
        for _ in 0..<rng.int(1...40) where start > runs.startIndex {
            start = runs.index(before: start)
        }
        let from = text.offset(of: start, in: .scalars)
        let to = text.offset(of: end, in: .scalars)
        remove(from..<to, context: "\(context): whole runs")
        return from
    }

    // MARK: Checks

    mutating func fail(_ message: String, file: StaticString = #filePath, line: UInt = #line) {
        failed = true
        XCTFail("seed \(seed) (rerun with FMTCHECK_SEED=\(seed)), document seed \(Self.documentSeed): \(message)", file: file, line: line)
    }

    mutating func checkCounts(context: String) {
        if text.counts.scalars != model.scalars.count || text.counts.utf8 != model.utf8Count {
            fail("\(context): counts scalars=\(text.counts.scalars) utf8=\(text.counts.utf8), model \(model.scalars.count) / \(model.utf8Count)")
        }
    }

    mutating func invariantCheck(context: String) {
        // Traps on a broken invariant; the seed is printed first so the trap can be reproduced.
        text._invariantCheck()
        if text.counts.characters != model.string.count {
            fail("\(context): \(text.counts.characters) characters, model \(model.string.count)")
        }
    }

    /// Compares the attributes and text at a few scalars near `offset` and at both ends.
    mutating func spotCheck(around offset: Int, using rng: inout SeededGenerator) {
        let n = model.scalars.count
        guard n > 0 else { return }
        var positions = [0, n - 1, min(max(offset, 0), n - 1)]
        for delta in [-2, -1, 1, 2] { positions.append(min(max(offset + delta, 0), n - 1)) }
        positions.append(rng.int(0...(n - 1)))
        for p in positions {
            let index = text.index(atOffset: p, in: .scalars)
            let scalar = text.unicodeScalars[index]
            let attributes = text.attributes(at: index)
            if scalar != model.scalars[p] {
                fail("scalar \(p): \(scalar.debugDescription), model \(model.scalars[p].debugDescription)")
                return
            }
            if Self.code(of: attributes) != Int(model.codes[p]) {
                fail("attributes at scalar \(p): \(attributes.entries.map { "\($0.name)=\($0.value)" }), model code \(model.codes[p])")
                return
            }
        }
    }

    /// The model printed the way `RichString.description` prints: each run's text, a space, its attributes.
    var modelDescription: String {
        var parts: [String] = []
        var i = 0
        let scalars = model.scalars
        let codes = model.codes
        while i < scalars.count {
            var j = i + 1
            while j < scalars.count && codes[j] == codes[i] { j += 1 }
            parts.append(String(String.UnicodeScalarView(scalars[i..<j])) + " " + Self.sets[Int(codes[i])].description)
            i = j
        }
        return parts.joined(separator: "\n")
    }

    /// Compares the whole text and every run with the model: first in one pass through `description` (which
    /// walks the run rope directly), then, only when that differs, run by run for a precise message.
    mutating func fullCheck(context: String) {
        if text.description.utf8.elementsEqual(modelDescription.utf8) { return }
        let ours = text.string
        if !ours.unicodeScalars.elementsEqual(model.scalars) {
            let a = Array(ours.unicodeScalars)
            let first = (0..<min(a.count, model.scalars.count)).first { a[$0] != model.scalars[$0] } ?? min(a.count, model.scalars.count)
            fail("\(context): text differs from the model at scalar \(first) (lengths \(a.count) / \(model.scalars.count))")
            return
        }
        // Walk runs (by UTF-8 offsets) and model scalars side by side.
        var scalarIndex = 0
        var utf8 = 0
        var previous: AttributeSet? = nil
        for run in text.runs {
            if previous == run.attributes {
                fail("\(context): adjacent runs with equal attributes at UTF-8 \(run.range.lowerBound.utf8Offset)")
                return
            }
            previous = run.attributes
            guard let code = Self.code(of: run.attributes) else {
                fail("\(context): unexpected attributes \(run.attributes)")
                return
            }
            if run.range.lowerBound.utf8Offset != utf8 {
                fail("\(context): run starts at UTF-8 \(run.range.lowerBound.utf8Offset), expected \(utf8)")
                return
            }
            let end = run.range.upperBound.utf8Offset
            while utf8 < end {
                guard scalarIndex < model.codes.count, model.codes[scalarIndex] == UInt8(code) else {
                    fail("\(context): attributes at scalar \(scalarIndex): code \(code), model \(scalarIndex < model.codes.count ? Int(model.codes[scalarIndex]) : -1)")
                    return
                }
                utf8 += UTF8.width(model.scalars[scalarIndex])
                scalarIndex += 1
            }
        }
        if scalarIndex != model.scalars.count {
            fail("\(context): runs cover \(scalarIndex) scalars, model has \(model.scalars.count)")
        } else if !failed {
            fail("\(context): description differs from the model's, though every run agrees")
        }
    }
}
