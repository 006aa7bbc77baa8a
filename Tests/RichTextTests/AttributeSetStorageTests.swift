import Dispatch
import Synchronization
import XCTest
@testable import RichText
import struct FormattingTesting.SeededGenerator

/// `AttributeSet`'s compact storage (encoded entries, shared keys and values, the setting cache) against a plain
/// model: a list of entries sorted by name, one a name, compared with `==` as the public types define it.
final class AttributeSetStorageTests: XCTestCase {
    private static let keys: [(String, AttributeBehavior)] = [
        ("a", .plain), ("b", .plain), ("c", .plain), ("d", .plain), ("e", .plain), ("f", .plain),
        ("g", .plain), ("h", .plain), ("i", .plain), ("j", .plain),
        ("K", .plain),
        // Canonically equivalent to "K": the same name as far as `String ==` goes.
        ("\u{212A}", AttributeBehavior(inheritedByAddedText: false)),
        ("para", AttributeBehavior(runBoundaries: .paragraph)),
        ("para", .plain),
        ("tag", AttributeBehavior(inheritedByAddedText: false, invalidationConditions: [.textChanged])),
        ("star", AttributeBehavior(runBoundaries: .character("*"))),
        ("dep", AttributeBehavior(invalidationConditions: [.attributeChanged("a")])),
    ]

    private static let values: [AttributeValue] = [
        .integer(0), .integer(1), .integer(-7), .integer(Int.max), .bool(true), .bool(false),
        .number(1.5), .number(0.0), .number(-0.0), .number(.infinity),
        .string("x"), .string("\u{E9}"), .string("e\u{301}"), .string(String(repeating: "long ", count: 8)),
        .list([.integer(1), .string("y")]), .record(["k": .integer(1)]),
        .color(RichColor(red: 1, green: 0, blue: 0)),
    ]

    private static func randomEntry(_ rng: inout SeededGenerator) -> AttributeEntry {
        let (name, behavior) = rng.pick(keys)
        return AttributeEntry(name: name, value: rng.pick(values), behavior: behavior)
    }

    /// The model of `setting`: the entry of the same name replaced, or the entry inserted in name order.
    private static func modelSetting(_ model: [AttributeEntry], _ entry: AttributeEntry) -> [AttributeEntry] {
        var result = model.filter { $0.name != entry.name }
        result.append(entry)
        return result.sorted { $0.name < $1.name }
    }

    private static func assertMatches(_ set: AttributeSet, _ model: [AttributeEntry], _ context: String,
                                      file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(set.entries, model, context, file: file, line: line)
        XCTAssertEqual(set.count, model.count, context, file: file, line: line)
        XCTAssertEqual(set.isEmpty, model.isEmpty, context, file: file, line: line)
        // Interning: the same entries give the same set.
        XCTAssertEqual(AttributeSet(model), set, context, file: file, line: line)
        XCTAssertEqual(set.hasBehaviors, model.contains { $0.behavior != .plain }, context, file: file, line: line)
        XCTAssertEqual(set.hasTextChangedKeys, model.contains { $0.behavior.isInvalidatedByTextChange }, context, file: file, line: line)
        XCTAssertEqual(set.hasParagraphKeys, model.contains { $0.behavior.runBoundaries == .paragraph }, context, file: file, line: line)
        for entry in model {
            XCTAssertEqual(set.entry(named: entry.name), entry, context, file: file, line: line)
            XCTAssertEqual(set[entry.name], entry.value, context, file: file, line: line)
        }
        XCTAssertNil(set["absent"], context, file: file, line: line)
        var visited: [AttributeEntry] = []
        set.forEachEntry { visited.append($0) }
        XCTAssertEqual(visited, model, context, file: file, line: line)
    }

