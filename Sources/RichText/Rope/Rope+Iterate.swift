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
        let found = descend(metric, offset, prefer: .next)
        guard let leaf = found.leaf else { return }
        var index = found.index
        var start = offset - found.remainder
        let elements = leaf.elements
        for k in found.slot..<elements.count {
            let element = elements[k]
            guard try body(index, start, element) else { return }
            start += M.measure(element.summary)
            index += 1
        }
        // The leaves after it, each found by one walk from the root (O(log n) a leaf, as `forEachBackward`), so that
        // `body` is called here, where it can be inlined, rather than through a closure handed down a recursive walk.
        while index < count, let root {
            var node = root
            var i = index
            while node.height > 0 {
                let slot = Self.findSlot(elementIndex: &i, in: node.address, prefer: .next)
                node = node.children[slot]
            }
            let elements = node.elements
            for k in i..<elements.count {
                let element = elements[k]
                guard try body(index, start, element) else { return }
                start += M.measure(element.summary)
                index += 1
            }
        }
    }

    /// Calls `body` with each element before `end`, last first, until it returns false.
    func forEachBackward(before end: Int, _ body: (Int, Element) throws -> Bool) rethrows {
        var index = end - 1
        while index >= 0 {
            // Walk one leaf at a time to stay O(log n) per leaf.
            guard let root else { return }
            var node = root
            var i = index
            while node.height > 0 {
                let slot = Self.findSlot(elementIndex: &i, in: node.address, prefer: .next)
                node = node.children[slot]
            }
            while i >= 0 {
                guard try body(index, node.elements[i]) else { return }
                i -= 1
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
