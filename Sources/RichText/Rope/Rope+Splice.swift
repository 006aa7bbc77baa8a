// The splice inside one leaf, and the shape changes it can cause: a leaf split into several, elements moved to a
// neighbouring leaf, nodes merged or evened out with a sibling, and new nodes put into their parent.

extension Rope {
    /// Splices `new` over `range`, which must lie in one leaf, and restores the tree's shape from the root.
    mutating func spliceInOneLeaf(_ range: Range<Int>, _ new: RopeSource<Element>) {
        Self.makeUnique(&root!)
        let extras = Self.splice(&root!, range, new)
        if !extras.isEmpty {
            root = Self.buildUpward([root!] + extras.nodes)
            return
        }
        while root!.height > 0 && root!.width == 1 { root = root!.children[0] }
        if root!.height == 0 && root!.width == 0 { root = nil }
    }

    /// The nodes a node split off, to go right after it: most often one, without an array.
    struct Extras {
        var first: Node?
        var more: [Node] = []

        static var none: Extras { Extras(first: nil) }
        var isEmpty: Bool { first == nil }
        var count: Int { first == nil ? 0 : 1 + more.count }
        var nodes: [Node] { first.map { [$0] + more } ?? [] }
    }

    /// Splices `new` over `range`, which lies in one leaf of `node` (uniquely referenced). Returns the nodes of
    /// the same height that go right after `node` when it overflowed; `node` itself may be left under-full, for
    /// its parent to even out.
    private static func splice(_ node: inout Node, _ range: Range<Int>, _ new: RopeSource<Element>) -> Extras {
        if node.height == 0 { return spliceLeaf(node, range, new) }
        var start = range.lowerBound
        // An empty range on a boundary between two children goes to the one ending there.
        let slot = findSlot(elementIndex: &start, in: node.address, prefer: range.isEmpty ? .previous : .next)
        makeUnique(&node.children[slot])
        var local = start..<(start + range.count)
        if node.height == 1 {
            let over = node.children[slot].width - range.count + new.count - maxFanout
            if over > 0 { makeRoom(over, in: node, at: slot, around: &local) }
        }
        let extras = splice(&node.children[slot], local, new)
        node.refreshChild(slot)
        if extras.isEmpty {
            if node.children[slot].width < minWidth(height: node.height - 1) { fixUnderflow(of: node, at: slot) }
            return .none
        }
        return insert(extras, after: slot, in: node)
    }

    /// Makes room for `over` more elements in leaf `slot` of `node` by moving elements it keeps (those outside
    /// `local`, which follows them) to a neighbour with room: as many as fit, so that a leaf filled at one end
    /// (a document built by appending) is left full instead of split in halves. Does nothing when neither
    /// neighbour can take enough; the leaf splits then.
    private static func makeRoom(_ over: Int, in node: Node, at slot: Int, around local: inout Range<Int>) {
        let leaf = node.children[slot]
        if slot > 0 {
            let moved = Swift.min(local.lowerBound, maxFanout - node.children[slot - 1].width)
            if moved >= over {
                makeUnique(&node.children[slot - 1])
                let left = node.children[slot - 1]
                (left.elementBase + left.width).moveInitialize(from: leaf.elementBase, count: moved)
                leaf.elementBase.moveInitialize(from: leaf.elementBase + moved, count: leaf.width - moved)
                left.width += moved
                leaf.width -= moved
                left.recompute()
                leaf.recompute()
                node.refreshChild(slot - 1)
                local = (local.lowerBound - moved)..<(local.upperBound - moved)
                return
            }
        }
        if slot + 1 < node.width {
            let moved = Swift.min(leaf.width - local.upperBound, maxFanout - node.children[slot + 1].width)
            if moved >= over {
                makeUnique(&node.children[slot + 1])
                let right = node.children[slot + 1]
                (right.elementBase + moved).moveInitialize(from: right.elementBase, count: right.width)
                right.elementBase.moveInitialize(from: leaf.elementBase + leaf.width - moved, count: moved)
                right.width += moved
                leaf.width -= moved
                right.recompute()
                leaf.recompute()
                node.refreshChild(slot + 1)
            }
        }
    }

    /// Replaces `range` of a leaf with `new` in place when the result fits; otherwise spreads the result evenly
    /// over the leaf and as many new leaves as it takes, and returns the new ones.
    private static func spliceLeaf(_ node: Node, _ range: Range<Int>, _ new: RopeSource<Element>) -> Extras {
        let w = node.width
        let newWidth = w - range.count + new.count
        let base = node.elementBase
        let tail = w - range.upperBound
        if newWidth <= maxFanout {
            var sum = node.summary
            for k in range { sum.subtract(base[k].summary) }
            Element.ropeWillDrop(base + range.lowerBound, count: range.count)
            (base + range.lowerBound).deinitialize(count: range.count)
            if new.count != range.count {
                (base + range.lowerBound + new.count).moveInitialize(from: base + range.upperBound, count: tail)
            }
            for k in 0..<new.count { sum.add(new[k].summary) }
            new.putAll(into: base + range.lowerBound)
            node.width = newWidth
            node.count = newWidth
            node.summary = sum
            return .none
        }
        return withUnsafeTemporaryAllocation(of: Element.self, capacity: newWidth) { buffer in
            let all = buffer.baseAddress!
            all.moveInitialize(from: base, count: range.lowerBound)
            Element.ropeWillDrop(base + range.lowerBound, count: range.count)
            (base + range.lowerBound).deinitialize(count: range.count)
            new.putAll(into: all + range.lowerBound)
            (all + range.lowerBound + new.count).moveInitialize(from: base + range.upperBound, count: tail)
            node.width = 0
            let groups = (newWidth + maxFanout - 1) / maxFanout
            var extras = Extras(first: Node.make(height: 0))
            for _ in 2..<Swift.max(groups, 2) { extras.more.append(Node.make(height: 0)) }
            var k = 0
            func place(_ target: Node, _ g: Int) {
                let size = newWidth / groups + (g < newWidth % groups ? 1 : 0)
                target.elementBase.moveInitialize(from: all + k, count: size)
                target.width = size
                target.recompute()
                k += size
            }
            place(node, 0)
            place(extras.first!, 1)
            for (g, target) in extras.more.enumerated() { place(target, g + 2) }
            return extras
        }
    }

