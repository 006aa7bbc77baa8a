#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The caches in front of the interner that are read on every keystroke: earlier results of `setting` and
/// `removing` (`SettingCache`) and recently boxed values; and the characters of short segments that grapheme
/// breaking counted (`SegmentCounts`). One table each per thread, so they hold strong
/// references without any lock or atomic: a slot keeps its set or value alive until it is overwritten, and a
/// thread's tables go with the thread. Their size is fixed, so they keep a bounded number of sets alive.
final class ThreadCaches {
    /// Slots of the setting cache; a power of two.
    static let settingSlotCount = 1024
    /// Slots of the value cache; a power of two.
    static let valueSlotCount = 256

    /// Earlier results of `setting` and `removing`, by `SettingCache.slot`.
    let settings: UnsafeMutablePointer<AttributeSet?>
    /// Recently boxed values, by their seed.
    let values: UnsafeMutablePointer<ValueBox?>
    /// Slots of the run trees' reference credits; a power of two.
    static let creditSlotCount = 64
    /// References to sets this thread holds for the run trees it fills and empties (see `TreeReferences`).
    let credits: UnsafeMutablePointer<TreeReferences.Credit>
    /// Characters of segments the standard library's breaker counted (see `CharacterCounting.breakerCount`).
    let segmentCounts = SegmentCounts()

    private init() {
        settings = .allocate(capacity: Self.settingSlotCount)
        settings.initialize(repeating: nil, count: Self.settingSlotCount)
        values = .allocate(capacity: Self.valueSlotCount)
        values.initialize(repeating: nil, count: Self.valueSlotCount)
        credits = .allocate(capacity: Self.creditSlotCount)
        credits.initialize(repeating: TreeReferences.Credit(), count: Self.creditSlotCount)
    }

    deinit {
        settings.deinitialize(count: Self.settingSlotCount)
        settings.deallocate()
        values.deinitialize(count: Self.valueSlotCount)
        values.deallocate()
        for k in 0..<Self.creditSlotCount { TreeReferences.giveBack(credits + k) }
        credits.deallocate()
        segmentCounts.deallocate()
    }

    /// The thread-specific key under which each thread's caches live; its destructor drops them.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        #if canImport(Darwin)
        let status = pthread_key_create(&key) { Unmanaged<ThreadCaches>.fromOpaque($0).release() }
        #else
        let status = pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<ThreadCaches>.fromOpaque(pointer).release() }
        }
        #endif
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()

    /// Calls `body` with this thread's caches, made on first use.
    @inline(__always)
    static func withCurrent<R>(_ body: (ThreadCaches) -> R) -> R {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<ThreadCaches>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
        }
        let caches = Unmanaged.passRetained(ThreadCaches())
        pthread_setspecific(key, caches.toOpaque())
        return caches._withUnsafeGuaranteedRef(body)
    }
}
