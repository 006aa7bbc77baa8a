/// Whether two ropes hold equal elements in the same order, found without reading what they share: two ropes where
/// one was made from the other by a few edits share every node the edits did not copy, and a shared subtree holds
/// the same elements in both. So the walk descends only the paths that differ, pairing children of the same shape,
/// and reads elements one by one only where the shapes part (a split or a merge); a small edit costs O(log n).
extension Rope where Element: Equatable {
    func hasSameElements(as other: Rope) -> Bool {
        guard count == other.count else { return false }
        switch (root, other.root) {
        case (nil, nil): return true
        case let (a?, b?): return Self.sameElements(a, b)
        default: return false
        }
    }

    private static func sameElements(_ a: Node, _ b: Node) -> Bool {
        if a === b { return true }
        guard a.count == b.count else { return false }
        let width = a.width
        if a.height == b.height, width == b.width {
            if a.height == 0 {
                let x = a.elements, y = b.elements
                for i in 0..<width where x[i] != y[i] { return false }
                return true
            }
            let x = a.counts, y = b.counts
            if (0..<width).allSatisfy({ x[$0] == y[$0] }) {
                let p = a.children, q = b.children
                for i in 0..<width where !sameElements(p[i], q[i]) { return false }
                return true
            }
        }
        // The shapes part: compare the two subtrees' elements in order.
        var left: [Element] = []
        left.reserveCapacity(a.count)
        collect(a, into: &left)
        var k = 0
        return sequence(b, matches: left, from: &k) && k == left.count
    }

    private static func collect(_ node: Node, into elements: inout [Element]) {
        if node.height == 0 {
            for i in 0..<node.width { elements.append(node.elements[i]) }
        } else {
            for i in 0..<node.width { collect(node.children[i], into: &elements) }
        }
    }

    private static func sequence(_ node: Node, matches elements: [Element], from k: inout Int) -> Bool {
        if node.height == 0 {
            for i in 0..<node.width {
                guard k < elements.count, elements[k] == node.elements[i] else { return false }
                k += 1
            }
            return true
        }
        for i in 0..<node.width where !sequence(node.children[i], matches: elements, from: &k) { return false }
        return true
    }
}
