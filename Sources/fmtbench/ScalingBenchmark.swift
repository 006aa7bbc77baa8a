import FormattingTesting
import Foundation
import RichText

// The scaling rows of `fmtbench edits` (and `fmtbench scaling` alone): the cost of one random single-scalar insert
// or delete at 100K, 1M, 10M and 100M characters, ours alone (Foundation is too slow at the large sizes).

enum ScalingBenchmark {
    /// The document sizes; `FMTBENCH_SCALING_SIZES` (comma-separated characters) picks others, for profiling one
    /// size at a time.
    static let sizes: [Int] = {
        let chosen = ProcessInfo.processInfo.environment["FMTBENCH_SCALING_SIZES"]?
            .split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? []
        return chosen.isEmpty ? [100_000, 1_000_000, 10_000_000, 100_000_000] : chosen
    }()
    /// How many mixed edits each size times per round; `FMTBENCH_SCALING_EDITS` picks another count (fewer for a
    /// run under callgrind).
    static let editsPerRound: Int = environmentCount("FMTBENCH_SCALING_EDITS", default: 30_000)
    /// How many rounds; `FMTBENCH_SCALING_ROUNDS` picks another count. Each round times every size once, so a slow
    /// spell of the shared machine lands on all sizes alike, and each size reports its median round.
    static let rounds: Int = environmentCount("FMTBENCH_SCALING_ROUNDS", default: 5)
    /// Edits run before each timed round, so that the round starts with its own document in the caches rather than
    /// the previous size's.
    static let warmUpEdits = 2_000

    /// One document under test.
    private struct Subject {
        var size: Int
        var text: RichString
        var buildSeconds: Double
        var method: String
        var editNanoseconds: [Double] = []
        var cursorNanoseconds: [Double] = []
        var lookupNanoseconds: [Double] = []
        var runLookupNanoseconds: [Double] = []
    }

    /// The two ratios the scaling rows end in.
    struct Ratios {
        /// The median cost per edit at 100M over that at 100K (nan when either size is not run).
        var cost: Double
        /// The floor under `cost`: our 100K cost plus what memory alone adds at 100M (`ScalingFloor`), over our
        /// 100K cost.
        var floor: Double

        /// Their `metric` lines.
        func printMetrics() {
            printMetric("scaling_cost_100m_over_100k", cost)
            printMetric("scaling_floor_100m_over_100k", floor)
        }
    }

