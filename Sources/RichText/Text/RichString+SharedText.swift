extension RichString {
    /// A string with the text of `other` (its rope shared, not re-cut or re-counted) and the runs of `list`,
    /// which it takes over (the list is left empty), with no behaviour enforced: for a reader that re-types a
    /// decoded document's attributes and then calls `enforceBehaviors()` itself. O(chunks + runs), against O(n)
    /// to rebuild the text.
    ///
    /// Returns nil when the runs do not add up to the text's UTF-8 length or a run boundary cuts a scalar.
    init?(sharingTextOf other: RichString, handingOver list: RunList) {
        let text = other.text
        var boundaries: [Int] = []
        boundaries.reserveCapacity(list.count)
        var total = 0
        for length in list.utf8Counts {
            guard length >= 0 else { return nil }
            total += length
            if total < text.utf8Count { boundaries.append(total) }
        }
        guard total == text.utf8Count else { return nil }
        // Every boundary inside the text must start a scalar: walk chunks and boundaries together.
        var next = 0
        var chunkStart = 0
        var cutsScalar = false
        text.rope.forEach { _, chunk in
            let chunkEnd = chunkStart + chunk.summary.utf8
            if next < boundaries.count, boundaries[next] < chunkEnd {
                var copy = chunk.string
                copy.withUTF8 { bytes in
                    while next < boundaries.count, boundaries[next] < chunkEnd {
                        if bytes[boundaries[next] - chunkStart] & 0xC0 == 0x80 { cutsScalar = true }
                        next += 1
                    }
                }
            }
            chunkStart = chunkEnd
            return !cutsScalar && next < boundaries.count
        }
        guard !cutsScalar else { return nil }
        self.init(text: text, takingOver: list)
    }
}
