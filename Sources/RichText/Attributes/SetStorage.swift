import Synchronization

/// The memory of one interned attribute set, reference counted: a set lives as long as a string, a cache or a
/// caller holds it, and the interner reclaims it once nothing else does (see `AttributeRegistry`).
///
/// The block of bytes an `AttributeSet` reads lies in the buffer's elements; its layout is in
/// `AttributeSet+Storage.swift`. The header is the set's serial number: given once, in interning order, and never
/// reused, so caches that must be read without a lock can key on it (`internedIdentity`) and stay sound after the
/// set is gone.
///
/// A set owns one reference to each boxed value it stores, to its entries list and to its projections; it gives
/// them back here. Sets and values die only inside the interner's sweep, under its lock (the tables hold the
/// last reference), so nothing can find a set while it is being torn down.
@usableFromInline
final class SetStorage: ManagedBuffer<UInt64, UInt64> {
    /// The block's first byte.
    @inlinable var block: UnsafeRawPointer { UnsafeRawPointer(withUnsafeMutablePointerToElements { $0 }) }

    /// A new storage of `bytes` bytes (a multiple of 8 at least) with serial number `serial`.
    static func make(bytes: Int, serial: UInt64) -> SetStorage {
        let buffer = SetStorage.create(minimumCapacity: (bytes + 7) / 8) { _ in serial }
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

/// A set's entries as the public type, built on first request and kept by the set (see `entries`).
final class EntryListBox {
    let list: [AttributeEntry]
    init(_ list: [AttributeEntry]) { self.list = list }
}
