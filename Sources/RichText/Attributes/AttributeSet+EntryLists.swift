import Synchronization

/// The lists `AttributeSet.entries` returns, built the first time a set is asked and kept by the set (in its
/// side, see `SetStorage.swift`), so that callers that read a run's entries over and over
/// (the engine, the encoders) copy an array reference instead of decoding the set each time. A set that is never
/// asked costs nothing; a set's list dies with it.
extension AttributeSet {
    /// The entries, sorted by name. The first call for a set builds the list; later calls share it.
    public var entries: [AttributeEntry] {
        if let side = sideIfMade() {
            let published = side._withUnsafeGuaranteedRef { $0.list.load(ordering: .acquiring) }
            if published != 0 { return Self.list(at: published) }
        }
        if isEmpty { return [] }
        let list = stored
        let decoded = Array(unsafeUninitializedCapacity: list.count) { buffer, initialized in
            for k in 0..<list.count { buffer.initializeElement(at: k, to: list[k].entry) }
            initialized = list.count
        }
        // Two threads may both build it; the first to publish wins and the other's list is dropped.
        let box = Unmanaged.passRetained(EntryListBox(decoded) as AnyObject)
        let published = side()._withUnsafeGuaranteedRef { SetSide.publish(box, in: $0.list) }
        return published == UInt(bitPattern: box.toOpaque()) ? decoded : Self.list(at: published)
    }

    /// The list in a published slot value.
    @inline(__always)
    private static func list(at slotValue: UInt) -> [AttributeEntry] {
        Unmanaged<EntryListBox>.fromOpaque(UnsafeRawPointer(bitPattern: slotValue).unsafelyUnwrapped)
            ._withUnsafeGuaranteedRef { $0.list }
    }

    /// Calls `body` with each entry, in name order, without building a list.
    public func forEachEntry(_ body: (AttributeEntry) throws -> Void) rethrows {
        try withExtendedLifetime(self) {
            for stored in stored { try body(stored.entry) }
        }
    }
}
