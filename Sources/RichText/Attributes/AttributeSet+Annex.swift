import Synchronization

/// One client's answer about a set, kept in the set's annex slot so that it lives exactly as long as the set:
/// a cache of answers per set then needs no capacity and no eviction, and holds nothing once its sets are gone.
///
/// The value must not hold the set it is kept in (that would keep the set alive forever).
final class SetAnnex: @unchecked Sendable {
    /// The client that kept it: a token from `AttributeSet.newAnnexOwner()`, never given twice.
    let owner: UInt64
    let value: AnyObject

    init(owner: UInt64, value: AnyObject) {
        self.owner = owner
        self.value = value
    }
}

extension AttributeSet {
    private static let annexOwners = Atomic<UInt64>(1)

    /// A token for a client of the annex slots, never given to another client.
    package static func newAnnexOwner() -> UInt64 {
        annexOwners.wrappingAdd(1, ordering: .relaxed).oldValue
    }

    /// The value `owner` kept in this set, if it was the one to keep one.
    @inline(__always)
    package func annex(owner: UInt64) -> AnyObject? {
        guard let side = sideIfMade() else { return nil }
        let kept = side._withUnsafeGuaranteedRef { $0.annex.load(ordering: .acquiring) }
        if kept == 0 { return nil }
        return Unmanaged<SetAnnex>.fromOpaque(UnsafeRawPointer(bitPattern: kept).unsafelyUnwrapped)
            ._withUnsafeGuaranteedRef { $0.owner == owner ? $0.value : nil }
    }

    /// Keeps `value` for `owner` in this set's annex slot, unless some client already keeps one there (the slot
    /// is written once, so readers never race with a release). Returns whether it was kept.
    @discardableResult
    package func keepAnnex(_ value: AnyObject, owner: UInt64) -> Bool {
        side()._withUnsafeGuaranteedRef { side in
            if side.annex.load(ordering: .relaxed) != 0 { return false }
            let annex = Unmanaged.passRetained(SetAnnex(owner: owner, value: value) as AnyObject)
            return SetSide.publish(annex, in: side.annex) == UInt(bitPattern: annex.toOpaque())
        }
    }
}