    func testOperationsMatchTheModel() {
        for seed in 1...UInt64(propertyBudget(default: 300, long: 10_000)) {
            var rng = SeededGenerator(seed: seed)
            var set = AttributeSet.empty
            var model: [AttributeEntry] = []
            for step in 0..<30 {
                let context = "seed \(seed) step \(step) from \(model)"
                switch rng.int(0...6) {
                case 0, 1:
                    let entry = Self.randomEntry(&rng)
                    let viaEntry = set.setting(entry)
                    XCTAssertEqual(set.setting(AttributeSet.ResolvedEntry(entry)), viaEntry, context)
                    // Asked again, the answer (now perhaps from the cache) is the same set.
                    XCTAssertEqual(set.setting(entry), viaEntry, context)
                    set = viaEntry
                    model = Self.modelSetting(model, entry)
                case 2:
                    let name = rng.pick(Self.keys).0
                    let removed = set.removing(name)
                    XCTAssertEqual(set.removing(name), removed, context)
                    set = removed
                    model.removeAll { $0.name == name }
                case 3:
                    let names = (0..<rng.int(0...3)).map { _ in rng.pick(Self.keys).0 }
                    set = set.removing(all: names)
                    model.removeAll { names.contains($0.name) }
                case 4:
                    let dropped = rng.pick(Self.keys).0
                    set = set.filter { $0.name != dropped }
                    model.removeAll { $0.name == dropped }
                case 5:
                    let others = (0..<rng.int(0...4)).map { _ in Self.randomEntry(&rng) }
                    let other = AttributeSet(others)
                    set = set.merging(other)
                    for entry in other.entries { model = Self.modelSetting(model, entry) }
                default:
                    // A list in any order, with repeated names: the last entry of a name wins.
                    let list = (0..<rng.int(0...6)).map { _ in Self.randomEntry(&rng) }
                    set = AttributeSet(list)
                    model = []
                    for entry in list { model = Self.modelSetting(model, entry) }
                }
                Self.assertMatches(set, model, context)
                XCTAssertEqual(set.inheritable, AttributeSet(model.filter { $0.behavior.isInheritable }), context)
                XCTAssertEqual(set.paragraphBound, AttributeSet(model.filter { $0.behavior.runBoundaries == .paragraph }), context)
            }
        }
    }

    func testEqualValuesShareOneEncodingAndUnequalOnesDoNot() {
        let key = AttributeEntry(name: "n", value: .integer(0)).name
        func set(_ value: AttributeValue) -> AttributeSet { AttributeSet([AttributeEntry(name: key, value: value)]) }
        XCTAssertEqual(set(.number(0.0)), set(.number(-0.0)))
        XCTAssertEqual(set(.string("\u{E9}")), set(.string("e\u{301}")))
        XCTAssertNotEqual(set(.integer(1)), set(.number(1)))
        XCTAssertNotEqual(set(.integer(1)), set(.bool(true)))
        XCTAssertNotEqual(set(.number(1)), set(.number(2)))
        // NaN equals nothing, itself included, so a set holding it is never found again.
        XCTAssertNotEqual(set(.number(.nan)), set(.number(.nan)))
        let nan = set(.number(.nan))
        XCTAssertTrue(nan[key].map { if case .number(let v) = $0 { return v.isNaN } else { return false } } ?? false)
        XCTAssertEqual(set(.number(-3.25))[key], .number(-3.25))
        XCTAssertEqual(set(.integer(Int.min))[key], .integer(Int.min))
    }

    func testSameNameWithAnotherBehaviourReplacesTheEntry() {
        let plain = AttributeEntry(name: "para", value: .integer(1))
        let bound = AttributeEntry(name: "para", value: .integer(1), behavior: AttributeBehavior(runBoundaries: .paragraph))
        let set = AttributeSet([plain])
        let replaced = set.setting(bound)
        XCTAssertNotEqual(replaced, set)
        XCTAssertEqual(replaced.entries, [bound])
        XCTAssertTrue(replaced.hasParagraphKeys)
        XCTAssertEqual(replaced.setting(plain), set)
    }

    func testLongUnsortedListsKeepTheLastEntryOfEachName() {
        var rng = SeededGenerator(seed: 7)
        for _ in 0..<50 {
            let list = (0..<rng.int(33...60)).map { _ in
                AttributeEntry(name: "k\(rng.int(0...40))", value: .integer(rng.int(0...3)))
            }
            var model: [AttributeEntry] = []
            for entry in list { model = Self.modelSetting(model, entry) }
            Self.assertMatches(AttributeSet(list), model, "\(list)")
        }
    }

    func testEntriesReadFromManyThreadsAgree() {
        let sets = (0..<32).map { k in
            AttributeSet([AttributeEntry(name: "many-a", value: .integer(k)), AttributeEntry(name: "many-b", value: .string("s\(k)"))])
        }
        let expected = sets.map { set in
            var list: [AttributeEntry] = []
            set.forEachEntry { list.append($0) }
            return list
        }
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for (k, set) in sets.enumerated() {
                XCTAssertEqual(set.entries, expected[k])
                XCTAssertEqual(set.entries, expected[k])
            }
        }
    }

    func testSetsInternedFromManyThreadsAreOne() {
        let lists: [[AttributeEntry]] = (0..<64).map { k in
            [AttributeEntry(name: "thread-a", value: .integer(k % 8)),
             AttributeEntry(name: "thread-b", value: .string("v\(k % 5)"))]
        }
        let results = Mutex<[[AttributeSet]]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            var mine: [AttributeSet] = []
            for list in lists {
                let base = AttributeSet([list[0]])
                mine.append(base.setting(list[1]))
            }
            results.withLock { $0.append(mine) }
        }
        let all = results.withLock { $0 }
        for other in all.dropFirst() { XCTAssertEqual(other, all[0]) }
        for (k, list) in lists.enumerated() { XCTAssertEqual(all[0][k], AttributeSet(list)) }
    }
}
