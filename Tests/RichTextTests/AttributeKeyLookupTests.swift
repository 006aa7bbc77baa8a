import XCTest
@testable import RichText
import struct FormattingTesting.SeededGenerator

/// `AttributeRegistry.key(_:_:)` gives the record of exactly the name and behaviour asked for, whether the
/// descriptor shares its storage with the record (the byte-for-byte check) or only equals it (the value
/// comparison), for names and behaviours that share cache slots, asked for in a seeded random order.
final class AttributeKeyLookupTests: XCTestCase {
    private static func behaviors() -> [AttributeBehavior] {
        // Built afresh on every call, so that equal behaviours hold different storage.
        [
            .plain,
            AttributeBehavior(inheritedByAddedText: false),
            AttributeBehavior(invalidationConditions: [.textChanged]),
            AttributeBehavior(inheritedByAddedText: false, invalidationConditions: [.textChanged, .attributeChanged("a")]),
            AttributeBehavior(runBoundaries: .paragraph),
            AttributeBehavior(runBoundaries: .character("*")),
            AttributeBehavior(runBoundaries: .character("e\u{301}")),
        ]
    }

    func testKeyLookupsGiveTheRecordOfWhatWasAskedFor() {
        let names = ["t", "u", "tag", "tab", "a-rather-long-key-name-stored-out-of-line", "a-rather-long-key-name-stored-out-of-lime"]
        let kept = Self.behaviors()
        for seed in 1...UInt64(propertyBudget(default: 20, long: 500)) {
            var rng = SeededGenerator(seed: 0xE1_0000 + seed)
            for step in 0..<200 {
                let name = rng.chance(0.5) ? rng.pick(names) : String(rng.pick(names).utf8.map { Character(UnicodeScalar($0)) })
                let k = rng.int(0...(kept.count - 1))
                let behavior = rng.chance(0.5) ? kept[k] : Self.behaviors()[k]
                let record = AttributeRegistry.key(name, behavior)
                let context = "seed \(seed) step \(step) \(name) \(behavior)"
                XCTAssertEqual(record.pointee.name, name, context)
                XCTAssertEqual(record.pointee.behavior, behavior, context)
                XCTAssertEqual(record, AttributeRegistry.key(name, Self.behaviors()[k]), context)
                if record.pointee.name != name || record.pointee.behavior != behavior { return }
            }
        }
    }
}
