/// Runs collected for a new string, in order, each holding one reference to its set: a reader of a document
/// format appends them as it reads, and the string it builds takes them over
/// (`RichString(unenforcedText:takingOver:)`), so that each run's reference is counted once, as it is appended,
/// and never copied or given back on the way into the tree. RichTextFormats' readers build their strings so;
/// `RichString(unenforcedText:runs:)` does the same from an array of `AttributeRun`s, at the cost of a copy.
///
/// Runs are kept as appended (even empty ones, or equal neighbours), so that an index stays good for
/// `setAttributes(_:at:)`; the string coalesces them as it takes them over. What is not taken over is given
/// back when the list dies.
public final class RunList {
    /// The runs, each owning one reference to its set (see `StoredRun`). A list is filled by one reader and
    /// never shared while it is, so the per-access exclusivity check (a thread-local lookup on every append) is
    /// left out.
    @exclusivity(unchecked) private var runs: [StoredRun] = []

    /// An empty list.
    public init() {}

    /// A list of `runs`, each taking its own reference.
    init<S: Sequence>(_ runs: S) where S.Element == AttributeRun {
        self.runs.reserveCapacity(runs.underestimatedCount)
        for run in runs { append(utf8Count: run.utf8Count, run.attributes) }
    }

    deinit {
        runs.withUnsafeBufferPointer { buffer in
            if let base = buffer.baseAddress { StoredRun.ropeWillDrop(base, count: buffer.count) }
        }
    }

    /// The number of runs appended.
    public var count: Int { runs.count }

    /// The UTF-8 length of each run, in order.
    var utf8Counts: some Collection<Int> { runs.lazy.map(\.utf8Count) }

    /// Appends a run of `utf8Count` bytes with `attributes` (its reference is taken from the thread's credits:
    /// `TreeReferences`).
    @inline(__always)
    public func append(utf8Count: Int, _ attributes: AttributeSet) {
        runs.append(StoredRun(utf8Count: utf8Count, owning: TreeReferences.take(attributes)))
    }

    /// Appends a run of `utf8Count` bytes with no attributes.
    @inline(__always)
    public func appendEmpty(utf8Count: Int) {
        AttributeSet.withEmpty { append(utf8Count: utf8Count, $0) }
    }

    /// Gives run `index` (counted from 0 in the order appended) the attributes `attributes`: a reader that learns a
    /// run's attributes after its text.
    public func setAttributes(_ attributes: AttributeSet, at index: Int) {
        runs[index].replaceAttributes(with: attributes)
    }

    /// Calls `body` with the runs, empty ones dropped and equal neighbours merged, for it to take over: they are
    /// no longer the list's, which is left empty.
    func handOverCoalesced<R>(_ body: (UnsafeMutableBufferPointer<StoredRun>) -> R) -> R {
        defer { runs.removeAll() }
        return runs.withUnsafeMutableBufferPointer { buffer in
            let kept = buffer.baseAddress.map { StoredRun.coalesce($0, count: buffer.count) } ?? 0
            return body(UnsafeMutableBufferPointer(rebasing: buffer[..<kept]))
        }
    }
}
