import XCTest
@testable import Formatting
@testable import RichText

/// The engine's caches keyed by a set's identity stay right once sets are reclaimed and new sets take their
/// memory: a hit must never vouch for a set that was made after the one recorded.
final class CacheSoundnessTests: XCTestCase {
    private static func set(_ tag: String, _ k: Int) -> AttributeSet {
        AttributeSet([AttributeEntry(name: "note", value: .string("\(tag)-\(k)"))])
    }

    func testTheFixedPointMarksNeverVouchForASetMadeAfterItsSetDied() {
        let memo = AttributeSetMarks()
        var addresses: Set<ObjectIdentifier> = []
        do {
            var recorded: [AttributeSet] = []
            for k in 0..<2_000 {
                let set = Self.set("recorded", k)
                memo.insert(set)
                XCTAssertTrue(memo.contains(set))
                addresses.insert(ObjectIdentifier(set.storage))
                recorded.append(set)
            }
        }
        _ = AttributeRegistry.sweep()
        // New sets of the same size land in the freed memory; the memo knows none of them.
        var reused = 0
        for k in 0..<20_000 {
            let set = Self.set("later", k)
            if addresses.contains(ObjectIdentifier(set.storage)) { reused += 1 }
            XCTAssertFalse(memo.contains(set), "a set made later is not a known fixed point")
        }
        print("CacheSoundnessTests: \(reused) later sets took the memory of a recorded one")
    }

    func testTheSettingCacheAnswersRightAfterSetsAreReclaimed() {
        // Sets made, edited (filling the setting cache) and dropped; new sets in their memory get the right answers.
        for round in 0..<4 {
            do {
                for k in 0..<3_000 {
                    let set = Self.set("round\(round)", k)
                    _ = set.setting(AttributeEntry(name: "extra", value: .integer(k)))
                    _ = set.removing("note")
                }
            }
            _ = AttributeRegistry.sweep()
            for k in 0..<3_000 {
                let set = Self.set("check\(round)", k)
                let edited = set.setting(AttributeEntry(name: "extra", value: .integer(k + 1)))
                XCTAssertEqual(edited.entries, [AttributeEntry(name: "extra", value: .integer(k + 1)),
                                                AttributeEntry(name: "note", value: .string("check\(round)-\(k)"))])
                XCTAssertEqual(edited.removing("extra"), set)
            }
        }
    }
}
