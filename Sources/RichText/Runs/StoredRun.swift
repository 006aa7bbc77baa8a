/// A run as the run rope keeps it: its length and its set's address, a plain value, so that the tree copies,
/// moves and reads runs without any reference counting.
///
/// The tree counts the references by hand (`RopeElement.ropeDidCopy`, `ropeWillDrop`): it owns one reference to
/// the set of each run it stores, taken when the run goes in or its leaf is copied, and given back when the run
/// leaves or its leaf dies. Whole leaves and readers' runs count through the thread's credits (`TreeReferences`);
/// an edit's few runs count directly. A run read out of the tree is therefore a view, valid while the tree still holds it;
/// what must outlive a change of the tree is taken out as an `AttributeRun` (`run`), which holds its own
/// reference. `RunPieces` builds runs that own one reference each, for the tree to take over.
///
/// A run is 12 bytes, three 32-bit words, so that a leaf of runs is a quarter smaller than with an `Int` and an
/// address side by side: the set's address in 48 bits (what user space addresses take on 64-bit Linux and
/// Darwin) and the length in 48 bits, signed (lengths pass through negative values while a run is cut).
struct StoredRun: RopeElement, Equatable, CustomStringConvertible, @unchecked Sendable {
    /// Address bits 0-31.
    private var low: UInt32
    /// Address bits 32-47, then length bits 0-15.
    private var middle: UInt32
    /// Length bits 16-47.
    private var high: UInt32

    /// The run's length in UTF-8 bytes.
    var utf8Count: Int {
        @inline(__always) get { (Int(Int32(bitPattern: high)) << 16) | Int(middle >> 16) }
        @inline(__always) set {
            middle = middle & 0xFFFF | UInt32(truncatingIfNeeded: newValue) << 16
            high = UInt32(truncatingIfNeeded: newValue >> 16)
        }
    }

    /// The set's storage, not counted by this value (see above).
    private(set) var storage: Unmanaged<SetStorage> {
        @inline(__always) get {
            Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: UInt(low) | UInt(middle & 0xFFFF) << 32).unsafelyUnwrapped)
        }
        @inline(__always) set {
            let address = UInt(bitPattern: newValue.toOpaque())
            precondition(address >> 48 == 0, "attribute set addresses must fit in 48 bits")
            low = UInt32(truncatingIfNeeded: address)
            middle = middle & 0xFFFF_0000 | UInt32(truncatingIfNeeded: address >> 32)
        }
    }

    /// A run of the set at `storage`, whose reference the caller took for it.
    @inline(__always)
    init(utf8Count: Int, owning storage: Unmanaged<SetStorage>) {
        low = 0
        middle = 0
        high = 0
        self.utf8Count = utf8Count
        self.storage = storage
    }

    /// A run that owns one reference to `attributes`, for a builder that hands it over to the tree.
    @inline(__always)
    static func owning(utf8Count: Int, _ attributes: AttributeSet) -> StoredRun {
        StoredRun(utf8Count: utf8Count, owning: Unmanaged.passRetained(attributes.storage))
    }

    /// The address of the run's set.
    @inline(__always)
    var address: UInt { UInt(bitPattern: storage.toOpaque()) }

    /// The attributes over the run.
    @inline(__always)
    var attributes: AttributeSet { AttributeSet(storage: storage.takeUnretainedValue()) }

    /// Calls `body` with the run's attributes, borrowed from the tree for the call: no reference is taken.
    @inline(__always)
    func withAttributes<R>(_ body: (AttributeSet) throws -> R) rethrows -> R {
        try storage._withUnsafeGuaranteedRef { try body(AttributeSet(storage: $0)) }
    }

    /// The run as the public type, holding its own reference to the set.
    var run: AttributeRun { AttributeRun(utf8Count: utf8Count, attributes: attributes) }

    /// Whether the run's attributes are `other`'s (sets are interned: an identity compare).
    @inline(__always)
    func hasAttributes(of other: StoredRun) -> Bool { storage.toOpaque() == other.storage.toOpaque() }

    /// Whether the run's attributes are `set`.
    @inline(__always)
    func hasAttributes(_ set: AttributeSet) -> Bool {
        storage.toOpaque() == Unmanaged.passUnretained(set.storage).toOpaque()
    }

    /// Gives a run the tree holds the attributes `new`: the tree's reference moves from the old set to the new.
    @inline(__always)
    mutating func replaceAttributes(with new: AttributeSet) {
        let old = storage
        storage = Unmanaged.passRetained(new.storage)
        old.release()
    }

    var summary: RunSummary { RunSummary(utf8: utf8Count) }

    static func == (a: StoredRun, b: StoredRun) -> Bool { a.utf8Count == b.utf8Count && a.hasAttributes(of: b) }

    var description: String { "StoredRun(utf8Count: \(utf8Count), attributes: \(attributes))" }

    /// The tree took a second home for these runs: one more reference to each set.
    @inline(__always)
    static func ropeDidCopy(_ elements: UnsafePointer<StoredRun>, count: Int) {
        if count >= TreeReferences.leastForCredits {
            TreeReferences.take(forEachOf: elements, count: count)
        } else {
            for k in 0..<count { _ = elements[k].storage.retain() }
        }
    }

    /// A node of a run tree is freed: specialised for runs (see `RopeElement.ropeNodeWillFree`).
    static func ropeNodeWillFree(_ node: Rope<StoredRun>.Node) { node.giveBackItems() }

    /// The tree drops these runs: their references are given back.
    @inline(__always)
    static func ropeWillDrop(_ elements: UnsafePointer<StoredRun>, count: Int) {
        if count >= TreeReferences.leastForCredits {
            TreeReferences.give(forEachOf: elements, count: count)
        } else {
            for k in 0..<count { elements[k].storage.release() }
        }
    }
}

extension StoredRun {
    /// Drops empty runs and merges neighbours with equal attributes among the `count` at `runs`, each owning its
    /// reference, in place; returns how many are kept. The kept runs are at the front; the references of the
    /// dropped ones are given back, so the caller owns exactly the kept ones.
    static func coalesce(_ runs: UnsafeMutablePointer<StoredRun>, count: Int) -> Int {
        var kept = 0
        for k in 0..<count {
            if runs[k].utf8Count > 0 && (kept == 0 || !runs[kept - 1].hasAttributes(of: runs[k])) {
                if kept != k { runs[kept] = runs[k] }
                kept += 1
            } else {
                if runs[k].utf8Count > 0 { runs[kept - 1].utf8Count += runs[k].utf8Count }
                StoredRun.ropeWillDrop(runs + k, count: 1)
            }
        }
        return kept
    }
}
