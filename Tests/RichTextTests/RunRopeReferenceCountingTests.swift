import Foundation
import Synchronization
import XCTest
@testable import RichText
import struct FormattingTesting.SeededGenerator

/// The run rope counts its sets' references by hand (`StoredRun`): the tree owns one reference for each run it
/// stores, taken as a run goes in or a shared leaf is copied, given back as a run leaves or a leaf dies. These
/// tests drive every path that copies, moves and drops runs, with strings that share leaves (copies, slices,
/// concatenations), sweep the registry often, and check each string's runs against a model: a reference given
/// back too early frees a set a string still shows (its runs then read wrong, or crash under ASan); one taken
/// too often keeps a set alive after every string let go of it.
final class RunRopeReferenceCountingTests: XCTestCase {
    private static let label = AttributeKeyDescriptor(name: "label", behavior: .plain)

    /// One string and, per UTF-8 byte (the text is ASCII), the label over it.
    private struct Modelled {
        var text: RichString
        var labels: [String?]
    }

    /// Checks that sweeping gives the registry back the sets it had at `before` (no more): the threads that held
    /// credits or caches end just after signalling, so their references go a moment later.
    private func assertEverySetFreed(since before: (sets: Int, values: Int), _ message: String,
                                     file: StaticString = #filePath, line: UInt = #line) {
        var after = AttributeRegistry.sweep()
        for _ in 0..<200 where after.sets > before.sets {
            Thread.sleep(forTimeInterval: 0.01)
            after = AttributeRegistry.sweep()
        }
        XCTAssertLessThanOrEqual(after.sets, before.sets, "\(message): \(before) -> \(after)", file: file, line: line)
    }

    /// Where `item`'s runs differ from its model, if they do.
    private static func mismatch(_ item: Modelled) -> String? {
        var offset = 0
        for run in item.text.runs {
            let range = item.text.utf8.distance(from: item.text.startIndex, to: run.range.lowerBound)
                ..< item.text.utf8.distance(from: item.text.startIndex, to: run.range.upperBound)
            if range.lowerBound != offset { return "a run starts at \(range.lowerBound), not \(offset)" }
            let value: String? = run.attributes[label.name].flatMap { if case .string(let s) = $0 { s } else { nil } }
            for k in range where item.labels[k] != value {
                return "byte \(k): label \(value ?? "none"), model \(item.labels[k] ?? "none")"
            }
            offset = range.upperBound
        }
        if offset != item.labels.count { return "the runs end at \(offset), the model at \(item.labels.count)" }
        item.text.runStore._invariantCheck()
        return nil
    }

    /// `rounds` random steps from `seed` over a pool of strings that share leaves; the first mismatch found.
    private static func exercise(seed: UInt64, rounds: Int) -> String? {
        var rng = SeededGenerator(seed: seed)
        var pool: [Modelled] = [Modelled(text: RichString(String(repeating: "abcdefgh", count: 300)),
                                         labels: Array(repeating: nil, count: 2_400))]
        var fresh = 0
        func newLabel() -> String {
            fresh += 1
            return "refcount-\(seed)-\(fresh)"
        }
        for round in 0..<rounds {
            let which = rng.int(0...(pool.count - 1))
            let length = pool[which].labels.count
            let lower = rng.int(0...length)
            let upper = min(length, lower + (rng.int(0...9) == 0 ? rng.int(0...600) : rng.int(0...12)))
            let text = pool[which].text
            let range = text.utf8.index(text.startIndex, offsetBy: lower)..<text.utf8.index(text.startIndex, offsetBy: upper)
            let step: String
            switch rng.int(0...9) {
            case 0...3:
                // Attributes over a range: the transform paths (in one leaf, across runs and leaves).
                let label = newLabel()
                pool[which].text.setAttribute(Self.label, to: .string(label), in: range)
                for k in lower..<upper { pool[which].labels[k] = label }
                step = "set \(lower)..<\(upper)"
            case 4:
                // Text with its own set: the run rope's general replace.
                let label = newLabel()
                let count = rng.int(1...20)
                let inserted = RichString(String(repeating: "x", count: count),
                                          attributes: AttributeSet([AttributeEntry(name: Self.label.name, value: .string(label))]))
                pool[which].text.replaceSubrange(range, with: inserted)
                pool[which].labels.replaceSubrange(lower..<upper, with: Array(repeating: label, count: count))
                step = "replace \(lower)..<\(upper) by \(count)"
            case 5:
                pool[which].text.removeSubrange(range)
                pool[which].labels.removeSubrange(lower..<upper)
                step = "remove \(lower)..<\(upper)"
            case 6 where pool.count < 5:
                // A copy shares every leaf until one side changes.
                pool.append(pool[which])
                step = "copy"
            case 7 where pool.count < 5:
                // A slice made a string, and a concatenation: new trees built from the shared one's runs.
                let other = pool[rng.int(0...(pool.count - 1))]
                pool.append(Modelled(text: RichString() + text[range] + other.text,
                                     labels: Array(pool[which].labels[lower..<upper]) + other.labels))
                step = "slice and concatenate"
            case 8 where pool.count > 1:
                pool.remove(at: which)
                step = "drop"
            default:
                // Typing inside a run: the in-place resize.
                pool[which].text.replaceSubrange(range.lowerBound..<range.lowerBound, with: "z")
                let inherited = lower > 0 ? pool[which].labels[lower - 1] : pool[which].labels.first ?? nil
                pool[which].labels.insert(inherited, at: lower)
                step = "type at \(lower)"
            }
            if round % 50 == 0 { _ = AttributeRegistry.sweep() }
            if round % 10 == 0 || round == rounds - 1 {
                for (k, item) in pool.enumerated() {
                    if let mismatch = mismatch(item) { return "round \(round) (\(step)), string \(k): \(mismatch)" }
                }
            }
        }
        _ = AttributeRegistry.sweep()
        for (k, item) in pool.enumerated() {
            if let mismatch = mismatch(item) { return "after the last sweep, string \(k): \(mismatch)" }
        }
        return nil
    }

