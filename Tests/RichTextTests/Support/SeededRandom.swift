/// SplitMix64: a small, fast, seeded generator, so every property test can be replayed from its seed.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
}

/// How many iterations a property test runs: a small default for CI, more with FMTCHECK_LONG=1.
func propertyBudget(default small: Int, long: Int) -> Int {
    if let value = ProcessInfo.processInfo.environment["FMTCHECK_ITERATIONS"], let n = Int(value) { return n }
    return ProcessInfo.processInfo.environment["FMTCHECK_LONG"] == "1" ? long : small
}

import Foundation

/// Text fragments that exercise every hard case of Unicode segmentation the string must count right.
enum MixedText {
    static let fragments: [String] = [
        "a", "b", "cd", "hello ", "x", " ", "\n", "\r\n", "\r", "\u{2029}", "\u{2028}",
        "e\u{301}", "\u{301}", "👍🏽", "👩🏽‍💻", "👨‍👩‍👧", "\u{200D}", "🇫🇷", "שלום", "مرحبا", "日本語", "🙂", "\t",
    ]

    static func random(_ rng: inout SeededRandom, maxPieces: Int = 4) -> String {
        var s = ""
        for _ in 0..<rng.int(1...maxPieces) { s += rng.pick(fragments) }
        return s
    }
}
