extension TextRope {
    /// Replaces the text between two scalar-aligned UTF-8 offsets.
    ///
    /// Only the chunks the edit touches are rebuilt, plus a neighbour where a grapheme cluster now straddles a
    /// chunk boundary (a combining mark typed after a chunk that ends in "\n", say): O(log n + edit).
    mutating func replace(_ range: Range<Int>, with replacement: Substring) {
        precondition(range.lowerBound >= 0 && range.upperBound <= utf8Count, "Text range out of bounds")
        if rope.isEmpty {
            rope = Rope(TextRope.cut(String(replacement)))
            return
        }
        if replaceInOneChunk(range, with: replacement) { return }
        // First and last chunk touched. Typing at a chunk boundary extends the chunk before it.
        let (first, firstOffset) = rope.find(UTF8Metric.self, range.lowerBound, prefer: .previous)
        var (last, lastOffset) = rope.find(UTF8Metric.self, range.upperBound, prefer: .previous)
        if range.upperBound == 0 { (last, lastOffset) = (0, 0) }

        var piece = ""
        let head = rope[first].string
        let tail = rope[last].string
        piece.reserveCapacity(firstOffset + replacement.utf8.count + tail.utf8.count - lastOffset)
        piece += head.utf8.prefix(firstOffset).asSubstring(of: head)
        piece += replacement
        piece += tail.utf8.dropFirst(lastOffset).asSubstring(of: tail)

        var low = first
        var high = last
        // Pull in neighbours while a grapheme cluster straddles either edge of the piece.
        while true {
            if piece.isEmpty {
                guard low > 0, high + 1 < rope.count else { break }
                if TextRope.joins(rope[low - 1].string, rope[high + 1].string) {
                    piece = rope[low - 1].string + rope[high + 1].string
                    low -= 1
                    high += 1
                    continue
                }
                break
            }
            if low > 0, TextRope.joins(rope[low - 1].string, piece) {
                piece = rope[low - 1].string + piece
                low -= 1
                continue
            }
            if high + 1 < rope.count, TextRope.joins(piece, rope[high + 1].string) {
                piece += rope[high + 1].string
                high += 1
                continue
            }
            break
        }
        // Avoid fragments: a small piece merges with a neighbour.
        if piece.utf8.count < TextChunk.targetUTF8 / 4 {
            if high + 1 < rope.count, piece.utf8.count + rope[high + 1].summary.utf8 <= TextChunk.maxUTF8 {
                piece += rope[high + 1].string
                high += 1
            } else if low > 0, piece.utf8.count + rope[low - 1].summary.utf8 <= TextChunk.maxUTF8 {
                piece = rope[low - 1].string + piece
                low -= 1
            }
        }
        // At the end of the text, chunks are filled up rather than split evenly: appending builds full chunks.
        rope.replaceSubrange(low..<(high + 1), with: TextRope.cut(piece, fillingUp: high + 1 == rope.count))
    }

    /// The common edit, in one walk down the tree: one chunk, which stays within its size, and no character
    /// across a chunk boundary can change. False when the edit is not of that kind; nothing changed then.
    ///
    /// The chunk is edited where it lies in the tree, so its storage stays uniquely referenced and grows in
    /// place. An edit at the end of a chunk that has a next one (whose first byte decides whether the edit is
    /// local) is left to `replaceAtChunkEdge`.
    private mutating func replaceInOneChunk(_ range: Range<Int>, with replacement: Substring) -> Bool {
        let chunkCount = rope.count
        let replacementBytes = replacement.utf8.count
        var atEdge = false
        let done = rope.updateElement(UTF8Metric.self, range.lowerBound, prefer: .previous) { chunk, index, firstOffset, _ -> Bool? in
            let size = chunk.summary.utf8
            guard range.count <= size - firstOffset else { return nil }
            let lastOffset = firstOffset + range.count
            let newSize = size - range.count + replacementBytes
            guard newSize > 0, newSize <= TextChunk.maxUTF8 else { return nil }
            // The neighbours' bytes are out of reach here (the tree is being changed).
            if (firstOffset == 0 && index > 0) || (lastOffset == size && index + 1 < chunkCount) {
                atEdge = true
                return nil
            }
            guard TextRope.isSafeLocalEdit(chunk.string, firstOffset, lastOffset, replacement,
                                           previousLastByte: { nil }, nextFirstByte: { nil }) else { return nil }
            chunk.replace(firstOffset, lastOffset, with: replacement)
            return true
        }
        if done == true { return true }
        return atEdge && replaceAtChunkEdge(range, with: replacement)
    }

