import Dispatch
import XCTest
@testable import RichText

/// Attribute sets and boxed values live as long as something holds them: the registry reclaims what only it
/// holds, keeps what a string, a cache or a caller holds, and never gives a reclaimed set's identity to another.
final class AttributeSetReclamationTests: XCTestCase {
    private static let tag = AttributeBehavior(inheritedByAddedText: false, invalidationConditions: [.textChanged])
    private static let para = AttributeBehavior(runBoundaries: .paragraph)

    /// A set no one else has made: its value is unique to this test run.
    private static func distinctSet(_ k: Int, salt: String = #function) -> AttributeSet {
        AttributeSet([
            AttributeEntry(name: "note", value: .string("\(salt)-\(k)")),
            AttributeEntry(name: "tag", value: .string("t\(k)-\(salt)"), behavior: tag),
            AttributeEntry(name: "para", value: .string("p\(k)-\(salt)"), behavior: para),
        ])
    }

    func testSetsNothingHoldsAreReclaimed() {
        let before = AttributeRegistry.sweep()
        var held: [AttributeSet] = []
        for k in 0..<20_000 { held.append(Self.distinctSet(k)) }
        let whileHeld = AttributeRegistry.sweep()
        // What the thread's caches held before may have been evicted and freed meanwhile: a bounded few.
        let slack = ThreadCaches.settingSlotCount + ThreadCaches.valueSlotCount
        XCTAssertGreaterThanOrEqual(whileHeld.sets + slack, before.sets + 20_000, "held sets survive a sweep")
        XCTAssertGreaterThanOrEqual(whileHeld.values + slack, before.values + 40_000, "their boxed values survive too")
        XCTAssertGreaterThanOrEqual(whileHeld.sets, 20_000)
        XCTAssertGreaterThanOrEqual(whileHeld.values, 40_000)
        held = []
        let after = AttributeRegistry.sweep()
        // The thread's caches may keep a bounded few (the value cache has 256 slots).
        XCTAssertLessThanOrEqual(after.sets, before.sets + ThreadCaches.valueSlotCount,
                                 "sets nothing holds are freed: \(before) -> \(whileHeld) -> \(after)")
        XCTAssertLessThanOrEqual(after.values, before.values + ThreadCaches.valueSlotCount)
    }

    /// The run rope hands the pieces it builds over to the tree (moved, not copied): every path that does so, a
    /// change inside one leaf, one across leaves and a replacement of many runs, keeps each set it stores alive
    /// and gives each one back when the string lets go of it, no more and no less.
    func testSplicesThatHandPiecesOverKeepAndGiveBackEachSet() {
        let before = AttributeRegistry.sweep()
        do {
            var s = RichString(String(repeating: "abcdefghij", count: 400))
            let note = AttributeKeyDescriptor(name: "note", behavior: .plain)
            for k in 0..<3_000 {
                let lower = (k * 37) % 3_990
                let length = 1 + (k * 13) % (k % 5 == 0 ? 400 : 9)
                let range = s.index(atOffset: lower, in: .scalars)..<s.index(atOffset: min(4_000, lower + length), in: .scalars)
                s.setAttribute(note, to: .string("\(#function)-\(k)"), in: range)
                if k % 7 == 0 {
                    // A typed run with its own attributes: the run rope's general replace.
                    let offset = (k * 11) % 4_000
                    let at = s.index(atOffset: offset, in: .scalars)
                    s.replaceSubrange(at..<at, with: RichString("xy", attributes: Self.distinctSet(k)))
                    s.removeSubrange(s.index(atOffset: offset, in: .scalars)..<s.index(atOffset: offset + 2, in: .scalars))
                }
                if k % 500 == 0 { _ = AttributeRegistry.sweep() }
            }
            _ = AttributeRegistry.sweep()
            // Every run's set is still whole after the sweeps: reading each one touches its storage.
            var names = 0
            for run in s.runs { names += run.attributes.entries.count }
            XCTAssertGreaterThan(names, 0)
            s.runStore._invariantCheck()
        }
        let after = AttributeRegistry.sweep()
        XCTAssertLessThanOrEqual(after.sets, before.sets + ThreadCaches.valueSlotCount + ThreadCaches.settingSlotCount
                                 + ThreadCaches.creditSlotCount,
                                 "the sets the string held are freed with it: \(before) -> \(after)")
    }

