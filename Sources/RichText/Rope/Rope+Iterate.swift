// Visiting elements in order, from an index or from an offset along a metric, and backwards.

extension Rope {
    /// Calls `body` with each element from `start` on, in order, until it returns false.
    func forEach(from start: Int = 0, _ body: (Int, Element) throws -> Bool) rethrows {
        guard let root, start < root.count else { return }
        var index = start
        _ = try Self.visit(root, skipping: start, index: &index, body)
    }

    private static func visit(
        _ node: Node, skipping skip: Int, index: inout Int, _ body: (Int, Element) throws -> Bool
    ) rethrows -> Bool {
        if node.height == 0 {
            for k in skip..<node.elements.count {
                guard try body(index, node.elements[k]) else { return false }
                index += 1
            }
            return true
        }
        var toSkip = skip
        let first = findSlot(elementIndex: &toSkip, in: node.address, prefer: .next)
        for k in first..<node.children.count {
            guard try visit(node.children[k], skipping: toSkip, index: &index, body) else { return false }
            toSkip = 0
        }
        return true
    }

    /// Calls `body` with each element from the one holding `offset` along `M` on, with its index and its start
    /// along `M`, until it returns false. The elements of the leaf the walk lands in are read from that leaf, so
    /// a short visit costs one walk from the root; nothing is visited for an offset at or past the end.
    func forEach<M: RopeMetric>(
        from offset: Int, along metric: M.Type, _ body: (_ index: Int, _ start: Int, Element) throws -> Bool
    ) rethrows where M.Element == Element {
        let found = descendToLeaf(metric, offset, prefer: .next)
        guard var leaf = found.leaf else { return }
        var slot = found.slot
        var index = found.index
        var start = offset - found.remainder
        while true {
            // The rest of this leaf, read in place; then the next leaf, found by one walk from the root (O(log n) a
            // leaf, as `forEachBackward`), so that `body` is called here, where it can be inlined.
            let (elements, width) = Self.rawElements(leaf)
            for k in slot..<width {
                let element = elements[k]
                guard try body(index, start, element) else { return }
                start += M.measure(element.summary)
                index += 1
            }
            guard index < count else { return }
            (leaf, slot) = self.leaf(holdingElement: index)
        }
    }

    /// Calls `body` with each element before `end`, last first, until it returns false.
    func forEachBackward(before end: Int, _ body: (Int, Element) throws -> Bool) rethrows {
        var index = end - 1
        // One leaf at a time, each found by one walk from the root: O(log n) a leaf.
        while index >= 0, rawRoot != nil {
            let (leaf, slot) = self.leaf(holdingElement: index)
            let elements = Self.rawElements(leaf).base
            for i in stride(from: slot, through: 0, by: -1) {
                guard try body(index, elements[i]) else { return }
                index -= 1
            }
        }
    }

    /// All elements in order.
    var elements: [Element] {
        var result: [Element] = []
        result.reserveCapacity(count)
        forEach { _, element in result.append(element); return true }
        return result
    }
}
