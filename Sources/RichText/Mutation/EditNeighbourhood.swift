/// The runs at the edges of a text edit, read in one walk before the edit is made: the bytes just before the
/// edited range, its first and last bytes, and the byte just after it. Every step of the funnel that a text edit
/// runs decides from them, in O(1), whether it has anything to do, and inheritance takes its source from them.
///
/// It names the edge sets without holding them (a neighbourhood is read on every keystroke, and holding its sets
/// would cost an atomic reference count each). That is sound because the sets are read only before the edit is
/// made, while the string still holds them; after it, only the traits copied here are read. A set the string
/// holds cannot be reclaimed (see `AttributeRegistry`).
struct EditNeighbourhood {
    /// A set named without a reference.
    struct SetName {
        unowned(unsafe) let storage: SetStorage
        init(_ set: AttributeSet) { storage = set.storage }
        var set: AttributeSet { AttributeSet(storage: storage) }
    }

    /// An optional set kept as a `SetName`.
    @propertyWrapper
    struct Unheld {
        private var name: SetName?
        init(wrappedValue: AttributeSet?) { name = wrappedValue.map(SetName.init) }
        var wrappedValue: AttributeSet? {
            get { name?.set }
            set { name = newValue.map(SetName.init) }
        }
        /// The set's name, read without counting a reference.
        var projectedValue: SetName? { name }
    }

    /// A run of the run tree: its index, start and length.
    typealias RunPlace = (index: Int, start: Int, length: Int)

    /// The attributes of the byte just before the edited range (nil at the start of the text).
    @Unheld var before: AttributeSet? = nil
    /// The attributes of the byte just after the edited range (nil at the end of the text).
    @Unheld var after: AttributeSet? = nil
    /// The attributes of the edited range's first and last bytes (nil for an empty range).
    @Unheld var first: AttributeSet? = nil
    @Unheld var last: AttributeSet? = nil
    /// The run holding the byte just before the edited range, and the one holding its first byte.
    var beforeRun: RunPlace?
    var firstRun: RunPlace?
    /// The traits of every key on the edge runs, together.
    var traits: SetTraits = []
    /// The traits of `before` and `after`, which stay readable after the edit: the edit leaves those runs where
    /// they were (`after` moved by the change in length).
    var beforeTraits: SetTraits = []
    var afterTraits: SetTraits = []

    var hasBehaviors: Bool { traits.contains(.behaved) }
}

extension RichString {
    /// The neighbourhood of a text edit of `range`: one walk over the runs from the byte before it to the byte
    /// after it when the range is short, else one walk at each end.
    func neighbourhood(of range: Range<Int>) -> EditNeighbourhood {
        var near = EditNeighbourhood()
        let total = text.utf8Count
        guard total > 0 else { return near }
        let lo = range.lowerBound, hi = range.upperBound
        // Most edits lie inside one run (typing in a word, deleting a letter of it): when the run holding the
        // byte before the edit holds the byte after it too, that run is every edge, found in one walk.
        let located = runStore.rope.locate(RunUTF8Metric.self, max(0, lo - 1), prefer: .next)
        if let run = located.element, located.prefix.utf8 + run.utf8Count > min(total - 1, hi) {
            let attributes = run.attributes
            let place: EditNeighbourhood.RunPlace = (located.index, located.prefix.utf8, run.utf8Count)
            if lo > 0 { near.before = attributes; near.beforeRun = place }
            if !range.isEmpty { near.first = attributes; near.firstRun = place; near.last = attributes }
            if hi < total { near.after = attributes }
            near.traits = attributes.traits
            near.beforeTraits = lo > 0 ? near.traits : []
            near.afterTraits = hi < total ? near.traits : []
            return near
        }
        if hi - lo <= 64 {
            readEdges(from: max(0, lo - 1), to: min(total, hi + 1), of: range, into: &near)
        } else {
            readEdges(from: max(0, lo - 1), to: lo + 1, of: range, into: &near)
            readEdges(from: hi - 1, to: min(total, hi + 1), of: range, into: &near)
        }
        near.beforeTraits = near.before?.traits ?? []
        near.afterTraits = near.after?.traits ?? []
        return near
    }

    /// Notes in `near` the edge runs of an edit of `range` that lie in `window`, in one walk down the tree.
    private func readEdges(from lower: Int, to upper: Int, of range: Range<Int>, into near: inout EditNeighbourhood) {
        guard lower < upper else { return }
        let beforeOffset = range.lowerBound - 1
        let firstOffset = range.lowerBound
        let lastOffset = range.upperBound - 1
        let afterOffset = range.upperBound
        runStore.rope.forEach(from: lower, along: RunUTF8Metric.self) { index, position, run in
            let end = position + run.utf8Count
            let attributes = run.attributes
            var isEdge = false
            if position <= beforeOffset && beforeOffset < end {
                near.before = attributes
                near.beforeRun = (index, position, run.utf8Count)
                isEdge = true
            }
            if !range.isEmpty && position <= firstOffset && firstOffset < end {
                near.first = attributes
                near.firstRun = (index, position, run.utf8Count)
                isEdge = true
            }
            if !range.isEmpty && position <= lastOffset && lastOffset < end {
                near.last = attributes
                isEdge = true
            }
            if position <= afterOffset && afterOffset < end {
                near.after = attributes
                isEdge = true
            }
            if isEdge { near.traits.formUnion(attributes.traits) }
            return end < upper
        }
    }
}