    /// Builds every size, times them in interleaved rounds, prints the table and the floor, and returns the ratios.
    static func run() -> Ratios {
        var subjects = sizes.map(build)
        var sink = 0
        for round in 0..<rounds {
            for k in subjects.indices {
                let seed = UInt64(subjects[k].size) &+ UInt64(round) &* 7919
                EditsBenchmark.runOursMixed(&subjects[k].text, count: warmUpEdits, seed: seed &+ 99)
                let edits = measure { EditsBenchmark.runOursMixed(&subjects[k].text, count: editsPerRound, seed: seed) }
                let nearCursor = measure { editsNearACursor(&subjects[k].text, count: editsPerRound, seed: seed &+ 3) }
                let text = subjects[k].text
                let textLookupSeconds = measure { sink &+= lookups(text, count: editsPerRound, seed: seed &+ 1, readingAttributes: false) }
                let runLookupSeconds = measure { sink &+= lookups(text, count: editsPerRound, seed: seed &+ 2, readingAttributes: true) }
                let perEdit = 1e9 / Double(editsPerRound)
                subjects[k].editNanoseconds.append(edits * perEdit)
                subjects[k].cursorNanoseconds.append(nearCursor * perEdit)
                subjects[k].lookupNanoseconds.append(textLookupSeconds * perEdit)
                subjects[k].runLookupNanoseconds.append(runLookupSeconds * perEdit)
            }
        }
        let rows = subjects.map { subject -> [String] in
            let cost = median(subject.editNanoseconds)
            return [grouped(Double(subject.text.counts.characters)) + " chars",
                    formatNumber(subject.buildSeconds, digits: 2) + " s", subject.method,
                    formatNumber(cost, digits: 0),
                    formatNumber(subject.editNanoseconds.min() ?? .nan, digits: 0) + "–"
                        + formatNumber(subject.editNanoseconds.max() ?? .nan, digits: 0),
                    grouped(1e9 / cost),
                    formatNumber(median(subject.cursorNanoseconds), digits: 0),
                    formatNumber(median(subject.lookupNanoseconds), digits: 0),
                    formatNumber(median(subject.runLookupNanoseconds), digits: 0)]
        }
        printTable(["scaling (ours)", "build", "build method", "ns per mixed edit", "range", "edits/s",
                    "ns near a cursor", "ns scalar lookup", "ns lookup + run"], rows)
        print("(median of \(rounds) interleaved rounds of \(grouped(Double(editsPerRound))) edits each, at random positions: "
              + "the metric; \"near a cursor\" runs the same inserts and deletes at a cursor that moves a few characters "
              + "between edits and jumps anywhere one time in 64, as typing does; the lookup columns time a scalar-offset "
              + "lookup alone, and one followed by reading the attributes there, each depending on the one before)")
        blackHole(sink)
        func cost(_ size: Int) -> Double { subjects.first { $0.size == size }.map { median($0.editNanoseconds) } ?? .nan }
        let small = cost(100_000), ratio = cost(100_000_000) / small
        subjects.removeAll()  // The floor's documents need the memory.
        // The best ratio our 100K cost allows: if an edit at 100M paid only what memory adds even in the idealised
        // layout, and nothing for the deeper trees.
        let added = ScalingFloor.addedCost(sizes: sizes, editsPerRound: editsPerRound, rounds: rounds, warmUpEdits: warmUpEdits)
        let floor = (small + added) / small
        print("memory alone adds \(formatNumber(added, digits: 0)) ns to an edit at 100M even there; on top of our "
              + "\(formatNumber(small, digits: 0)) ns at 100K, the best ratio within reach is \(formatNumber(floor))")
        return Ratios(cost: ratio, floor: floor)
    }

    /// Sizes up to 1M are generated directly; larger ones by appending copies of a generated 1M-character document
    /// (the text is copied: no storage is shared between the copies).
    private static func build(_ size: Int) -> Subject {
        var s = RichString()
        var method = "generated"
        let seconds = measure {
            if size <= 1_000_000 {
                s = DocumentGenerator.buildOurs(characters: size, seed: EditsBenchmark.documentSeed &+ UInt64(size))
            } else {
                let base = DocumentGenerator.buildOurs(characters: 1_000_000, seed: EditsBenchmark.documentSeed &+ 7)
                for _ in 0..<(size / 1_000_000) { s.append(base) }
                method = "\(size / 1_000_000) x append(1M)"
            }
        }
        return Subject(size: size, text: s, buildSeconds: seconds, method: method)
    }

    /// Single-scalar inserts and deletes at a cursor that moves up to 40 scalars either way between edits and
    /// jumps to a random place one time in 64.
    @inline(never)
    static func editsNearACursor(_ s: inout RichString, count: Int, seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var scalars = s.counts.scalars
        var cursor = rng.below(scalars)
        for _ in 0..<count {
            cursor = rng.below(64) == 0 ? rng.below(scalars) : min(max(0, cursor + rng.int(in: -40...40)), scalars - 1)
            EditsBenchmark.editOneScalar(&s, at: cursor, inserting: rng.next() & 1 == 0, scalars: &scalars)
        }
    }

    /// Random scalar-offset lookups, each offset depending on the result before, so that they time one lookup's
    /// latency rather than several overlapping: the text tree's descent, and with `readingAttributes` the run tree's
    /// after it (the attributes at each index are read).
    @inline(never)
    static func lookups(_ s: RichString, count: Int, seed: UInt64, readingAttributes: Bool) -> Int {
        var rng = SeededGenerator(seed: seed)
        let scalars = s.counts.scalars
        var carried = 0
        for _ in 0..<count {
            let index = s.index(atOffset: rng.below(scalars) ^ (carried & 1), in: .scalars)
            carried &+= index.utf8Offset &+ (readingAttributes ? s.attributes(at: index).count : 0)
        }
        return carried
    }
}