    /// The one-chunk edit at a chunk's edge, where a neighbour's byte decides whether it is local: one walk to
    /// look, one to change. False when the edit is not local; nothing changed then.
    private mutating func replaceAtChunkEdge(_ range: Range<Int>, with replacement: Substring) -> Bool {
        // Decided in a scope of its own, so that no copy of the chunk is alive while it is changed.
        func plan() -> (first: Int, firstOffset: Int, lastOffset: Int)? {
            let located = rope.locate(UTF8Metric.self, range.lowerBound, prefer: .previous)
            let first = located.index
            let firstOffset = located.remainder
            guard let chunk = located.element, range.count <= chunk.summary.utf8 - firstOffset else { return nil }
            let lastOffset = firstOffset + range.count
            let newSize = chunk.summary.utf8 - range.count + replacement.utf8.count
            guard newSize > 0, newSize <= TextChunk.maxUTF8,
                  TextRope.isSafeLocalEdit(
                      chunk.string, firstOffset, lastOffset, replacement,
                      previousLastByte: { first > 0 ? self.rope[first - 1].string.utf8.last : nil },
                      nextFirstByte: { first + 1 < self.rope.count ? self.rope[first + 1].string.utf8.first : nil })
            else { return nil }
            return (first, firstOffset, lastOffset)
        }
        guard let (first, firstOffset, lastOffset) = plan() else { return false }
        rope.update(at: first) { $0.replace(firstOffset, lastOffset, with: replacement) }
        return true
    }

    /// Whether an edit of the bytes `from..<to` of a chunk cannot change a grapheme cluster that crosses a
    /// chunk boundary, so the chunk can be edited alone: the bytes on both sides of the edit (in a neighbouring
    /// chunk when the edit is at an end) are ASCII and not a CR/LF pair, and at the chunk's start the new text
    /// begins with ASCII. Everything inside the chunk is re-counted by the chunk itself.
    static func isSafeLocalEdit(
        _ chunk: String, _ from: Int, _ to: Int, _ replacement: Substring,
        previousLastByte: () -> UInt8?, nextFirstByte: () -> UInt8?
    ) -> Bool {
        // The bytes on both sides inside the chunk, read in place (nil at its ends).
        func inside() -> (before: UInt8?, after: UInt8?, count: Int) {
            if let found = chunk.utf8.withContiguousStorageIfAvailable({ bytes in
                (from > 0 ? bytes[from - 1] : nil, to < bytes.count ? bytes[to] : nil, bytes.count)
            }) { return found }
            let bytes = chunk.utf8
            return (from > 0 ? bytes[bytes.index(bytes.startIndex, offsetBy: from - 1)] : nil,
                    to < bytes.count ? bytes[bytes.index(bytes.startIndex, offsetBy: to)] : nil, bytes.count)
        }
        let near = inside()
        let before: UInt8?
        if from > 0 {
            before = near.before
        } else {
            before = previousLastByte()
            guard replacement.utf8.first.map({ $0 < 0x80 }) ?? true else { return false }
        }
        let after: UInt8?
        if to < near.count {
            after = near.after
        } else {
            after = nextFirstByte()
            // A prepended mark at the very end could join the next chunk's first character.
            guard replacement.utf8.last.map({ $0 < 0x80 }) ?? true else { return false }
        }
        if let before, before >= 0x80 { return false }
        if let after, after >= 0x80 { return false }
        // The new junctions must not form a CR LF pair (the only ASCII pair that is one character).
        let first = replacement.utf8.first ?? after
        let last = replacement.utf8.last ?? before
        if before == 0x0D && first == 0x0A { return false }
        if last == 0x0D && after == 0x0A { return false }
        return true
    }

