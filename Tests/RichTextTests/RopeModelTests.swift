@testable import RichText
import XCTest
import struct FormattingTesting.SeededGenerator

/// The generic rope against an array model: random inserts, removals, updates and splices, with shared copies
/// that must not see each other's changes, checking every search and the tree's invariants after each step.
///
/// Nodes keep their items, summaries and child counts in buffers they manage themselves (`RopeSlots`), so this
/// is where a leak of a copy-on-write step or a stale per-child cache would show first.
final class RopeModelTests: XCTestCase {
    /// An element with a weight, so offsets along a metric differ from element indices.
    struct Item: RopeElement, Equatable {
        var id: Int
        var weight: Int
        var summary: ItemSummary { ItemSummary(weight: weight, items: 1) }
    }

    struct ItemSummary: RopeSummary {
        var weight: Int
        var items: Int
        static let zero = ItemSummary(weight: 0, items: 0)
        mutating func add(_ other: ItemSummary) { weight += other.weight; items += other.items }
        mutating func subtract(_ other: ItemSummary) { weight -= other.weight; items -= other.items }
    }

    enum WeightMetric: RopeMetric {
        typealias Element = Item
        static func measure(_ summary: ItemSummary) -> Int { summary.weight }
    }

    func testRandomEditsAgainstAnArray() {
        let rounds = propertyBudget(default: 6, long: 60)
        for seed in 1...UInt64(rounds) { run(seed: 0x5EED_0000 + seed, steps: 600) }
    }

    private func run(seed: UInt64, steps: Int) {
        var rng = SeededGenerator(seed: seed)
        var nextID = 0
        func item() -> Item {
            nextID += 1
            // Some zero weights, so boundaries with several elements on them are searched too.
            return Item(id: nextID, weight: rng.chance(0.1) ? 0 : rng.int(1...9))
        }
        let start = (0..<rng.int(0...400)).map { _ in item() }
        var rope = Rope(start)
        var model = start
        var snapshots: [(Rope<Item>, [Item])] = []
        for step in 0..<steps {
            if rng.chance(0.05) { snapshots.append((rope, model)) }
            switch rng.int(0...6) {
            case 0, 1:
                let i = rng.int(0...model.count)
                let x = item()
                rope.insert(x, at: i)
                model.insert(x, at: i)
            case 2 where !model.isEmpty:
                let i = rng.int(0...(model.count - 1))
                XCTAssertEqual(rope.remove(at: i), model.remove(at: i))
            case 3 where !model.isEmpty:
                let i = rng.int(0...(model.count - 1))
                let w = rng.int(0...9)
                rope.update(at: i) { $0.weight = w }
                model[i].weight = w
            case 4 where !model.isEmpty:
                // One walk to find and change an element: the same element, index, remainder and prefix as
                // `locate`, and the same result as `update(at:)`; a body returning nil changes nothing.
                let total = model.reduce(0) { $0 + $1.weight }
                let offset = rng.int(0...total)
                let prefer: RopeBoundaryPreference = rng.chance(0.5) ? .next : .previous
                let expected = rope.locate(WeightMetric.self, offset, prefer: prefer)
                let w = rng.int(0...9)
                let declines = rng.chance(0.2)
                let result = rope.updateElement(WeightMetric.self, offset, prefer: prefer) { item, index, remainder, prefix -> Int? in
                    XCTAssertEqual(item, expected.element)
                    XCTAssertEqual(index, expected.index)
                    XCTAssertEqual(remainder, expected.remainder)
                    XCTAssertEqual(prefix, expected.prefix)
                    if declines { return nil }
                    item.weight = w
                    return index
                }
                if expected.element == nil || declines {
                    XCTAssertNil(result, "seed \(seed) step \(step)")
                } else {
                    XCTAssertEqual(result, expected.index, "seed \(seed) step \(step)")
                    model[expected.index].weight = w
                }
            default:
                let a = rng.int(0...model.count)
                let b = min(model.count, a + rng.int(0...40))
                let new = (0..<rng.int(0...40)).map { _ in item() }
                rope.replaceSubrange(a..<b, with: new)
                model.replaceSubrange(a..<b, with: new)
            }
            rope._invariantCheck()
            check(rope, model, "seed \(seed) step \(step)", &rng)
        }
        for (copy, copyModel) in snapshots {
            copy._invariantCheck()
            XCTAssertEqual(copy.elements, copyModel, "seed \(seed): a shared copy changed")
        }
    }

    private func check(_ rope: Rope<Item>, _ model: [Item], _ context: String, _ rng: inout SeededGenerator) {
        XCTAssertEqual(rope.count, model.count, context)
        guard !model.isEmpty else { return }
        if rng.chance(0.1) { XCTAssertEqual(rope.elements, model, context) }
        let total = model.reduce(0) { $0 + $1.weight }
        XCTAssertEqual(rope.summary.weight, total, context)
        for _ in 0..<4 {
            let i = rng.int(0...(model.count - 1))
            XCTAssertEqual(rope[i], model[i], context)
            let before = model[..<i].reduce(0) { $0 + $1.weight }
            XCTAssertEqual(rope.prefixSummary(upTo: i).weight, before, context)
            XCTAssertEqual(rope.offset(WeightMetric.self, ofElement: i), before, context)
            let offset = rng.int(0...total)
            for prefer in [RopeBoundaryPreference.next, .previous] {
                let expected = Self.modelFind(model, offset, prefer)
                let found = rope.locate(WeightMetric.self, offset, prefer: prefer)
                XCTAssertEqual(found.index, expected.index, "\(context) offset \(offset) \(prefer)")
                XCTAssertEqual(found.remainder, expected.remainder, "\(context) offset \(offset) \(prefer)")
                XCTAssertEqual(found.element, expected.index < model.count ? model[expected.index] : nil, context)
                XCTAssertEqual(found.prefix.weight, model[..<min(expected.index, model.count)].reduce(0) { $0 + $1.weight }, context)
                XCTAssertEqual(found.prefix.items, min(expected.index, model.count), context)
                let plain = rope.find(WeightMetric.self, offset, prefer: prefer)
                XCTAssertEqual(plain.index, expected.index, context)
                XCTAssertEqual(plain.remainder, expected.remainder, context)
            }
        }
    }

    /// `find` by a linear scan: with `.next` the first element whose extent passes the offset (the end gives
    /// the count); with `.previous` the first element that reaches it (offset 0 gives the first element).
    static func modelFind(_ model: [Item], _ offset: Int, _ prefer: RopeBoundaryPreference) -> (index: Int, remainder: Int) {
        if prefer == .previous && offset <= 0 { return (0, offset) }
        var remaining = offset
        for (i, x) in model.enumerated() {
            if remaining < x.weight || (prefer == .previous && remaining == x.weight) { return (i, remaining) }
            remaining -= x.weight
        }
        return (model.count, remaining)
    }
}
