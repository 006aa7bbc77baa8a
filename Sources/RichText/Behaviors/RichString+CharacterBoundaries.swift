extension RichString {
    /// Removes every character-bound key from the characters in `region` that are not its character.
    mutating func enforceCharacterBoundaries(
        in region: Range<Int>, into adjustments: inout [AttributeAdjustment], changes: inout [KeyChange]
    ) {
        let total = text.utf8Count
        guard total > 0 else { return }
        var any = false
        runStore.forEachRun(in: max(0, region.lowerBound - 1)..<min(total, max(region.upperBound + 1, region.lowerBound + 1))) { _, attributes in
            any = attributes.hasCharacterKeys
            return !any
        }
        guard any else { return }
        // Widen to whole characters, one more on each side: an edit can merge or split clusters next to it.
        var lower = text.roundDownToCharacter(min(region.lowerBound, total))
        if lower > 0 { lower = text.characterBoundary(before: lower) }
        var upper = min(region.upperBound, total)
        if upper < total { upper = text.characterBoundary(after: text.roundDownToCharacter(upper)) }
        guard lower < upper else { return }
        var bound: [String: (Character, AttributeBehavior)] = [:]
        runStore.forEachRun(in: lower..<upper) { _, attributes in
            for entry in attributes.entries {
                if case .character(let c) = entry.behavior.runBoundaries { bound[entry.name] = (c, entry.behavior) }
            }
            return true
        }
        guard !bound.isEmpty else { return }
        for (key, (character, behavior)) in bound.sorted(by: { $0.key < $1.key }) {
            // Walk only the characters of runs that carry the key.
            var carrying: [Range<Int>] = []
            runStore.forEachRun(in: lower..<upper) { range, attributes in
                guard attributes[key] != nil else { return true }
                if let last = carrying.last, last.upperBound == range.lowerBound {
                    carrying[carrying.count - 1] = last.lowerBound..<range.upperBound
                } else {
                    carrying.append(range)
                }
                return true
            }
            var wrong: [Range<Int>] = []
            for stretch in carrying {
                var position = text.roundDownToCharacter(stretch.lowerBound)
                while position < stretch.upperBound {
                    let next = text.characterBoundary(after: position)
                    if text.character(at: position) != character || !characterIsWhole(position..<next) {
                        let piece = max(position, stretch.lowerBound)..<min(next, stretch.upperBound)
                        if let last = wrong.last, last.upperBound >= piece.lowerBound {
                            wrong[wrong.count - 1] = last.lowerBound..<max(last.upperBound, piece.upperBound)
                        } else {
                            wrong.append(piece)
                        }
                    }
                    position = next
                }
            }
            for range in wrong {
                let made = setUniform(key, entry: nil, behavior: behavior, over: range, cause: .characterBoundary)
                adjustments += made.adjustments
                changes += made.changes
            }
        }
    }

    /// Whether a character's scalars all carry the same attributes (a key cannot stand on half a cluster).
    private func characterIsWhole(_ range: Range<Int>) -> Bool {
        var first: AttributeSet? = nil
        var whole = true
        runStore.forEachRun(in: range) { _, attributes in
            if first == nil { first = attributes } else if first != attributes { whole = false; return false }
            return true
        }
        return whole
    }
}
