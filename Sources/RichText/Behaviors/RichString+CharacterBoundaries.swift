extension RichString {
    /// Step 4 of the pipeline: removes every character-bound key from the scalars in `region` that its boundary
    /// does not admit (`RunBoundary.admits`, per scalar, as Foundation's `fixScalarConstrainedAttributes`).
    /// An edit changes no scalar beside it, so only the scalars of `region` are looked at.
    mutating func enforceCharacterBoundaries(
        in region: Range<Int>, into adjustments: inout [AttributeAdjustment], changes: inout [KeyChange]
    ) {
        let total = text.utf8Count
        let lower = text.roundDownToScalar(min(max(region.lowerBound, 0), total))
        var upper = min(region.upperBound, total)
        while upper < total && text.byte(at: upper) & 0xC0 == 0x80 { upper += 1 }
        guard lower < upper else { return }
        // Each key's scalars that its boundary does not admit, gathered in one pass over the runs.
        var wrong: [String: (behavior: AttributeBehavior, ranges: [Range<Int>])] = [:]
        var carrying: [(range: Range<Int>, keys: [(name: String, behavior: AttributeBehavior)])] = []
        runStore.forEachRun(in: lower..<upper) { range, attributes in
            guard attributes.hasCharacterKeys else { return true }
            let keys = attributes.entries.compactMap { entry -> (name: String, behavior: AttributeBehavior)? in
                entry.behavior.runBoundaries?.constrainedScalar == nil ? nil : (entry.name, entry.behavior)
            }
            if !keys.isEmpty { carrying.append((range, keys)) }
            return true
        }
        for (range, keys) in carrying {
            text.forEachScalar(in: range) { offset, scalar in
                for key in keys where !(key.behavior.runBoundaries?.admits(scalar) ?? true) {
                    let piece = offset..<(offset + scalar.utf8.count)
                    var entry = wrong[key.name] ?? (key.behavior, [])
                    if let last = entry.ranges.last, last.upperBound == piece.lowerBound {
                        entry.ranges[entry.ranges.count - 1] = last.lowerBound..<piece.upperBound
                    } else {
                        entry.ranges.append(piece)
                    }
                    wrong[key.name] = entry
                }
            }
        }
        for (key, found) in wrong.sorted(by: { $0.key < $1.key }) {
            for range in found.ranges {
                let made = setUniform(key, entry: nil, behavior: found.behavior, over: range, cause: .characterBoundary)
                adjustments += made.adjustments
                changes += made.changes
            }
        }
    }
}
