extension Rope {
    /// Makes the root uniquely referenced, copying it if it is shared.
    @inline(__always)
    private static func makeUnique(_ node: inout Node) {
        if !isKnownUniquelyReferenced(&node) { node = Node(copying: node) }
    }

    /// Changes the element at `index` in place and refreshes the summaries on its path. O(log n).
    @discardableResult
    public mutating func update<R>(at index: Int, _ body: (inout Element) throws -> R) rethrows -> R {
        precondition(index >= 0 && index < count, "Rope index \(index) out of bounds 0..<\(count)")
        Self.makeUnique(&root!)
        return try Self.update(&root!, index, body)
    }

    private static func update<R>(_ node: inout Node, _ index: Int, _ body: (inout Element) throws -> R) rethrows -> R {
        if node.height == 0 {
            let old = node.summaries[index]
            let result = try body(&node.elements[index])
            let new = node.elements[index].summary
            node.summaries[index] = new
            node.summary.subtract(old)
            node.summary.add(new)
            return result
        }
        var i = index
        let slot = Self.slot(in: node, for: &i)
        let old = node.summaries[slot]
        makeUnique(&node.children[slot])
        let result = try update(&node.children[slot], i, body)
        let new = node.children[slot].summary
        node.summaries[slot] = new
        node.summary.subtract(old)
        node.summary.add(new)
        return result
    }

    /// Inserts `element` so that it ends up at `index`. O(log n).
    public mutating func insert(_ element: Element, at index: Int) {
        precondition(index >= 0 && index <= count, "Rope insertion index \(index) out of bounds 0...\(count)")
        guard root != nil else {
            root = Node(elements: [element])
            return
        }
        Self.makeUnique(&root!)
        if let split = Self.insert(element, into: &root!, at: index) {
            root = Node(children: [root!, split])
        }
    }

    /// Inserts into a subtree; returns a new right sibling when the node had to split.
    private static func insert(_ element: Element, into node: inout Node, at index: Int) -> Node? {
        node.count += 1
        node.summary.add(element.summary)
        if node.height == 0 {
            node.elements.insert(element, at: index)
            node.summaries.insert(element.summary, at: index)
            guard node.elements.count > maxFanout else { return nil }
            let half = node.elements.count / 2
            let right = Node(elements: node.elements.array(half..<node.elements.count))
            node.elements.removeTail(from: half)
            node.recompute()
            return right
        }
        var i = index
        var slot = 0
        while slot < node.counts.count - 1 && i > node.counts[slot] {
            i -= node.counts[slot]
            slot += 1
        }
        makeUnique(&node.children[slot])
        if let split = insert(element, into: &node.children[slot], at: i) {
            node.summaries[slot] = node.children[slot].summary
            node.counts[slot] = node.children[slot].count
            node.children.insert(split, at: slot + 1)
            node.summaries.insert(split.summary, at: slot + 1)
            node.counts.insert(split.count, at: slot + 1)
            guard node.children.count > maxFanout else { return nil }
            let half = node.children.count / 2
            let right = Node(children: node.children.array(half..<node.children.count))
            node.children.removeTail(from: half)
            node.recompute()
            return right
        }
        node.summaries[slot].add(element.summary)
        node.counts[slot] += 1
        return nil
    }

    /// Removes and returns the element at `index`, rebalancing on the way up. O(log n).
    @discardableResult
    public mutating func remove(at index: Int) -> Element {
        precondition(index >= 0 && index < count, "Rope index \(index) out of bounds 0..<\(count)")
        Self.makeUnique(&root!)
        let removed = Self.remove(from: &root!, at: index)
        if root!.height == 0 {
            if root!.elements.isEmpty { root = nil }
        } else if root!.children.count == 1 {
            root = root!.children[0]
        }
        return removed
    }

    private static func remove(from node: inout Node, at index: Int) -> Element {
        if node.height == 0 {
            let removed = node.elements.remove(at: index)
            node.summaries.remove(at: index)
            node.count -= 1
            node.summary.subtract(removed.summary)
            return removed
        }
        var i = index
        let slot = Self.slot(in: node, for: &i)
        makeUnique(&node.children[slot])
        let removed = remove(from: &node.children[slot], at: i)
        node.count -= 1
        node.summary.subtract(removed.summary)
        node.summaries[slot] = node.children[slot].summary
        node.counts[slot] -= 1
        if node.children[slot].width < minFanout { fixUnderflow(of: &node, at: slot) }
        return removed
    }

    /// Restores the minimum fan-out of `node.children[slot]` by borrowing from or merging with a sibling.
    ///
    /// Everything is recomputed from the children arrays afterwards, so no stale path or offset survives.
    private static func fixUnderflow(of node: inout Node, at slot: Int) {
        guard node.children.count > 1 else { return }
        let leftSlot = slot > 0 ? slot - 1 : slot
        let rightSlot = leftSlot + 1
        makeUnique(&node.children[leftSlot])
        makeUnique(&node.children[rightSlot])
        let left = node.children[leftSlot]
        let right = node.children[rightSlot]
        if left.width + right.width <= maxFanout {
            if left.height == 0 {
                left.elements.append(contentsOf: right.elements.array)
            } else {
                left.children.append(contentsOf: right.children.array)
            }
            left.recompute()
            node.children.remove(at: rightSlot)
            node.refreshSlots()
            return
        }
        // Borrow: split the items of both evenly.
        if left.height == 0 {
            let all = left.elements.array + right.elements.array
            let half = all.count / 2
            left.elements.assign(all[..<half])
            right.elements.assign(all[half...])
        } else {
            let all = left.children.array + right.children.array
            let half = all.count / 2
            left.children.assign(all[..<half])
            right.children.assign(all[half...])
        }
        left.recompute()
        right.recompute()
        node.refreshSlots()
    }

