import RichText

/// Where two versions of a document differ, for an update after undo or redo, whose session step does not say
/// where it changed: the text between the common prefix and suffix (cut on boundaries of the widget's unit),
/// and the stretches of the unchanged text whose attributes differ. O(n) in the text and the runs.
struct DocumentDifference {
    /// The changed text: its UTF-8 range in the old document and in the new one; nil when the text is the same.
    var text: (old: Range<Int>, new: Range<Int>)?
    /// UTF-8 ranges of the new document whose attributes may differ from the old one's: the new text, and each
    /// stretch of the unchanged text before and after it whose attributes differ (not their hull: an undo of
    /// two far-apart attribute changes re-tags the two, not the text between).
    var regions: [Range<Int>] = []

    init(from old: RichString, to new: RichString, boundaryUnit: TextUnit) {
        let oldCount = old.counts.utf8, newCount = new.counts.utf8
        var prefix: Int, suffix: Int
        // An index of the old text still valid in the new one: the text was not edited (attribute changes keep it).
        if (old.startIndex..<old.startIndex).isValid(within: new) {
            prefix = oldCount
            suffix = 0
        } else {
            let a = Array(old.string.utf8), b = Array(new.string.utf8)
            let shorter = min(a.count, b.count)
            prefix = 0
            while prefix < shorter, a[prefix] == b[prefix] { prefix += 1 }
            suffix = 0
            while suffix < shorter - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
            // Cut on boundaries that both texts share.
            while true {
                let lower = min(old.boundaries(aroundUTF8: prefix, in: boundaryUnit).lower,
                                new.boundaries(aroundUTF8: prefix, in: boundaryUnit).lower)
                let upperOld = old.boundaries(aroundUTF8: oldCount - suffix, in: boundaryUnit).upper
                let upperNew = new.boundaries(aroundUTF8: newCount - suffix, in: boundaryUnit).upper
                let tail = min(oldCount - upperOld, newCount - upperNew)
                if lower == prefix && tail == suffix { break }
                prefix = lower
                suffix = tail
            }
            text = (prefix..<(oldCount - suffix), prefix..<(newCount - suffix))
            if prefix < newCount - suffix { regions.append(prefix..<(newCount - suffix)) }
        }
        regions += Self.attributeDifferences(old, 0..<prefix, new, 0..<prefix)
        if suffix > 0 {
            regions += Self.attributeDifferences(old, (oldCount - suffix)..<oldCount, new, (newCount - suffix)..<newCount)
        }
    }

    /// The stretches (in `new`'s offsets, in order, touching ones joined) of the bytes whose attributes differ
    /// between `old` over `oldRange` and `new` over `newRange`, two ranges of the same text.
    static func attributeDifferences(_ old: RichString, _ oldRange: Range<Int>, _ new: RichString, _ newRange: Range<Int>) -> [Range<Int>] {
        guard !oldRange.isEmpty else { return [] }
        let left = runs(of: old, oldRange), right = runs(of: new, newRange)
        var stretches: [Range<Int>] = []
        var i = 0, j = 0, position = 0
        while i < left.count && j < right.count {
            let end = min(left[i].end, right[j].end)
            if left[i].attributes != right[j].attributes {
                let stretch = (newRange.lowerBound + position)..<(newRange.lowerBound + end)
                if let last = stretches.last, last.upperBound == stretch.lowerBound {
                    stretches[stretches.count - 1] = last.lowerBound..<stretch.upperBound
                } else {
                    stretches.append(stretch)
                }
            }
            position = end
            if left[i].end == end { i += 1 }
            if right[j].end == end { j += 1 }
        }
        return stretches
    }

    /// The runs of `document` over `range`: each one's end (from the range's start) and attributes.
    static func runs(of document: RichString, _ range: Range<Int>) -> [(end: Int, attributes: AttributeSet)] {
        document[document.range(range.lowerBound, range.upperBound, in: .utf8)].runs.map {
            ($0.range.upperBound.utf8Offset - range.lowerBound, $0.attributes)
        }
    }
}
