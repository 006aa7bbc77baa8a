import struct FormattingTesting.SeededGenerator

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

    static func random(_ rng: inout SeededGenerator, maxPieces: Int = 4) -> String {
        var s = ""
        for _ in 0..<rng.int(1...maxPieces) { s += rng.pick(fragments) }
        return s
    }
}
