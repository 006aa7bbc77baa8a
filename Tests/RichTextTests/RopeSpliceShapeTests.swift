@testable import RichText
import XCTest
import struct FormattingTesting.SeededGenerator

/// The rope's splices that change its shape: large insertions that split nodes at several levels at once, removals
/// over many leaves, elements moved to a neighbouring leaf instead of a split, and the fill that building by
/// appending leaves behind. Every result is checked against an array and the tree's invariants.
final class RopeSpliceShapeTests: XCTestCase {
    struct Item: RopeElement, Equatable {
        var id: Int
        var summary: Count { Count(n: 1) }
    }

    struct Count: RopeSummary {
        var n: Int
        static let zero = Count(n: 0)
        mutating func add(_ other: Count) { n += other.n }
        mutating func subtract(_ other: Count) { n -= other.n }
    }

    private func items(_ range: Range<Int>) -> [Item] { range.map { Item(id: $0) } }

    private func assertSame(_ rope: Rope<Item>, _ model: [Item], _ context: String) {
        rope._invariantCheck()
        XCTAssertEqual(rope.count, model.count, context)
        XCTAssertEqual(rope.summary.n, model.count, context)
        XCTAssertEqual(rope.elements, model, context)
    }

    func testLargeInsertionsSplitSeveralLevels() {
        for (size, inserted) in [(0, 5000), (1, 300), (40, 17), (300, 5000), (5000, 70_000), (20_000, 33)] {
            for position in Set([0, size / 3, size]) {
                var rope = Rope(items(0..<size))
                var model = items(0..<size)
                let copy = rope
                let new = items(1_000_000..<(1_000_000 + inserted))
                rope.replaceSubrange(position..<position, with: new)
                model.replaceSubrange(position..<position, with: new)
                assertSame(rope, model, "size \(size) inserted \(inserted) at \(position)")
                assertSame(copy, items(0..<size), "a shared copy changed")
            }
        }
    }

    func testRemovalsAndReplacementsOverManyLeaves() {
        var rng = SeededGenerator(seed: 0x5EED_5A1CE)
        var rope = Rope(items(0..<20_000))
        var model = items(0..<20_000)
        var next = 100_000
        for step in 0..<300 {
            let a = rng.int(0...model.count)
            let b = min(model.count, a + rng.int(0...600))
            let m = rng.int(0...3) == 0 ? rng.int(0...700) : 0
            let new = items(next..<(next + m))
            next += m
            rope.replaceSubrange(a..<b, with: new)
            model.replaceSubrange(a..<b, with: new)
            if step % 10 == 0 { assertSame(rope, model, "step \(step)") }
        }
        assertSame(rope, model, "end")
        rope.replaceSubrange(0..<rope.count, with: [])
        XCTAssertTrue(rope.isEmpty)
    }

    func testAppendingFillsLeaves() {
        var rope = Rope<Item>()
        for i in 0..<10_000 { rope.append(Item(id: i)) }
        assertSame(rope, items(0..<10_000), "appended")
        // 10,000 elements in full leaves of 16 with a few levels of inner nodes: at most 4 levels.
        XCTAssertLessThanOrEqual(rope.height, 4)
        var spliced = Rope<Item>()
        for i in 0..<2_000 {
            spliced.replaceSubrange(spliced.count..<spliced.count, with: [Item(id: 2 * i), Item(id: 2 * i + 1)])
        }
        assertSame(spliced, items(0..<4_000), "appended in pairs")
    }

    func testInsertionsNextToFullLeavesMoveElementsToANeighbour() {
        // Insert at the front, at the back and in the middle of leaves, in every order, on a tree of full leaves.
        for seed in 0..<8 {
            var generator = SeededGenerator(seed: UInt64(seed))
            var rope = Rope(items(0..<(16 * 16 * 3)))
            var model = items(0..<(16 * 16 * 3))
            for k in 0..<400 {
                let leaf = Int(generator.next() % UInt64(max(1, model.count / 16)))
                let i = min(model.count, leaf * 16 + [0, 1, 8, 15, 16][Int(generator.next() % 5)])
                let x = Item(id: 10_000 + k)
                rope.insert(x, at: i)
                model.insert(x, at: i)
                if generator.next() % 4 == 0, !model.isEmpty {
                    let j = Int(generator.next() % UInt64(model.count))
                    XCTAssertEqual(rope.remove(at: j), model.remove(at: j))
                }
                rope._invariantCheck()
            }
            assertSame(rope, model, "seed \(seed)")
        }
    }
}
