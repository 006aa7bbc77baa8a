import Synchronization

/// The memory of one interned attribute set, reference counted: a set lives as long as a string, a cache or a
/// caller holds it, and the interner reclaims it once nothing else does (see `AttributeRegistry`).
///
/// The block of bytes an `AttributeSet` reads lies in the buffer's elements; its layout, with the set's serial
/// number, is in `AttributeSet+Storage.swift`. The buffer has no header of its own: a set is one allocation of
/// the object header and its block, no larger.
///
/// A set owns one reference to each boxed value it stores, to its side (entries list and annex) and to its
/// projections; it gives them back here. Sets and values die only inside the interner's sweep, under its lock
/// (the tables hold the last reference), so nothing can find a set while it is being torn down.
@usableFromInline
final class SetStorage: ManagedBuffer<Void, UInt64> {
    /// The block's first byte.
    @inlinable var block: UnsafeRawPointer { UnsafeRawPointer(withUnsafeMutablePointerToElements { $0 }) }

    /// A new storage of `bytes` bytes (a multiple of 8 at least), its block not yet written.
    static func make(bytes: Int) -> SetStorage {
        let buffer = SetStorage.create(minimumCapacity: (bytes + 7) / 8) { _ in }
        return unsafeDowncast(buffer, to: SetStorage.self)
    }

    deinit {
        let set = AttributeSet.Block(block)
        set.releaseOwnedReferences()
    }
}

/// One boxed attribute value, shared by every set that stores an equal value (the registry keeps one box per
/// distinct live value), so that a stored entry is 16 bytes and equal values have equal encodings.
@usableFromInline
final class ValueBox {
    let value: AttributeValue
    init(_ value: AttributeValue) { self.value = value }

    /// The encoding of the box's address, as stored in a `StoredValue` payload.
    @inline(__always)
    var payload: UInt64 { UInt64(UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque())) }

    /// Calls `body` with the value stored at `payload`, which a live set or caller holds, without retaining it.
    @inline(__always)
    static func withValue<R>(at payload: UInt64, _ body: (AttributeValue) -> R) -> R {
        Unmanaged<ValueBox>.fromOpaque(UnsafeRawPointer(bitPattern: UInt(payload)).unsafelyUnwrapped)
            ._withUnsafeGuaranteedRef { body($0.value) }
    }
}

/// A set's entries as the public type, built on first request and kept by the set's side (see `entries`).
final class EntryListBox {
    let list: [AttributeEntry]
    init(_ list: [AttributeEntry]) { self.list = list }
}

/// What a set keeps beside its entries, made the first time it keeps either: the entries list (`entries`) and
/// one client's annex (`keepAnnex`). It takes over the serial number's place in the set's head, so it keeps that
/// number too. Each slot is written once (0, then a retained object), so a reader that sees an object can use it
/// for as long as it holds the set.
///
/// The head names a side by a shifted address, which leak checkers cannot read, so every live side is also listed
/// in `SetSide.live` by its plain address: a program run under LeakSanitizer sees sides as reachable.
final class SetSide: @unchecked Sendable {
    /// The set's serial number (see `internedIdentity`).
    let serial: UInt
    /// A retained `EntryListBox`, or 0.
    let list = Atomic<UInt>(0)
    /// A retained `SetAnnex`, or 0.
    let annex = Atomic<UInt>(0)

    /// The addresses of the sides alive.
    private static let live = Mutex(Set<UInt>())

    private init(serial: UInt) { self.serial = serial }

    /// A new side for the set with `serial`, retained once, listed as alive.
    static func make(serial: UInt) -> Unmanaged<SetSide> {
        let side = Unmanaged.passRetained(SetSide(serial: serial))
        let address = UInt(bitPattern: side.toOpaque())
        _ = live.withLock { $0.insert(address) }
        return side
    }

    deinit {
        let address = UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque())
        _ = Self.live.withLock { $0.remove(address) }
        let list = self.list.load(ordering: .acquiring)
        if list != 0 { Unmanaged<EntryListBox>.fromOpaque(UnsafeRawPointer(bitPattern: list)!).release() }
        let annex = self.annex.load(ordering: .acquiring)
        if annex != 0 { Unmanaged<SetAnnex>.fromOpaque(UnsafeRawPointer(bitPattern: annex)!).release() }
    }

    /// Publishes `object` in `slot` unless something is there already; returns what the slot holds afterwards
    /// (`object`'s address when it won). The loser's reference is given back.
    static func publish(_ object: Unmanaged<AnyObject>, in slot: borrowing Atomic<UInt>) -> UInt {
        let address = UInt(bitPattern: object.toOpaque())
        let (exchanged, original) = slot.compareExchange(expected: 0, desired: address, ordering: .acquiringAndReleasing)
        if exchanged { return address }
        object.release()
        return original
    }
}

extension AttributeSet {
    /// The set's side if it has one, without retaining it (the set owns it while the caller holds the set).
    @inline(__always)
    func sideIfMade() -> Unmanaged<SetSide>? {
        Block.side(in: Block(base).headSlot.pointee.load(ordering: .acquiring))
    }

    /// The set's side, made now if need be (two threads may both make one; the first to publish wins).
    func side() -> Unmanaged<SetSide> {
        let slot = Block(base).headSlot
        var seen = slot.pointee.load(ordering: .acquiring)
        while true {
            if let side = Block.side(in: seen) { return side }
            let made = SetSide.make(serial: UInt(truncatingIfNeeded: seen >> Block.payloadShift))
            let address = UInt64(UInt(bitPattern: made.toOpaque()))
            precondition(address & 0xF == 0 && address >> 48 == 0, "an object address outside 48 bits")
            let desired = seen & (Block.hasSide - 1) | Block.hasSide | (address >> 4) << Block.payloadShift
            let (exchanged, original) = slot.pointee.compareExchange(
                expected: seen, desired: desired, ordering: .acquiringAndReleasing)
            if exchanged { return made }
            made.release()
            seen = original
        }
    }

    /// The serial number, from the head or from the side that took its place.
    @inline(__always)
    var serial: UInt {
        let head = Block(base).headSlot.pointee.load(ordering: .acquiring)
        if let side = Block.side(in: head) { return side._withUnsafeGuaranteedRef { $0.serial } }
        return UInt(truncatingIfNeeded: head >> Block.payloadShift)
    }
}