    func testProjectionsAndEntryListsDieWithTheirSet() {
        weak var storage: SetStorage?
        weak var projection: SetStorage?
        weak var paragraphPart: SetStorage?
        do {
            let set = Self.distinctSet(1)
            XCTAssertEqual(set.entries.count, 3)
            let inheritable = set.inheritable
            XCTAssertEqual(inheritable.entries.map(\.name), ["note", "para"])
            XCTAssertEqual(set.paragraphBound.entries.map(\.name), ["para"])
            // The paragraph-bound projection of a paragraph-only set is the set itself, which it must not own.
            XCTAssertEqual(set.paragraphBound.paragraphBound, set.paragraphBound)
            storage = set.storage
            projection = inheritable.storage
            paragraphPart = set.paragraphBound.storage
        }
        _ = AttributeRegistry.sweep()
        XCTAssertNil(storage, "the set is freed")
        XCTAssertNil(projection, "its projection is freed once the set no longer holds it")
        XCTAssertNil(paragraphPart, "a set whose projection is itself is freed too")
    }

    func testAStringKeepsItsSetsThroughSweeps() {
        var text = RichString(String(repeating: "word ", count: 2_000))
        for k in 0..<2_000 {
            let start = text.utf8.index(text.startIndex, offsetBy: 5 * k)
            let end = text.utf8.index(start, offsetBy: 4)
            text[start..<end].setAttribute(AttributeKeyDescriptor(name: "id", behavior: .plain), to: .string("id-\(k)-\(#function)"))
        }
        _ = AttributeRegistry.sweep()
        var seen = 0
        for run in text.runs {
            guard let value = run.attributes["id"] else { continue }
            XCTAssertEqual(value, .string("id-\(seen)-\(#function)"))
            // Interning still finds the string's set: identity compares stay right after sweeps.
            XCTAssertEqual(AttributeSet([AttributeEntry(name: "id", value: value)]), run.attributes)
            seen += 1
        }
        XCTAssertEqual(seen, 2_000)
    }

    func testAReclaimedSetsIdentityIsNeverGivenAgain() {
        var identity: UInt = 0
        do { identity = Self.distinctSet(7).internedIdentity }
        _ = AttributeRegistry.sweep()
        var identities: Set<UInt> = []
        for k in 0..<5_000 { identities.insert(Self.distinctSet(k).internedIdentity) }
        XCTAssertFalse(identities.contains(identity), "no later set takes a reclaimed set's identity")
        XCTAssertNotEqual(Self.distinctSet(7).internedIdentity, identity, "the same entries made again are a new set")
        XCTAssertFalse(identities.contains(0))
    }

    func testConcurrentInterningEditingAndSweepingAgree() {
        // Threads make and drop sets over shared and distinct values while others sweep; every set reads back
        // what it was made of, and equal entries intern to one set.
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            if worker % 4 == 3 {
                for _ in 0..<50 { _ = AttributeRegistry.sweep() }
                return
            }
            var text = RichString(String(repeating: "abcd", count: 64))
            for step in 0..<3_000 {
                let shared = AttributeValue.string("shared-\(step % 7)")
                let mine = AttributeValue.string("w\(worker)-\(step)")
                let set = AttributeSet([AttributeEntry(name: "a", value: shared), AttributeEntry(name: "b", value: mine)])
                XCTAssertEqual(set["a"], shared)
                XCTAssertEqual(set["b"], mine)
                XCTAssertEqual(set.setting(AttributeEntry(name: "b", value: mine)), set)
                XCTAssertEqual(set.removing("b"), AttributeSet([AttributeEntry(name: "a", value: shared)]))
                let offset = (step * 4) % 252
                let start = text.utf8.index(text.startIndex, offsetBy: offset)
                let end = text.utf8.index(start, offsetBy: 4)
                text[start..<end].setAttribute(AttributeKeyDescriptor(name: "b", behavior: .plain), to: mine)
                XCTAssertEqual(text[start..<end]["b"], mine)
            }
        }
    }
}

extension AttributeSetReclamationTests {
    func testAValueUnequalToItselfIsSweptOnceAndNeverFreedTwice() {
        // A NaN number is boxed (it is not stored inline) and can never be found by equality: each set of one
        // makes a new box. Sweeping must free each exactly once, however often it runs.
        for round in 0..<3 {
            var held: [AttributeSet] = []
            for k in 0..<50 {
                held.append(AttributeSet([AttributeEntry(name: "n", value: .number(.nan)),
                                          AttributeEntry(name: "k", value: .integer(round * 100 + k))]))
            }
            _ = AttributeRegistry.sweep()
            for set in held {
                guard case .number(let x)? = set["n"] else { return XCTFail("the NaN value is kept") }
                XCTAssertTrue(x.isNaN)
            }
            held = []
            _ = AttributeRegistry.sweep()
            _ = AttributeRegistry.sweep()
        }
    }
}
