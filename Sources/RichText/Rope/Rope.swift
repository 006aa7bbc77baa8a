/// Counts that a rope caches for every node, so that any position can be found in O(log n).
///
/// A summary is a commutative group: summaries of neighbouring elements add up, and a node's summary can
/// be updated by subtracting an element's old summary and adding its new one.
public protocol RopeSummary: Sendable, Equatable {
    /// The summary of nothing.
    static var zero: Self { get }
    /// Adds the counts of `other` to these.
    mutating func add(_ other: Self)
    /// Removes the counts of `other` from these.
    mutating func subtract(_ other: Self)
}

/// One item stored in a rope's leaves: a chunk of text or an attribute run.
public protocol RopeElement: Sendable {
    /// The counts this element contributes to its ancestors.
    associatedtype Summary: RopeSummary
    /// The counts of this element.
    var summary: Summary { get }
}

/// One dimension along which a rope can be searched (UTF-8 bytes, characters, paragraphs, …).
public protocol RopeMetric {
    /// The element type this metric measures.
    associatedtype Element: RopeElement
    /// How far a summary reaches along this dimension.
    static func measure(_ summary: Element.Summary) -> Int
}

/// Which element wins when an offset falls exactly on the boundary between two elements.
public enum RopeBoundaryPreference: Sendable {
    /// The element that starts at the offset (remainder 0).
    case next
    /// The element that ends at the offset (remainder equal to its measure).
    case previous
}

/// A balanced B-tree of elements with cached summaries.
///
/// The shape follows swift-collections' `Rope`: leaves hold elements, inner nodes hold children, and every
/// node caches its element count and summary. All operations are O(log n); none of them keeps a path
/// across a rebalancing step, which is where the toolchain's Foundation rope goes wrong after removals.
public struct Rope<Element: RopeElement>: Sendable {
    /// The most children (or elements, in a leaf) a node holds.
    @usableFromInline static var maxFanout: Int { 16 }
    /// The fewest children a node other than the root holds.
    @usableFromInline static var minFanout: Int { 8 }

    @usableFromInline var root: Node?

    /// An empty rope.
    public init() { root = nil }

    /// A rope of the given elements, built bottom-up in O(n).
    public init<S: Sequence>(_ elements: S) where S.Element == Element {
        var level: [Node] = []
        var leaf: [Element] = []
        leaf.reserveCapacity(Self.maxFanout)
        for element in elements {
            leaf.append(element)
            if leaf.count == Self.maxFanout {
                level.append(Node(elements: leaf))
                leaf.removeAll(keepingCapacity: true)
            }
        }
        if !leaf.isEmpty { level.append(Node(elements: leaf)) }
        root = Self.buildUpward(level)
    }

    /// Stacks a level of nodes into a tree, keeping every node but the root at least half full.
    static func buildUpward(_ nodes: [Node]) -> Node? {
        var level = nodes
        guard !level.isEmpty else { return nil }
        Self.fixLastUnderflow(&level)
        while level.count > 1 {
            var next: [Node] = []
            var start = 0
            while start < level.count {
                let end = Swift.min(start + maxFanout, level.count)
                next.append(Node(children: Array(level[start..<end])))
                start = end
            }
            Self.fixLastUnderflow(&next)
            level = next
        }
        return level[0]
    }

    /// When the last node of a level is under-full, evens it out with its left neighbour.
    private static func fixLastUnderflow(_ level: inout [Node]) {
        guard level.count >= 2, level[level.count - 1].width < minFanout else { return }
        let last = level.removeLast()
        let previous = level.removeLast()
        if previous.height == 0 {
            let all = previous.elements.array + last.elements.array
            let half = all.count / 2
            level.append(Node(elements: Array(all[..<half])))
            level.append(Node(elements: Array(all[half...])))
        } else {
            let all = previous.children.array + last.children.array
            let half = all.count / 2
            level.append(Node(children: Array(all[..<half])))
            level.append(Node(children: Array(all[half...])))
        }
    }

    /// The number of elements.
    @inlinable public var count: Int { root?.count ?? 0 }

    /// Whether the rope holds no elements.
    @inlinable public var isEmpty: Bool { root == nil }

    /// The summary of all elements.
    @inlinable public var summary: Element.Summary { root?.summary ?? .zero }

