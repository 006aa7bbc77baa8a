@testable import RichText
import struct FormattingTesting.SeededGenerator

/// Attribute keys named by string, each with its behaviour, for the property tests that build random attribute
/// sets straight from entries (run ropes and unenforced strings, below the typed-key API).
struct NamedBehaviors {
    let behaviors: [String: AttributeBehavior]
    /// How likely each key offered to `randomSet` is to be in the set.
    let chance: Double

    init(_ behaviors: [String: AttributeBehavior], chance: Double) {
        self.behaviors = behaviors
        self.chance = chance
    }

    /// Every key's name, sorted, so that a seed picks the same keys on every run.
    var names: [String] { behaviors.keys.sorted() }

    /// The entry of `key` (which must be one of these) with an integer value.
    func entry(_ key: String, _ value: Int) -> AttributeEntry {
        AttributeEntry(name: key, value: .integer(value), behavior: behaviors[key]!)
    }

    /// Each of `keys`, with probability `chance`, valued 1 or 2.
    func randomSet(_ rng: inout SeededGenerator, keys: [String]) -> AttributeSet {
        var entries: [AttributeEntry] = []
        for key in keys where rng.chance(chance) { entries.append(entry(key, rng.int(1...2))) }
        return AttributeSet(entries)
    }
}
