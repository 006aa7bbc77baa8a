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