    func testSharedLeavesCopiedEditedAndDroppedKeepEverySetTheyShowAndFreeItAfter() {
        let seed = UInt64(ProcessInfo.processInfo.environment["FMTCHECK_SEED"] ?? "") ?? 0x5EED_2026_1202
        let rounds = ProcessInfo.processInfo.environment["FMTCHECK_LONG"] != nil ? 20_000 : 2_500
        // The sets that live for the process (the empty set) are made before counting.
        _ = RichString("warm", attributes: .empty)
        let before = AttributeRegistry.sweep()
        // On a thread of its own, whose caches (which keep a bounded few sets alive) go with it.
        let failure = Mutex<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        let worker = Thread {
            let found = Self.exercise(seed: seed, rounds: rounds)
            failure.withLock { $0 = found }
            done.signal()
        }
        worker.start()
        done.wait()
        if let found = failure.withLock({ $0 }) { XCTFail("seed \(seed): \(found)") }
        // The worker's caches are dropped as its thread ends, just after it signals.
        assertEverySetFreed(since: before, "every set the strings held is freed with them (seed \(seed))")
    }

    /// A reader's `RunList`: runs appended as read (empty ones and equal neighbours too), one re-pointed by index,
    /// then taken over by the string, which coalesces them; a list dropped without being taken over gives its
    /// references back.
    func testARunListIsTakenOverCoalescedOrGivenBackWhole() {
        @Sendable func set(_ k: Int) -> AttributeSet {
            AttributeSet([AttributeEntry(name: Self.label.name, value: .string("runlist-\(k)"))])
        }
        _ = RichString("warm", attributes: .empty)
        let before = AttributeRegistry.sweep()
        let failure = Mutex<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        let worker = Thread {
            defer { done.signal() }
            let list = RunList()
            list.append(utf8Count: 2, set(1))
            list.append(utf8Count: 0, set(2))
            list.append(utf8Count: 3, set(1))
            list.append(utf8Count: 1, .empty)
            list.setAttributes(set(3), at: 3)
            list.append(utf8Count: 4, set(3))
            _ = AttributeRegistry.sweep()
            guard let text = RichString(unenforcedText: "abcdefghij", takingOver: list) else {
                return failure.withLock { $0 = "the runs cover the text" }
            }
            let expected = RichString(unenforcedText: "abcdefghij", runs: [
                AttributeRun(utf8Count: 5, attributes: set(1)), AttributeRun(utf8Count: 5, attributes: set(3)),
            ])
            if text.runStore.rope.elements != expected?.runStore.rope.elements {
                failure.withLock { $0 = "taken over: \(text.runStore.rope.elements)" }
            }
            if list.count != 0 { failure.withLock { $0 = "the list is left empty" } }
            // A list that does not cover its text is refused, and its runs given back when it dies.
            let refused = RunList()
            for k in 10..<20 { refused.append(utf8Count: 1, set(k)) }
            if RichString(unenforcedText: "too short", takingOver: refused) != nil {
                failure.withLock { $0 = "a list that does not cover the text is refused" }
            }
        }
        worker.start()
        done.wait()
        if let found = failure.withLock({ $0 }) { XCTFail(found) }
        assertEverySetFreed(since: before, "the lists' sets are freed with them")
    }

    /// Trees over a few sets, filled and emptied by several threads at once, count through each thread's
    /// credits (`TreeReferences`): many runs of one set overflow a slot's credits, and more sets than slots
    /// evict each other; every string reads back what it was made of, and once the threads are gone every set
    /// is freed.
    func testThreadsFillingAndEmptyingTreesOverSharedSetsKeepExactCounts() {
        _ = RichString("warm", attributes: .empty)
        let before = AttributeRegistry.sweep()
        let failure = Mutex<String?>(nil)
        let group = DispatchGroup()
        for worker in 0..<3 {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                // More shared sets than a pool has slots, and one used by most runs.
                let sets = (0..<(ThreadCaches.creditSlotCount + 8)).map {
                    AttributeSet([AttributeEntry(name: Self.label.name, value: .string("credits-\($0)"))])
                }
                for round in 0..<40 {
                    let list = RunList()
                    var expected: [Int] = []
                    for k in 0..<2_000 {
                        let which = k % 3 == 0 ? (k * 7 + round + worker) % sets.count : 0
                        list.append(utf8Count: 1, sets[which])
                        expected.append(which)
                    }
                    guard let text = RichString(unenforcedText: String(repeating: "x", count: 2_000), takingOver: list) else {
                        return failure.withLock { $0 = "worker \(worker): the runs cover the text" }
                    }
                    var copy = text
                    copy.replaceSubrange(copy.startIndex..<copy.utf8.index(copy.startIndex, offsetBy: 10), with: "yy")
                    if round % 8 == 0 { _ = AttributeRegistry.sweep() }
                    var offset = 0
                    for run in text.runs {
                        let count = text.utf8.distance(from: run.range.lowerBound, to: run.range.upperBound)
                        for k in offset..<(offset + count) where run.attributes != sets[expected[k]] {
                            return failure.withLock { $0 = "worker \(worker), round \(round): byte \(k) lost its set" }
                        }
                        offset += count
                    }
                    _ = copy
                }
            }
            thread.start()
        }
        group.wait()
        if let found = failure.withLock({ $0 }) { XCTFail(found) }
        assertEverySetFreed(since: before, "the threads' credits are given back as they end")
    }
}
