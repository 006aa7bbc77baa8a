import RichText

/// Reporting what the engine changed: each value change over the piece it covers, merged with the adjustment
/// before it when that is the same change by the same rule and ends where the piece starts.
extension FormattingEngine {
    /// Appends the change of `key` over `piece`, or extends the last adjustment when it is the same change by the
    /// same rule and ends where `piece` starts.
    static func report(_ rule: Adjustment.Rule, _ key: String, _ oldValue: AttributeValue?, _ newValue: AttributeValue?,
                       over piece: Range<Int>, into adjustments: inout [Adjustment]) {
        report(Adjustment(rule: rule, utf8Range: piece, key: key, oldValue: oldValue, newValue: newValue), over: piece, into: &adjustments)
    }

    /// Appends `changes` (adjustments over an empty range, as a cache entry keeps them) placed over `piece`.
    @inline(__always)
    static func report(_ changes: [Adjustment], over piece: Range<Int>, into adjustments: inout [Adjustment]) {
        // Room for a few runs' worth at once: growing from empty one doubling at a time costs more than the
        // reports themselves.
        if adjustments.isEmpty { adjustments.reserveCapacity(4 * changes.count) }
        for k in changes.indices { report(changes[k], over: piece, into: &adjustments) }
    }

    /// Appends `change` placed over `piece`, or extends the last adjustment instead when it is the same change
    /// (same rule, key and values) and ends where `piece` starts. Compared in place and copied once.
    @inline(__always)
    static func report(_ change: Adjustment, over piece: Range<Int>, into adjustments: inout [Adjustment]) {
        let i = adjustments.count - 1
        if i >= 0, adjustments[i].utf8Range.upperBound == piece.lowerBound, adjustments[i].change.isSame(as: change.change) {
            adjustments[i].utf8Range = adjustments[i].utf8Range.lowerBound..<piece.upperBound
        } else {
            adjustments.append(change)
            adjustments[i + 1].utf8Range = piece
        }
    }

    /// Calls `body` with each key whose value differs between `old` and `new`, in name order, with both values.
    /// Both entry lists are sorted by name, so one merge walk finds them.
    static func forEachDifferingKey(_ old: AttributeSet, _ new: AttributeSet, _ body: (String, AttributeValue?, AttributeValue?) -> Void) {
        let a = old.entries, b = new.entries
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if j == b.count || (i < a.count && a[i].name < b[j].name) {
                body(a[i].name, a[i].value, nil)
                i += 1
            } else if i == a.count || b[j].name < a[i].name {
                body(b[j].name, nil, b[j].value)
                j += 1
            } else {
                if a[i].value != b[j].value { body(a[i].name, a[i].value, b[j].value) }
                i += 1
                j += 1
            }
        }
    }
}
