/// The references run trees hold to their sets, counted through a small per-thread pool of credits, so that
/// threads filling and emptying trees over the same few sets (every document of a corpus uses the same handful)
/// do not pass those sets' reference counts from core to core on every run.
///
/// A credit is an ordinary reference to a set, held by the thread's `ThreadCaches`. A tree taking a reference
/// uses one of the thread's credits for that set when there is one; a set its slot already names but with no
/// credit left is retained `batch` times at once (one reference for the tree, the rest kept as credits); any
/// other set is retained once. A tree giving a reference back puts it
/// among the credits instead of releasing it, and a set with `maxCredits` gives all but `batch` back at once. References are interchangeable, so the
/// counts stay exact: a set is alive while any tree or pool holds it. A pool keeps one set a slot, at most
/// `ThreadCaches.creditSlotCount` sets a thread; a slot passes to another set only once its credits are used
/// up, and a thread's credits are released when it ends.
enum TreeReferences {
    /// One slot of a pool: the set's address and the references held for it.
    struct Credit {
        var address: UInt = 0
        var count = 0
    }

    /// The fewest runs a tree counts through credits (a leaf copied or freed, a reader's run); an edit's few
    /// runs are counted directly, where an atomic count costs less than finding the thread's credits.
    static let leastForCredits = 8

    /// References taken at once when a thread has no credit for a set.
    static let batch = 16
    /// The most credits kept for one set.
    static let maxCredits = 64

    @inline(__always)
    private static func slot(_ address: UInt) -> Int {
        Int(truncatingIfNeeded: (UInt64(address) >> 4) &* 0x9E37_79B9_7F4A_7C15 >> 58) & (ThreadCaches.creditSlotCount - 1)
    }

    @inline(__always)
    private static func storage(_ address: UInt) -> Unmanaged<SetStorage> {
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped)
    }

    /// Releases the credits of `credit`, leaving it empty.
    static func giveBack(_ credit: UnsafeMutablePointer<Credit>) {
        let count = credit.pointee.count
        guard count > 0 else { return }
        let set = storage(credit.pointee.address)
        for _ in 0..<count { set.release() }
        credit.pointee.count = 0
    }

    /// One reference to the set at `address` for a tree, from `credits`. A set seen again in its slot is taken in
    /// a batch; a set new to its slot is retained once and claims the slot when it is free, so that trees over
    /// many distinct sets (more than the slots) count directly rather than trade batches back and forth.
    @inline(__always)
    private static func take(_ address: UInt, from credits: UnsafeMutablePointer<Credit>) {
        let credit = credits + slot(address)
        let set = storage(address)
        if credit.pointee.address == address {
            if credit.pointee.count > 0 {
                credit.pointee.count -= 1
                return
            }
            for _ in 0..<batch { _ = set.retain() }
            credit.pointee.count = batch - 1
            return
        }
        if credit.pointee.count == 0 { credit.pointee.address = address }
        _ = set.retain()
    }

    /// A tree's reference to the set at `address`, given back into `credits`.
    @inline(__always)
    private static func give(_ address: UInt, to credits: UnsafeMutablePointer<Credit>) {
        let credit = credits + slot(address)
        if credit.pointee.address == address {
            if credit.pointee.count == maxCredits {
                // Full: all but a batch go back at once.
                let set = storage(address)
                for _ in 0..<(maxCredits - batch) { set.release() }
                credit.pointee.count = batch
            }
            credit.pointee.count += 1
            return
        } else if credit.pointee.count == 0 {
            credit.pointee.address = address
            credit.pointee.count = 1
            return
        }
        storage(address).release()
    }

    /// One reference for a tree to the set of each of the `count` runs at `runs`.
    @inline(__always)
    static func take(forEachOf runs: UnsafePointer<StoredRun>, count: Int) {
        guard count > 0 else { return }
        ThreadCaches.withCurrent { caches in
            for k in 0..<count { take(runs[k].address, from: caches.credits) }
        }
    }

    /// Gives back a tree's reference to the set of each of the `count` runs at `runs`.
    @inline(__always)
    static func give(forEachOf runs: UnsafePointer<StoredRun>, count: Int) {
        guard count > 0 else { return }
        ThreadCaches.withCurrent { caches in
            for k in 0..<count { give(runs[k].address, to: caches.credits) }
        }
    }

    /// One reference for a tree to `set` (a reader's run).
    @inline(__always)
    static func take(_ set: AttributeSet) -> Unmanaged<SetStorage> {
        let unmanaged = Unmanaged.passUnretained(set.storage)
        let address = UInt(bitPattern: unmanaged.toOpaque())
        ThreadCaches.withCurrent { take(address, from: $0.credits) }
        return unmanaged
    }
}
