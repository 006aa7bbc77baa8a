import FormattingTesting
import Foundation
import RichText

// `fmtbench paragraphs`: set a paragraph-bound value ("para", runBoundaries .paragraph) on ONE character of a
// paragraph 100, 10,000 or 100,000 characters long, in the middle of a ~1M-character document whose other
// paragraphs have the usual 1-300 words. The value alternates 1, 2, 1, 2 ... so every set really changes the
// whole paragraph. Ours in process; Foundation in a child process per measurement (it can trap).

enum ParagraphsBenchmark {
    static let documentCharacters = 1_000_000
    static let lengths = [100, 10_000, 100_000]
    static let maxRepetitions = 2_000
    /// Timed seconds per measurement after which the repetitions stop (at least `minRepetitions` are done).
    static let budget = 3.0
    static let minRepetitions = 20

    /// The target paragraph: one run ("plain": only its "para" value) or with ~10% of its words tagged, so
    /// it holds many runs that the set must all rewrite.
    enum Variant: String, CaseIterable { case plain, tagged }

    struct Layout { var targetStart: Int; var targetLength: Int; var targetPara: Int }

    /// Streams the document's segments (text, tag, para) as `DocumentGenerator` does, with the target paragraph
    /// of `length` characters (its separator included) in the middle. Offsets are in scalars.
    static func generate(length: Int, variant: Variant, _ emit: (String, Int?, Int) -> Void) -> Layout {
        var produced = 0
        var lastPara = 0
        var endsWithSeparator = false
        _ = DocumentGenerator.generate(characters: (documentCharacters - length) / 2, seed: 0xA11CE) { text, tag, para in
            emit(text, tag, para)
            produced += text.unicodeScalars.count
            lastPara = para
            endsWithSeparator = text.hasSuffix("\n")
        }
        if !endsWithSeparator {
            emit("\n", nil, lastPara)
            produced += 1
        }
        let targetStart = produced
        let targetPara = lastPara + 1

        // The target paragraph: ASCII words, length - 1 characters, then "\n".
        var rng = SeededGenerator(seed: 0xB0B + UInt64(length))
        let letters = Array("etaoinshrdlucmfwypvbgkqjxz")
        var remaining = length - 1
        var buffer = ""
        while remaining > 0 {
            var word = buffer.isEmpty && remaining == length - 1 ? "" : " "
            let n = min(rng.int(in: 1...10), remaining - word.count)
            if n <= 0 { buffer.append(String(repeating: " ", count: remaining)); remaining = 0; break }
            for _ in 0..<n { word.append(letters[rng.below(letters.count)]) }
            remaining -= word.count
            if variant == .tagged && rng.chanceFromHighBits(0.10) {
                // The separating space stays untagged.
                let space = word.hasPrefix(" ")
                if space { buffer.append(" "); word.removeFirst() }
                if !buffer.isEmpty { emit(buffer, nil, targetPara); buffer = "" }
                emit(word, rng.below(16), targetPara)
            } else {
                buffer += word
            }
        }
        buffer.append("\n")
        emit(buffer, nil, targetPara)
        produced += length

        _ = DocumentGenerator.generate(characters: documentCharacters - produced, seed: 0xC0FFEE) { text, tag, para in
            emit(text, tag, para + targetPara + 1)
        }
        return Layout(targetStart: targetStart, targetLength: length, targetPara: targetPara)
    }

    /// The character the value is set on: the middle of the target paragraph.
    static func setOffset(_ layout: Layout) -> Int { layout.targetStart + layout.targetLength / 2 }

    /// `median` is the median seconds of one set (robust to other load on the machine); `seconds` the total.
    struct Measurement { var repetitions: Int; var seconds: Double; var median: Double; var check: Bool }

    /// Times `set` (which returns the seconds of one set of the value it is given): ten warm-up sets, then sets
    /// until the budget, the value alternating 1, 2, …; then checks with `value` (the value at a scalar offset)
    /// that the whole target paragraph, and only it, holds the last value, and that `alsoCheck()` holds.
    static func measure(_ layout: Layout, set: (Int) -> Double, value: (Int) -> Int?,
                        alsoCheck: () -> Bool = { true }) -> Measurement {
        for r in 0..<10 { _ = set(1 + r & 1) }   // warm-up, ends on value 2
        var total = 0.0
        var reps = 0
        var samples: [Double] = []
        while reps < maxRepetitions && (total < budget || reps < minRepetitions) {
            let t = set(1 + reps & 1)
            samples.append(t)
            total += t
            reps += 1
        }
        let last = 1 + (reps - 1) & 1
        let end = layout.targetStart + layout.targetLength
        let check = value(layout.targetStart) == last && value(end - 1) == last && value(setOffset(layout)) == last
            && value(layout.targetStart - 1) == layout.targetPara - 1 && value(end) == layout.targetPara + 1
            && alsoCheck()
        return Measurement(repetitions: reps, seconds: total, median: median(samples), check: check)
    }

    // MARK: Ours

