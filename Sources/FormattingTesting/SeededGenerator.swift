/// SplitMix64: a small, fast, seeded random number generator, so every generated document, script and
/// definition can be reproduced from its seed.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    /// The generator's state; the seed it started from is its first value.
    public private(set) var state: UInt64

    /// A generator that starts from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniformly chosen integer in `range`.
    public mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

    /// A uniformly chosen element; `items` must not be empty.
    public mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

    /// An index into `weights`, chosen in proportion to the weights.
    public mutating func weighted(_ weights: [Int]) -> Int {
        let total = weights.reduce(0, +)
        var roll = int(0...(max(total, 1) - 1))
        for (i, w) in weights.enumerated() {
            if roll < w { return i }
            roll -= w
        }
        return weights.count - 1
    }
}