    /// Puts `extras`, the nodes child `slot` of `node` split off, into `node` after that child, and splits `node`
    /// in turn when they do not fit. Returns the nodes `node` split off.
    private static func insert(_ extras: Extras, after slot: Int, in node: Node) -> Extras {
        let w = node.width
        let base = node.childBase
        if w + extras.count <= maxInnerFanout {
            (base + slot + 1 + extras.count).moveInitialize(from: base + slot + 1, count: w - slot - 1)
            (base + slot + 1).initialize(to: extras.first!)
            for (k, extra) in extras.more.enumerated() { (base + slot + 2 + k).initialize(to: extra) }
            node.width = w + extras.count
            node.recompute()
            return .none
        }
        let added = extras.nodes
        let total = w + added.count
        let all = UnsafeMutablePointer<Node>.allocate(capacity: total)
        defer { all.deallocate() }
        all.moveInitialize(from: base, count: slot + 1)
        (all + slot + 1).initialize(from: added, count: added.count)
        (all + slot + 1 + added.count).moveInitialize(from: base + slot + 1, count: w - slot - 1)
        node.width = 0
        var nodes = [node]
        let groups = (total + maxInnerFanout - 1) / maxInnerFanout
        for _ in 1..<groups { nodes.append(Node.make(height: node.height)) }
        fill(nodes, from: all, sizes: evenSizes(total, groups))
        return Extras(first: nodes[1], more: Array(nodes.dropFirst(2)))
    }

    /// Restores the minimum fan-out of `node.children[slot]` by merging with or borrowing from a sibling.
    private static func fixUnderflow(of node: Node, at slot: Int) {
        guard node.width > 1 else { return }
        let leftSlot = slot > 0 ? slot - 1 : slot
        let rightSlot = leftSlot + 1
        makeUnique(&node.children[leftSlot])
        makeUnique(&node.children[rightSlot])
        let pair = [node.children[leftSlot], node.children[rightSlot]]
        let total = pair[0].width + pair[1].width
        if total <= maxWidth(height: pair[0].height) {
            redistribute(pair, sizes: [total, 0])
            node.removeChild(rightSlot)
        } else {
            redistribute(pair, sizes: [total - total / 2, total / 2])
        }
        node.recompute()
    }

    /// `total` items in `groups` groups whose sizes differ by one at most, larger ones first.
    static func evenSizes(_ total: Int, _ groups: Int) -> [Int] {
        (0..<groups).map { total / groups + ($0 < total % groups ? 1 : 0) }
    }

    /// Moves the items of `nodes` (uniquely referenced, all of one height, in order) so that node k holds
    /// `sizes[k]` of them, in the same order; a size may be 0 for a node about to be dropped.
    static func redistribute(_ nodes: [Node], sizes: [Int]) {
        if nodes[0].height == 0 {
            gather(nodes, items: { $0.elementBase }) { fill(nodes, from: $0, sizes: sizes) }
        } else {
            gather(nodes, items: { $0.childBase }) { fill(nodes, from: $0, sizes: sizes) }
        }
    }

    /// Moves every item of `nodes` (whose items `items` gives), in order, into one temporary buffer, leaving the
    /// nodes empty, and calls `body` with it.
    private static func gather<Item>(
        _ nodes: [Node], items: (Node) -> UnsafeMutablePointer<Item>, _ body: (UnsafeMutablePointer<Item>) -> Void
    ) {
        let total = nodes.reduce(0) { $0 + $1.width }
        withUnsafeTemporaryAllocation(of: Item.self, capacity: total) { buffer in
            let all = buffer.baseAddress!
            var k = 0
            for node in nodes {
                (all + k).moveInitialize(from: items(node), count: node.width)
                k += node.width
                node.width = 0
            }
            body(all)
        }
    }

    /// Moves `sizes[k]` items from `all` into each of `nodes` (which are empty), in order, and recomputes them.
    private static func fill<Item>(_ nodes: [Node], from all: UnsafeMutablePointer<Item>, sizes: [Int]) {
        var k = 0
        for (node, size) in zip(nodes, sizes) {
            let base = node.height == 0
                ? UnsafeMutableRawPointer(node.elementBase).assumingMemoryBound(to: Item.self)
                : UnsafeMutableRawPointer(node.childBase).assumingMemoryBound(to: Item.self)
            base.moveInitialize(from: all + k, count: size)
            node.width = size
            node.recompute()
            k += size
        }
    }
}
