// The splice that changes no node's shape: one walk down by address that makes the path unique, splices the
// leaf in place and adds the change of count and summary to every node on the way, so that nothing is read
// again on the way up and no node reference is retained for the walk.

extension Rope {
    /// Splices `new` over `range`, which must lie in one leaf (an empty range on a boundary between two leaves
    /// counts for the one on its left, as in `spliceInOneLeaf`), when that leaf keeps a width the tree allows
    /// without reshaping: at most `maxFanout`, and at least `minFanout` (at least 1 for a root leaf).
    ///
    /// Returns false when the leaf would need reshaping; the rope's contents are unchanged then (its path from
    /// the root may have been made unique, which changes nothing but what it shares), nothing was taken from
    /// `new`, and `spliceInOneLeaf` takes over. The tree left by a true return is the one `spliceInOneLeaf` leaves.
    mutating func spliceKeepingShape(_ range: Range<Int>, _ new: RopeSource<Element>) -> Bool {
        guard let height = root?.height else { return false }
        Self.makeUnique(&root!)
        let isEmpty = range.isEmpty
        return withUnsafeTemporaryAllocation(of: (UnsafeMutableRawPointer, Int).self, capacity: height + 1) { path in
            var node = UnsafeMutableRawPointer(Unmanaged.passUnretained(root.unsafelyUnwrapped).toOpaque())
            var start = range.lowerBound
            var depth = 0
            while Self.rawHeader(node).pointee.height > 0 {
                let items = node + Self.itemsOffset
                let slot = Self.findSlot(elementIndex: &start, in: node, prefer: isEmpty ? .previous : .next)
                path[depth] = (node, slot)
                depth += 1
                let children = (items + Self.innerChildrenOffset).assumingMemoryBound(to: Node.self)
                if !isKnownUniquelyReferenced(&children[slot]) { children[slot] = Node.makeCopy(of: children[slot]) }
                node = UnsafeMutableRawPointer(Unmanaged.passUnretained(children[slot]).toOpaque())
            }
            let header = (node + Self.headerOffset).assumingMemoryBound(to: NodeHeader.self)
            let width = header.pointee.width
            let local = start..<(start + range.count)
            precondition(local.upperBound <= width, "Rope splice range does not lie in one leaf")
            let newWidth = width - local.count + new.count
            guard newWidth <= Self.maxFanout, newWidth >= (depth == 0 ? 1 : Self.minFanout) else { return false }
            // The leaf, in place.
            let base = (node + Self.itemsOffset).assumingMemoryBound(to: Element.self)
            var delta = Element.Summary.zero
            for k in local { delta.subtract(base[k].summary) }
            Element.ropeWillDrop(base + local.lowerBound, count: local.count)
            (base + local.lowerBound).deinitialize(count: local.count)
            if new.count != local.count {
                (base + local.lowerBound + new.count).moveInitialize(from: base + local.upperBound, count: width - local.upperBound)
            }
            for k in 0..<new.count { delta.add(new[k].summary) }
            new.putAll(into: base + local.lowerBound)
            let countDelta = newWidth - width
            header.pointee.width = newWidth
            header.pointee.count = newWidth
            header.pointee.summary.add(delta)
            // Every node above: its own count and summary, and its cache of the child's.
            for d in 0..<depth {
                let (above, slot) = path[d]
                let aboveHeader = (above + Self.headerOffset).assumingMemoryBound(to: NodeHeader.self)
                aboveHeader.pointee.count += countDelta
                aboveHeader.pointee.summary.add(delta)
                let items = above + Self.itemsOffset
                items.assumingMemoryBound(to: Element.Summary.self)[slot].add(delta)
                (items + Self.innerCountsOffset).assumingMemoryBound(to: Int.self)[slot] += countDelta
            }
            return true
        }
    }
}
