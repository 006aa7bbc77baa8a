import Synchronization

/// The lists `AttributeSet.entries` returns, built the first time a set is asked and kept for the process, so
/// that callers that read a run's entries over and over (the engine, the encoders) copy an array reference
/// instead of decoding the set each time. A set that is never asked costs nothing: the number of its list
/// lives in its header (see `AttributeSet+Storage.swift`), 0 until then.
final class EntryLists: @unchecked Sendable {
    static let shared = EntryLists()

    private static let chunkSize = 4096
    private static let chunkCount = 4096

    /// The number of lists kept, guarding the writes below.
    private let count = Mutex(0)
    /// Chunks of lists, allocated on first use. Written under `count`'s lock before the list number that
    /// reaches them is published (with release ordering), so readers that saw the number see them.
    private var chunks: UnsafeMutablePointer<UnsafeMutablePointer<[AttributeEntry]>?>?

    /// List `number`, published before.
    @inline(__always)
    func list(_ number: Int) -> [AttributeEntry] {
        chunks.unsafelyUnwrapped[number / Self.chunkSize].unsafelyUnwrapped[number % Self.chunkSize]
    }

    /// Keeps `list` as the entries of `set` unless another thread did first; returns the list kept.
    func keep(_ list: [AttributeEntry], for set: AttributeSet) -> [AttributeEntry] {
        count.withLock { count in
            let published = set.headerWord.pointee.load(ordering: .acquiring) >> 32
            if published != 0 { return self.list(Int(published) - 1) }
            let number = count
            precondition(number < Self.chunkSize * Self.chunkCount, "fewer than 16,777,216 attribute sets are read as lists")
            if chunks == nil {
                chunks = .allocate(capacity: Self.chunkCount)
                chunks!.initialize(repeating: nil, count: Self.chunkCount)
            }
            if number % Self.chunkSize == 0 {
                chunks![number / Self.chunkSize] = .allocate(capacity: Self.chunkSize)
            }
            (chunks![number / Self.chunkSize]! + number % Self.chunkSize).initialize(to: list)
            count += 1
            set.headerWord.pointee.bitwiseOr(UInt64(number + 1) << 32, ordering: .releasing)
            return list
        }
    }
}

extension AttributeSet {
    /// The entries, sorted by name. The first call for a set builds the list; later calls share it.
    public var entries: [AttributeEntry] {
        let header = headerWord.pointee.load(ordering: .acquiring)
        if header >> 32 != 0 { return EntryLists.shared.list(Int(header >> 32) - 1) }
        if header & 0xFF_FFFF == 0 { return [] }
        let list = stored
        let decoded = Array(unsafeUninitializedCapacity: list.count) { buffer, initialized in
            for k in 0..<list.count { buffer.initializeElement(at: k, to: list[k].entry) }
            initialized = list.count
        }
        return EntryLists.shared.keep(decoded, for: self)
    }

    /// Calls `body` with each entry, in name order, without building a list.
    public func forEachEntry(_ body: (AttributeEntry) throws -> Void) rethrows {
        for stored in stored { try body(stored.entry) }
    }
}
