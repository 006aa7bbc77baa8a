/// Counts that a rope caches for every node, so that any position can be found in O(log n).
///
/// A summary is a commutative group: summaries of neighbouring elements add up, and a node's summary can
/// be updated by subtracting an element's old summary and adding its new one.
protocol RopeSummary: Sendable, Equatable {
    /// The summary of nothing.
    static var zero: Self { get }
    /// Adds the counts of `other` to these.
    mutating func add(_ other: Self)
    /// Removes the counts of `other` from these.
    mutating func subtract(_ other: Self)
}

/// One item stored in a rope's leaves: a chunk of text or an attribute run.
protocol RopeElement: Sendable {
    /// The counts this element contributes to its ancestors.
    associatedtype Summary: RopeSummary
    /// The counts of this element.
    var summary: Summary { get }

    /// Called after the rope made `count` elements at `elements` a second home (a copied leaf, elements copied
    /// in): an element whose references the tree counts by hand takes one more reference for them here.
    static func ropeDidCopy(_ elements: UnsafePointer<Self>, count: Int)
    /// Called before the rope drops the `count` elements at `elements` (removed, or their leaf freed): an element
    /// whose references the tree counts by hand gives them back here.
    static func ropeWillDrop(_ elements: UnsafePointer<Self>, count: Int)
    /// Called by a node of a rope of this element as it is freed; gives back what the node holds. A type whose
    /// ropes free many nodes implements it as `node.giveBackItems()`, which is then specialised for it.
    static func ropeNodeWillFree(_ node: Rope<Self>.Node)
}

extension RopeElement {
    /// Nothing to do: Swift counts an ordinary element's references as the rope copies and destroys it.
    @inlinable @inline(__always)
    static func ropeDidCopy(_ elements: UnsafePointer<Self>, count: Int) {}
    /// Nothing to do: Swift counts an ordinary element's references as the rope copies and destroys it.
    @inlinable @inline(__always)
    static func ropeWillDrop(_ elements: UnsafePointer<Self>, count: Int) {}
    /// The node gives back what it holds, through generic code.
    static func ropeNodeWillFree(_ node: Rope<Self>.Node) { node.giveBackItems() }
}

/// One dimension along which a rope can be searched (UTF-8 bytes, characters, paragraphs, …).
protocol RopeMetric {
    /// The element type this metric measures.
    associatedtype Element: RopeElement
    /// How far a summary reaches along this dimension.
    static func measure(_ summary: Element.Summary) -> Int
}

/// Which element wins when an offset falls exactly on the boundary between two elements.
enum RopeBoundaryPreference: Sendable {
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
///
/// The rope is `Sendable` (unchecked, because its nodes are `ManagedBuffer`s): a node is only ever changed after
/// `isKnownUniquelyReferenced` proved no other rope holds it, so nodes seen by two threads are never changed.
struct Rope<Element: RopeElement>: @unchecked Sendable {
    /// The most elements a leaf holds.
    @usableFromInline static var maxFanout: Int { 16 }
    /// The fewest elements a leaf other than the root holds.
    @usableFromInline static var minFanout: Int { 8 }
    /// The most children an inner node holds; set apart from leaves' so that either can be tuned alone. (32 gave
    /// no fewer cache misses on a 100M-character document than 16: the levels it saves were cached already.)
    @usableFromInline static var maxInnerFanout: Int { 16 }
    /// The fewest children an inner node other than the root holds.
    @usableFromInline static var minInnerFanout: Int { maxInnerFanout / 2 }

    /// The most items a node of the given height holds.
    @inlinable static func maxWidth(height: Int) -> Int { height == 0 ? maxFanout : maxInnerFanout }
    /// The fewest items a node of the given height holds, unless it is the root.
    @inlinable static func minWidth(height: Int) -> Int { height == 0 ? minFanout : minInnerFanout }

    @usableFromInline var root: Node?

    /// An empty rope.
    init() { root = nil }

    /// A rope of the given elements, built bottom-up in O(n), every leaf full but perhaps the last two.
    init<S: Sequence>(_ elements: S) where S.Element == Element {
        var level: [Node] = []
        var leaf: Node? = nil
        for element in elements {
            if leaf == nil || leaf!.width == Self.maxFanout {
                if let full = leaf { level.append(full) }
                leaf = Node.make(height: 0)
            }
            leaf!.appendElement(element)
        }
        if let last = leaf { level.append(last) }
        root = Self.buildUpward(level)
    }

    /// A rope of at most `maxFanout` elements, copied into one leaf: no level to build.
    init(leafOf elements: UnsafeBufferPointer<Element>) {
        precondition(elements.count <= Self.maxFanout, "One leaf holds at most maxFanout elements")
        guard !elements.isEmpty else { root = nil; return }
        let leaf = Node.make(height: 0)
        for element in elements { leaf.appendElement(element) }
        root = leaf
    }

    /// A rope of the elements in `elements`, which it takes over: each is moved into a leaf (so an element whose
    /// references the tree counts by hand brings its own), and `elements` is left uninitialized. The same tree as
    /// `init(_:)` builds.
    init(takingOver elements: UnsafeMutableBufferPointer<Element>) {
        var level: [Node] = []
        level.reserveCapacity((elements.count + Self.maxFanout - 1) / Self.maxFanout)
        var k = 0
        while k < elements.count {
            let size = Swift.min(Self.maxFanout, elements.count - k)
            let leaf = Node.make(height: 0)
            leaf.elementBase.moveInitialize(from: elements.baseAddress.unsafelyUnwrapped + k, count: size)
            leaf.width = size
            leaf.recompute()
            level.append(leaf)
            k += size
        }
        root = Self.buildUpward(level)
    }

    /// Stacks a level of nodes of one height into a tree, keeping every node but the root at least half full.
    static func buildUpward(_ nodes: [Node]) -> Node? {
        var level = nodes
        guard !level.isEmpty else { return nil }
        Self.fixLastUnderflow(&level)
        while level.count > 1 {
            var next: [Node] = []
            next.reserveCapacity(level.count / maxInnerFanout + 1)
            var start = 0
            while start < level.count {
                let end = Swift.min(start + maxInnerFanout, level.count)
                next.append(Node.makeInner(level[start..<end]))
                start = end
            }
            Self.fixLastUnderflow(&next)
            level = next
        }
        return level[0]
    }

    /// When the last node of a level is under-full, evens it out with its left neighbour.
    private static func fixLastUnderflow(_ level: inout [Node]) {
        guard level.count >= 2, level[level.count - 1].width < minWidth(height: level[0].height) else { return }
        let pair = [level[level.count - 2], level[level.count - 1]]
        let total = pair[0].width + pair[1].width
        redistribute(pair, sizes: [total - total / 2, total / 2])
    }

    /// The number of elements.
    @inlinable var count: Int { root?.count ?? 0 }

    /// Whether the rope holds no elements.
    @inlinable var isEmpty: Bool { root == nil }

    /// The summary of all elements.
    @inlinable var summary: Element.Summary { root?.summary ?? .zero }

    /// The height of the tree: 0 for an empty rope, 1 for a single leaf.
    var height: Int { root.map { $0.height + 1 } ?? 0 }
}