    /// Whether the last character of `left` and the first of `right` form one grapheme cluster when adjacent.
    static func joins(_ left: String, _ right: String) -> Bool {
        guard let l = left.utf8.last, let r = right.utf8.first else { return false }
        if l < 0x80 && r < 0x80 { return l == 0x0D && r == 0x0A }
        guard let lastCharacter = left.last, let firstCharacter = right.first else { return false }
        var pair = String(lastCharacter)
        pair.append(contentsOf: String(firstCharacter))
        return pair.first!.unicodeScalars.count != lastCharacter.unicodeScalars.count
    }

    /// Cuts text into chunks at character boundaries, each at most `maxUTF8` bytes unless one character is larger:
    /// evenly into chunks of about `targetUTF8`, or when `fillingUp`, into chunks of `appendFillUTF8` but the
    /// last, which holds what is left.
    static func cut(_ text: String, fillingUp: Bool = false) -> [TextChunk] {
        let total = text.utf8.count
        if total == 0 { return [] }
        if total <= TextChunk.maxUTF8 { return [TextChunk(text)] }
        var chunks: [TextChunk] = []
        chunks.reserveCapacity(total / TextChunk.targetUTF8 + 1)
        let utf8 = text.utf8
        var start = text.startIndex
        var startOffset = 0
        while startOffset < total {
            let remaining = total - startOffset
            if remaining <= (fillingUp ? TextChunk.appendFillUTF8 : TextChunk.maxUTF8) {
                chunks.append(TextChunk(copying: text[start...]))
                break
            }
            // Aim for an even split of what remains into target-sized chunks, or fill this one up.
            let pieces = (remaining + TextChunk.targetUTF8 - 1) / TextChunk.targetUTF8
            let want = fillingUp ? TextChunk.appendFillUTF8 : min(remaining / pieces + 1, TextChunk.maxUTF8)
            var boundary: String.Index
            if let decided = decidedBoundary(in: text, atOrBefore: startOffset + want, after: startOffset) {
                // A boundary whatever surrounds it (`CharacterCounting`): no grapheme breaking.
                boundary = utf8.index(start, offsetBy: decided - startOffset)
            } else {
                var cutIndex = utf8.index(start, offsetBy: want)
                // Round down to a scalar, then to a character boundary of the whole text.
                while cutIndex > start && !isScalarStart(utf8[cutIndex]) { cutIndex = utf8.index(before: cutIndex) }
                boundary = text.index(before: cutIndex)
                boundary = text.index(after: boundary) <= cutIndex ? text.index(after: boundary) : boundary
                if boundary <= start { boundary = text.index(after: start) }
            }
            chunks.append(TextChunk(copying: text[start..<boundary]))
            startOffset = utf8.distance(from: utf8.startIndex, to: boundary)
            start = boundary
        }
        return chunks
    }

    @inline(__always) private static func isScalarStart(_ byte: UInt8) -> Bool { byte & 0xC0 != 0x80 }

    /// The last decided boundary of `text` (`CharacterCounting`) at or before UTF-8 offset `offset` and after
    /// `floor`, looking back at most 64 bytes; nil when there is none (then grapheme breaking decides).
    private static func decidedBoundary(in text: String, atOrBefore offset: Int, after floor: Int) -> Int? {
        text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            var p = offset
            while p > floor && p >= offset - 64 {
                if isScalarStart(bytes[p]) && CharacterCounting.isDecidedBoundary(p, in: bytes, from: 0, to: bytes.count) { return p }
                p -= 1
            }
            return nil
        } ?? nil
    }
}

extension String.UTF8View.SubSequence {
    /// The bytes as a substring of `base` (they are always scalar-aligned here).
    fileprivate func asSubstring(of base: String) -> Substring { base[startIndex..<endIndex] }
}