    /// Replaces the elements in `range` with `newElements`.
    ///
    /// Costs O((k + m) log n) for k removed and m inserted elements; a same-length replacement updates in place.
    public mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with newElements: C)
    where C.Element == Element {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "Rope range \(range) out of bounds")
        let replacement = Array(newElements)
        // Fast path: the whole splice happens inside one leaf that stays within its fan-out bounds.
        if root != nil, !(range.isEmpty && replacement.isEmpty) {
            Self.makeUnique(&root!)
            if Self.splice(&root!, range, replacement, isRoot: true) {
                if root!.height == 0 && root!.elements.isEmpty { root = nil }
                return
            }
        }
        var position = range.lowerBound
        var iterator = replacement.makeIterator()
        var replaced = 0
        // Overwrite in place while both sides have elements.
        while replaced < range.count, let element = iterator.next() {
            update(at: position) { $0 = element }
            position += 1
            replaced += 1
        }
        if replaced < range.count {
            // More removed than inserted.
            for _ in replaced..<range.count { remove(at: position) }
            return
        }
        while let element = iterator.next() {
            insert(element, at: position)
            position += 1
        }
    }

    /// Splices `new` over `range` when both lie in one leaf that stays within its bounds; false otherwise
    /// (nothing changed then, beyond copying shared nodes on the path).
    private static func splice(_ node: inout Node, _ range: Range<Int>, _ new: [Element], isRoot: Bool) -> Bool {
        if node.height == 0 {
            let width = node.elements.count - range.count + new.count
            guard width <= maxFanout, width >= (isRoot ? 0 : minFanout) else { return false }
            var removed = Element.Summary.zero
            for k in range { removed.add(node.summaries[k]) }
            let added = new.map { $0.summary }
            node.elements.replaceSubrange(range, with: new)
            node.summaries.replaceSubrange(range, with: added)
            node.count = width
            node.summary.subtract(removed)
            for summary in added { node.summary.add(summary) }
            return true
        }
        var start = range.lowerBound
        var slot = 0
        while slot < node.counts.count - 1 && start >= node.counts[slot]
                && !(range.isEmpty && start == node.counts[slot]) {
            start -= node.counts[slot]
            slot += 1
        }
        let local = start..<(start + range.count)
        guard local.upperBound <= node.counts[slot] else { return false }
        makeUnique(&node.children[slot])
        let oldSummary = node.children[slot].summary
        let oldCount = node.children[slot].count
        guard splice(&node.children[slot], local, new, isRoot: false) else { return false }
        let child = node.children[slot]
        node.count += child.count - oldCount
        node.summary.subtract(oldSummary)
        node.summary.add(child.summary)
        node.summaries[slot] = child.summary
        node.counts[slot] = child.count
        return true
    }

    /// Appends an element at the end.
    @inlinable
    public mutating func append(_ element: Element) { insert(element, at: count) }
}

extension Rope {
    /// Finds the element holding `offset` along `M` (as `locate` does) and lets `body` change it in place, in one
    /// walk from the root: `body` gets the element, its index, the remainder inside it and the summary of every
    /// element before it. Returns nil when there is no such element (an offset at or past the end with `.next`,
    /// or an empty rope) or when `body` returns nil, which must mean it changed nothing.
    ///
    /// This is `locate` followed by `update(at:)` without the second walk, and without a copy of the element
    /// held outside the tree while it changes (which would make a chunk's storage shared, and copied).
    @discardableResult
    public mutating func updateElement<M: RopeMetric, R>(
        _ metric: M.Type, _ offset: Int, prefer: RopeBoundaryPreference = .next,
        _ body: (inout Element, _ index: Int, _ remainder: Int, _ prefix: Element.Summary) throws -> R?
    ) rethrows -> R? where M.Element == Element {
        // No local reference to the root: it would make the root look shared, and the whole path be copied.
        guard root != nil else { return nil }
        if prefer == .next, offset >= M.measure(root!.summary) { return nil }
        Self.makeUnique(&root!)
        return try Self.updateElement(metric, &self.root!, offset, 0, .zero, prefer == .previous, body)
    }

    private static func updateElement<M: RopeMetric, R>(
        _ metric: M.Type, _ node: inout Node, _ offset: Int, _ start: Int, _ before: Element.Summary, _ previous: Bool,
        _ body: (inout Element, Int, Int, Element.Summary) throws -> R?
    ) rethrows -> R? where M.Element == Element {
        var remaining = offset
        var index = start
        var prefix = before
        let isLeaf = node.height == 0
        let slot = node.slot(metric, holding: &remaining, previous: previous, prefix: &prefix)
        if !isLeaf { for k in 0..<slot { index += node.counts[k] } }
        let old = node.summaries[slot]
        let result: R?
        let new: Element.Summary
        if isLeaf {
            result = try body(&node.elements[slot], index + slot, remaining, prefix)
            guard result != nil else { return nil }
            new = node.elements[slot].summary
        } else {
            makeUnique(&node.children[slot])
            result = try updateElement(metric, &node.children[slot], remaining, index, prefix, previous, body)
            guard result != nil else { return nil }
            new = node.children[slot].summary
        }
        node.summaries[slot] = new
        node.summary.subtract(old)
        node.summary.add(new)
        return result
    }
}