    /// The height of the tree: 0 for an empty rope, 1 for a single leaf.
    public var height: Int { root.map { $0.height + 1 } ?? 0 }
}

extension Rope {
    /// The room every node allocates: one more than the fan-out, for the moment between an insertion and a split.
    @usableFromInline static var slotCapacity: Int { maxFanout + 1 }

    /// A node of the tree. Leaves (height 0) hold elements; other nodes hold children.
    ///
    /// Every node keeps, beside its items, each item's summary (and in an inner node each child's element
    /// count), so a search scans one contiguous buffer per level and never touches the children it skips: one
    /// cache line or two per level instead of one per child. The buffers are `RopeSlots`, read without any
    /// retain or release, so a walk from the root costs no reference counting at all.
    ///
    /// A node is only mutated after `isKnownUniquelyReferenced` proved it is ours alone, so the runtime's
    /// dynamic exclusivity checks on its stored properties are turned off.
    @usableFromInline
    final class Node: @unchecked Sendable {
        @exclusivity(unchecked) @usableFromInline var height: Int
        @exclusivity(unchecked) @usableFromInline var count: Int
        @exclusivity(unchecked) @usableFromInline var summary: Element.Summary
        /// In a leaf, the elements (no room in an inner node).
        @exclusivity(unchecked) @usableFromInline var elements: RopeSlots<Element>
        /// Each item's summary: an element's in a leaf, a child's in an inner node.
        @exclusivity(unchecked) @usableFromInline var summaries: RopeSlots<Element.Summary>
        /// In an inner node, each child's element count (no room in a leaf).
        @exclusivity(unchecked) @usableFromInline var counts: RopeSlots<Int>
        /// In an inner node, the children (no room in a leaf).
        @exclusivity(unchecked) @usableFromInline var children: RopeSlots<Node>

        init<C: Collection>(elements: C) where C.Element == Element {
            height = 0
            count = elements.count
            self.elements = RopeSlots(capacity: Rope.slotCapacity, elements)
            summaries = RopeSlots(capacity: Rope.slotCapacity, elements.lazy.map { $0.summary })
            counts = RopeSlots(capacity: 0)
            children = RopeSlots(capacity: 0)
            var sum = Element.Summary.zero
            for i in summaries.indices { sum.add(summaries[i]) }
            summary = sum
        }

        init<C: Collection>(children: C) where C.Element == Node {
            height = children.first!.height + 1
            self.children = RopeSlots(capacity: Rope.slotCapacity, children)
            elements = RopeSlots(capacity: 0)
            summaries = RopeSlots(capacity: Rope.slotCapacity, children.lazy.map { $0.summary })
            counts = RopeSlots(capacity: Rope.slotCapacity, children.lazy.map { $0.count })
            var sum = Element.Summary.zero
            var total = 0
            for child in children {
                sum.add(child.summary)
                total += child.count
            }
            summary = sum
            count = total
        }

        init(copying other: Node) {
            height = other.height
            count = other.count
            summary = other.summary
            let leaf = other.height == 0
            elements = RopeSlots(copying: other.elements, capacity: leaf ? Rope.slotCapacity : 0)
            summaries = RopeSlots(copying: other.summaries, capacity: Rope.slotCapacity)
            counts = RopeSlots(copying: other.counts, capacity: leaf ? 0 : Rope.slotCapacity)
            children = RopeSlots(copying: other.children, capacity: leaf ? 0 : Rope.slotCapacity)
        }

        deinit {
            elements.free()
            summaries.free()
            counts.free()
            children.free()
        }

        /// The number of direct items: elements in a leaf, children otherwise.
        @usableFromInline var width: Int { height == 0 ? elements.count : children.count }

        /// Recomputes the count, the summary and the per-item caches from the direct items.
        func recompute() {
            var sum = Element.Summary.zero
            if height == 0 {
                summaries.assign(elements.array.lazy.map { $0.summary })
                count = elements.count
            } else {
                refreshSlots()
                var total = 0
                for i in counts.indices { total += counts[i] }
                count = total
            }
            for i in summaries.indices { sum.add(summaries[i]) }
            summary = sum
        }

        /// In an inner node, re-reads every child's summary and count into the per-child caches.
        func refreshSlots() {
            summaries.assign(children.array.lazy.map { $0.summary })
            counts.assign(children.array.lazy.map { $0.count })
        }
    }
}
