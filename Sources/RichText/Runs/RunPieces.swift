/// Runs an edit builds on the stack before they go into the run rope: appended in order, coalesced, then handed
/// over to the rope, which moves them in (see `RopeSource`). Each piece owns one reference to its set, the one
/// the tree keeps for it; whatever is not handed over is given back when the building ends, so a path that
/// changes nothing needs no clean-up of its own.
struct RunPieces {
    private let base: UnsafeMutablePointer<StoredRun>
    /// The pieces built and not yet handed over.
    private(set) var count = 0

    private init(base: UnsafeMutablePointer<StoredRun>) { self.base = base }

    /// Calls `body` with room for `capacity` pieces on the stack.
    static func building<R>(capacity: Int, _ body: (inout RunPieces) -> R) -> R {
        withUnsafeTemporaryAllocation(of: StoredRun.self, capacity: capacity) { buffer in
            var pieces = RunPieces(base: buffer.baseAddress!)
            defer { StoredRun.ropeWillDrop(pieces.base, count: pieces.count) }
            return body(&pieces)
        }
    }

    /// Appends a piece of `utf8Count` bytes with `attributes`.
    @inline(__always)
    mutating func append(utf8Count: Int, _ attributes: AttributeSet) {
        (base + count).initialize(to: .owning(utf8Count: utf8Count, attributes))
        count += 1
    }

    /// Appends `run`.
    @inline(__always)
    mutating func append(_ run: AttributeRun) { append(utf8Count: run.utf8Count, run.attributes) }

    /// Appends a copy of `run`, read from the tree.
    @inline(__always)
    mutating func append(_ run: StoredRun) {
        (base + count).initialize(to: run)
        StoredRun.ropeDidCopy(base + count, count: 1)
        count += 1
    }

    /// The pieces, empty ones dropped and equal neighbours merged, for the rope to take over: they are no longer
    /// this builder's.
    mutating func handOverCoalesced() -> UnsafeMutableBufferPointer<StoredRun> {
        let kept = StoredRun.coalesce(base, count: count)
        count = 0
        return UnsafeMutableBufferPointer(start: base, count: kept)
    }
}
