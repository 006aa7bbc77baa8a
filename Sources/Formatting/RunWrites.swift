import RichText

/// The runs `enforceDefinition` rewrites, collected during its walk and written after it. Neighbouring writes
/// go to the string as one write over both and the few unchanged runs between them (as they are), so a stretch
/// of many changed runs (an attribute set over several words) costs one splice of the run tree instead of one
/// per run. The string coalesces equal neighbours either way, so the runs left behind are the same.
struct RunWrites {
    /// Whether neighbouring writes are merged (off: one write per run, the reference in tests).
    let mergesNeighbours: Bool
    /// The writes, in order, none overlapping: a range and the runs that cover it exactly.
    private(set) var batches: [(range: Range<Int>, runs: [AttributeRun])] = []
    /// Whether a written run carries a key bound to paragraphs or characters.
    private(set) var writesBoundKeys = false
    /// The unchanged runs since the last write, while they may still join it to the next one.
    private var gap: [AttributeRun] = []
    private var gapBytes = 0
    private var isOpen = false

    /// Past this many unchanged runs between two writes, they are written apart.
    static let gapLimit = 8

    init(mergesNeighbours: Bool) { self.mergesNeighbours = mergesNeighbours }

    /// The walk passed `range`, whose attributes stay as they are.
    mutating func keep(_ range: Range<Int>, _ attributes: AttributeSet) {
        guard isOpen else { return }
        gap.append(AttributeRun(utf8Count: range.count, attributes: attributes))
        gapBytes += range.count
        if gap.count > Self.gapLimit { close() }
    }

    /// `runs` replace the attributes over `range`, which comes after every range passed before.
    mutating func write(_ range: Range<Int>, _ runs: [AttributeRun]) {
        if !writesBoundKeys, runs.contains(where: { $0.attributes.hasParagraphKeys || $0.attributes.hasCharacterKeys }) {
            writesBoundKeys = true
        }
        if isOpen, let last = batches.last, last.range.upperBound + gapBytes == range.lowerBound {
            batches[batches.count - 1].range = last.range.lowerBound..<range.upperBound
            batches[batches.count - 1].runs += gap
            batches[batches.count - 1].runs += runs
        } else {
            batches.append((range, runs))
        }
        gap.removeAll(keepingCapacity: true)
        gapBytes = 0
        isOpen = mergesNeighbours
    }

    private mutating func close() {
        isOpen = false
        gap.removeAll(keepingCapacity: true)
        gapBytes = 0
    }

    /// Writes every batch to `document`, without firing behaviours.
    func apply(to document: inout RichString) {
        for (range, runs) in batches { document.replaceAttributesRaw(range, with: runs) }
    }
}