    @inline(never)
    static func measureOurs(length: Int, variant: Variant) -> Measurement {
        var s = RichString()
        let layout = generate(length: length, variant: variant) { text, tag, para in
            s.append(DocumentGenerator.segmentOurs(text, tag: tag, para: para, style: .constrained))
        }
        let p = setOffset(layout)
        func set(_ value: Int) -> Double {
            let a = s.index(atOffset: p, in: .scalars)
            let b = s.index(atOffset: p + 1, in: .scalars)
            let start = now()
            s.setAttribute(CParaKey.self, to: value, in: a..<b)
            return now() - start
        }
        let end = layout.targetStart + layout.targetLength
        return measure(layout, set: set, value: { s.attribute(CParaKey.self, at: s.index(atOffset: $0, in: .scalars)) }) {
            s.paragraphRange(containing: s.index(atOffset: p, in: .scalars))
                == s.index(atOffset: layout.targetStart, in: .scalars)..<s.index(atOffset: end, in: .scalars)
        }
    }

    // MARK: Foundation

    @inline(never)
    static func measureFoundation(length: Int, variant: Variant) -> Measurement {
        var s = AttributedString()
        let layout = generate(length: length, variant: variant) { text, tag, para in
            s.append(DocumentGenerator.segmentFoundation(text, tag: tag, para: para, style: .constrained))
        }
        let p = setOffset(layout)
        func range(_ o: Int) -> Range<AttributedString.Index> {
            let a = s.unicodeScalars.index(s.unicodeScalars.startIndex, offsetBy: o)
            return a..<s.unicodeScalars.index(after: a)
        }
        func set(_ value: Int) -> Double {
            let r = range(p)
            let start = now()
            s[r][FCParaKey.self] = value
            return now() - start
        }
        return measure(layout, set: set, value: { s[range($0)][FCParaKey.self] })
    }

    /// `paragraphs-peer VARIANT LENGTH`: prints `result REPS SECONDS CHECK`.
    static func peerMain() {
        let args = Array(CommandLine.arguments.dropFirst(2))
        let variant = args.first.flatMap(Variant.init(rawValue:)) ?? .plain
        let length = args.dropFirst().first.flatMap { Int($0) } ?? 100
        let m = measureFoundation(length: length, variant: variant)
        print("result \(m.repetitions) \(m.median) \(m.check ? 1 : 0) \(m.seconds)")
        flushOutput()
    }

    /// `paragraphs-profile VARIANT LENGTH`: ours alone, for perf.
    static func profileMain(_ args: [String]) {
        let variant = args.first.flatMap(Variant.init(rawValue:)) ?? .plain
        let length = args.dropFirst().first.flatMap { Int($0) } ?? 100_000
        let m = measureOurs(length: length, variant: variant)
        print("profile: median \(formatNumber(m.median * 1e6)) us; \(m.repetitions) sets in \(formatNumber(m.seconds, digits: 3)) s, check \(m.check)")
    }

    // MARK: The benchmark

    static func main() {
        print("paragraphs: set \"para\" (runBoundaries .paragraph) on one character in the middle of a paragraph of 100 / 10,000 / 100,000")
        print("characters (separator included), in the middle of a ~\(grouped(Double(documentCharacters)))-character document of normal paragraphs")
        print("(1-300 words, ~10% of words tagged; \"tag\" not inherited, invalidated by textChanged). Values alternate 1, 2, 1, 2 ...;")
        print("each set is timed alone (index lookups excluded; the median set is reported), up to \(grouped(Double(maxRepetitions))) repetitions or \(formatNumber(budget, digits: 0)) s per cell. Foundation runs in a child process per cell.")
        print("variant plain: the target paragraph is one run; tagged: ~10% of its words tagged, so the set rewrites every run in it")
        print("")
        var rows: [[String]] = []
        var ours: [Variant: [Int: Double]] = [:]
        var theirs: [Variant: [Int: Double]] = [:]
        for variant in Variant.allCases {
            for length in lengths {
                let o = measureOurs(length: length, variant: variant)
                let oursUs = o.median * 1e6
                ours[variant, default: [:]][length] = oursUs
                let child = runSelf(["paragraphs-peer", variant.rawValue, String(length)], quietCrash: true)
                var fCell = child.crashed ? "peer crashed" : "no result (exit \(child.exitStatus))"
                var fReps = "-", ratio = "-", fCheck = "-"
                if let r = child.records("result").first, r.count == 5, let reps = Int(r[1]), let med = Double(r[2]) {
                    let us = med * 1e6
                    theirs[variant, default: [:]][length] = us
                    fCell = formatNumber(us, digits: 2)
                    fReps = grouped(Double(reps))
                    ratio = formatNumber(us / oursUs) + "x"
                    fCheck = r[3] == "1" ? "ok" : "FAILED"
                }
                rows.append([variant.rawValue, grouped(Double(length)), formatNumber(oursUs, digits: 2), grouped(Double(o.repetitions)),
                             o.check ? "ok" : "FAILED", fCell, fReps, fCheck, ratio])
            }
        }
        printTable(["target paragraph", "length", "ours us/set (median)", "reps", "check", "Foundation us/set (median)", "reps", "check", "ours speedup"], rows)
        print("")
        for variant in Variant.allCases {
            let o = (ours[variant]?[100_000] ?? .nan) / (ours[variant]?[100] ?? .nan)
            let f = (theirs[variant]?[100_000] ?? .nan) / (theirs[variant]?[100] ?? .nan)
            print("cost at 100,000 / cost at 100 (\(variant.rawValue)): ours \(formatNumber(o))x, Foundation \(formatNumber(f))x")
        }
        print("")
        printMetric("paragraph_set_cost_100k_over_100", (ours[.plain]?[100_000] ?? .nan) / (ours[.plain]?[100] ?? .nan))
    }
}
