/// Runs an edit builds on the stack before they go into the run rope: appended in order, coalesced, then handed
/// over to the rope, which moves them in (see `RopeSource`). Whatever is not handed over is given back when the
/// building ends, so a path that changes nothing needs no clean-up of its own.
struct RunPieces {
    private let base: UnsafeMutablePointer<AttributeRun>
    /// The pieces built and not yet handed over.
    private(set) var count = 0

    private init(base: UnsafeMutablePointer<AttributeRun>) { self.base = base }

    /// Calls `body` with room for `capacity` pieces on the stack.
    static func building<R>(capacity: Int, _ body: (inout RunPieces) -> R) -> R {
        withUnsafeTemporaryAllocation(of: AttributeRun.self, capacity: capacity) { buffer in
            var pieces = RunPieces(base: buffer.baseAddress!)
            defer { pieces.base.deinitialize(count: pieces.count) }
            return body(&pieces)
        }
    }

    mutating func append(_ run: AttributeRun) {
        (base + count).initialize(to: run)
        count += 1
    }

    /// The pieces, empty ones dropped and equal neighbours merged, for the rope to take over: they are no longer
    /// this builder's.
    mutating func handOverCoalesced() -> UnsafeMutableBufferPointer<AttributeRun> {
        let kept = RunRope.coalesce(base, count: count)
        count = 0
        return UnsafeMutableBufferPointer(start: base, count: kept)
    }
}
