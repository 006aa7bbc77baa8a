extension Rope {
    /// Checks the tree's structural invariants and traps with a description of the first one broken.
    ///
    /// Every leaf is at the same depth, every node but the root is at least half full and at most full, an inner
    /// root has two children or more, and every node's cached width, count and summary, and every inner node's
    /// cached child summaries and counts, equal what its items add up to.
    func _invariantCheck() {
        guard let root else { return }
        _ = Self.check(root, isRoot: true)
    }

    private static func check(_ node: Node, isRoot: Bool) -> (Int, Element.Summary) {
        precondition(node.width <= maxWidth(height: node.height), "Rope node over-full: \(node.width) items")
        if !isRoot {
            precondition(node.width >= minWidth(height: node.height), "Rope node under-full: \(node.width) items")
        }
        precondition(node.width > 0, "Rope node is empty")
        var sum = Element.Summary.zero
        var total = 0
        if node.height == 0 {
            for element in node.elements.array { sum.add(element.summary) }
            total = node.width
        } else {
            if isRoot { precondition(node.width >= 2, "Rope inner root with a single child") }
            precondition(node.summaries.array == node.children.array.map { $0.summary }, "Rope node's cached child summaries are stale")
            precondition(node.counts.array == node.children.array.map { $0.count }, "Rope node's cached child counts are stale")
            for child in node.children.array {
                precondition(child.height == node.height - 1, "Rope leaves at different depths")
                let (c, s) = check(child, isRoot: false)
                total += c
                sum.add(s)
            }
        }
        precondition(total == node.count, "Rope cached count \(node.count) != actual \(total)")
        precondition(sum == node.summary, "Rope cached summary differs from its children's")
        return (total, sum)
    }
}

#if RICHTEXT_INTERNAL_CHECKS
extension Rope {
    /// `_invariantCheck()` of the nodes on the paths from the root to the elements in `elements`, widened by one
    /// element on each side: the checks a mutation runs on a large tree (`RichString+MutationChecks.swift`), whose
    /// splice changed only those paths and the siblings it merged with or borrowed from.
    ///
    /// Each node on the paths is checked as `_invariantCheck()` checks it (width within bounds, an inner root with
    /// two children or more), its cached count and summary against its items, and an inner node's cached child
    /// counts and summaries and its children's heights against the children themselves; so a sibling next to a
    /// path is checked as far as its parent sees it. O(log n) nodes of O(fan-out) items each, plus the elements.
    func _invariantCheck(aroundElements elements: Range<Int>) {
        guard let root else { return }
        let checked = Swift.max(elements.lowerBound - 1, 0)..<Swift.min(elements.upperBound + 1, root.count)
        Self.checkPaths(root, isRoot: true, checked)
    }

    private static func checkPaths(_ node: Node, isRoot: Bool, _ range: Range<Int>) {
        precondition(node.width <= maxWidth(height: node.height), "Rope node over-full: \(node.width) items")
        if !isRoot {
            precondition(node.width >= minWidth(height: node.height), "Rope node under-full: \(node.width) items")
        }
        precondition(node.width > 0, "Rope node is empty")
        var sum = Element.Summary.zero
        if node.height == 0 {
            for k in 0..<node.width { sum.add(node.elementBase[k].summary) }
            precondition(node.count == node.width, "Rope cached count \(node.count) != actual \(node.width)")
            precondition(sum == node.summary, "Rope cached summary differs from its elements'")
            return
        }
        if isRoot { precondition(node.width >= 2, "Rope inner root with a single child") }
        var total = 0
        for slot in 0..<node.width {
            let child = node.children[slot]
            precondition(child.height == node.height - 1, "Rope leaves at different depths")
            precondition(node.summaries[slot] == child.summary, "Rope node's cached child summary \(slot) is stale")
            precondition(node.counts[slot] == child.count, "Rope node's cached child count \(slot) is stale")
            let start = total
            total += child.count
            sum.add(child.summary)
            let lower = Swift.max(range.lowerBound, start), upper = Swift.min(range.upperBound, total)
            if lower < upper { checkPaths(child, isRoot: false, (lower - start)..<(upper - start)) }
        }
        precondition(total == node.count, "Rope cached count \(node.count) != actual \(total)")
        precondition(sum == node.summary, "Rope cached summary differs from its children's")
    }
}
#endif
