import RichText

extension FormattingEngine {
    /// A one-range attribute set made together with the definition's rewrites, in one write to the runs.
    ///
    /// On the general path the string sets the key (one splice), then the engine reads the runs back and
    /// rewrites every run the definition changes (one splice each): under a definition that derives many keys
    /// from the one set, that is a splice per run the set touched. Here the runs over the widened stretch are
    /// read once, the set is applied to them in memory (merging equal neighbours as the string's splice does),
    /// the definition runs over those runs exactly as `enforceDefinition` runs over the document, and the
    /// result is written with one splice: as one transform over the set range when every rewrite lies inside
    /// it (the usual case), else as a replacement of the widened stretch.
    ///
    /// It applies when the string's own steps would add nothing to the set: the definition has no
    /// paragraph-bound keys, and no piece the change touches needs the behaviour steps (no paragraph-bound key
    /// changes, no character-bound key is involved, no dependent key is there after: see
    /// `RunRope.mayNeedEnforcement`), so `setAttribute` reports nothing and changes nothing beyond the sets (a
    /// key invalidated by text changes, such as the recipe's `ingredient`, is set this way). Otherwise it
    /// returns nil having changed nothing, and the caller takes the general path. The adjustments, the runs
    /// and `processed` are those of the general path (checked in `OneWriteAttributeSetTests`).
    func applyAttributeSetInOneWrite(
        _ key: AttributeKeyDescriptor, to value: AttributeValue?, in range: Range<Int>,
        to document: inout RichString, processed: inout Range<Int>, learnsResults: Bool
    ) -> [Adjustment]? {
        guard !hasParagraphOwnedKeys, !range.isEmpty else { return nil }
        let transform = AttributeSet.KeyChange(setting: key, to: value)
        // The text does not change, so the stretch `enforceDefinition` would widen to is known now.
        let widened = document.widenedToCharacters(range, margin: true)
        // The runs over `widened` as the set leaves them: clipped to the stretch, as the engine reads them.
        var runs: [AttributeRun] = []
        runs.reserveCapacity(8)
        // What the set made of each distinct set inside `range`.
        var setResults: [(before: AttributeSet, after: AttributeSet)] = []
        var qualifies = true
        var setChanges = false
        func append(_ count: Int, _ attributes: AttributeSet) {
            guard count > 0 else { return }
            if let last = runs.last, last.attributes == attributes {
                runs[runs.count - 1].utf8Count += count
            } else {
                runs.append(AttributeRun(utf8Count: count, attributes: attributes))
            }
        }
        document.forEachRun(inUTF8: widened) { piece, before in
            append(min(piece.upperBound, range.lowerBound) - piece.lowerBound, before)
            let inside = min(piece.upperBound, range.upperBound) - max(piece.lowerBound, range.lowerBound)
            if inside > 0 {
                let after = transform(before)
                if !AttributeSet.attributeChangeNeedsNoBehaviorSteps(from: before, to: after) {
                    qualifies = false
                    return false
                }
                if after != before { setChanges = true }
                if !setResults.contains(where: { $0.before == before }) { setResults.append((before, after)) }
                append(inside, after)
            }
            append(piece.upperBound - max(piece.lowerBound, range.upperBound), before)
            return true
        }
        guard qualifies else { return nil }
        processed = widened
        var adjustments: [Adjustment] = []
        var writes: [(Range<Int>, [AttributeRun])] = []
        // What the definition made of each set it rewrote inside `range` whole (one set, no bound keys): such
        // runs are not in `writes`, which holds every other rewritten run.
        var enforced: [(before: AttributeSet, after: AttributeSet)] = []
        var writesInside = true
        var position = widened.lowerBound
        for run in runs {
            let span = position..<(position + run.utf8Count)
            position = span.upperBound
            guard let entry = rewrite(of: run.attributes, paragraphStart: nil, learnsResults: learnsResults) else { continue }
            if span.lowerBound >= range.lowerBound, span.upperBound <= range.upperBound {
                // `enforceRun`'s answer for a run that takes the result whole, without building its write.
                let new = entry.result
                if !new.hasParagraphKeys, !new.hasCharacterKeys {
                    Self.report(entry.differences, over: span, into: &adjustments)
                    if !enforced.contains(where: { $0.before == run.attributes }) { enforced.append((run.attributes, new)) }
                    continue
                }
            }
            write(entry, over: span, carrying: run.attributes, in: document, adjustments: &adjustments, writes: &writes)
            writesInside = false
        }
        guard setChanges || !writes.isEmpty || !enforced.isEmpty else { return adjustments }
        if writesInside {
            // Every rewritten run lies inside `range` and takes one set without bound keys (so the boundary
            // step has nothing to do): each byte's final set is a function of its set before the change (the
            // set, then the definition), so one transform over `range` writes it, in the walk and splice the
            // string's own set takes. The margins are left as they are.
            document.transformAttributesRaw(inUTF8: range) { before in
                guard let set = setResults.first(where: { $0.before == before })?.after else { return before }
                return enforced.first(where: { $0.before == set })?.after ?? set
            }
            return adjustments
        }
        // The set and the rewrites together: each run as the definition leaves it.
        var final: [AttributeRun] = []
        final.reserveCapacity(runs.count + writes.count)
        var next = 0
        position = widened.lowerBound
        for run in runs {
            let span = position..<(position + run.utf8Count)
            if next < writes.count, writes[next].0 == span {
                final += writes[next].1
                next += 1
            } else if span.lowerBound >= range.lowerBound, span.upperBound <= range.upperBound,
                      let after = enforced.first(where: { $0.before == run.attributes })?.after {
                final.append(AttributeRun(utf8Count: run.utf8Count, attributes: after))
            } else {
                final.append(run)
            }
            position = span.upperBound
        }
        document.replaceAttributesRaw(widened, with: final)
        // As in `enforceDefinition`: only a written set with bound keys can leave a boundary to fix.
        if writes.contains(where: { $0.1.contains { $0.attributes.hasParagraphKeys || $0.attributes.hasCharacterKeys } }) {
            adjustments += document.enforceRunBoundaries(in: widened).map(Adjustment.init)
        }
        return adjustments
    }
}
