/// Characters (grapheme clusters) counted and found in UTF-8 bytes, with grapheme breaking only where it can
/// matter.
///
/// Between two scalars of `NonJoiningScalars` there is always a boundary (but CR LF); next to an LF or CR there
/// is always one (UAX #29's GB4 and GB5, but CR LF). Those positions are *decided*. The text between two decided
/// boundaries, a segment, is one character when every position inside it is decided (one scalar, or CR LF);
/// otherwise the standard library's breaker (`Unicode._CharacterRecognizer`, the state machine behind
/// `String.count` and `String.index(after:)`) counts it, starting fresh at its start. That agrees with breaking
/// the whole text, because no rule joins across a decided boundary and the rules that look back (GB9c, GB11,
/// GB12, GB13) need a scalar the table leaves out just before the position they join.
///
/// Every range given must start and end on character boundaries of the whole text (a chunk's ends are), and
/// every offset on a scalar boundary. Held equal to `String` by `CharacterCountingTests`.
enum CharacterCounting {
    /// How a scalar takes part in deciding boundaries.
    enum Kind: UInt8 {
        /// In `NonJoiningScalars`, other than LF and CR.
        case nonJoining
        case lineFeed
        case carriageReturn
        /// Anything else: the breaker decides next to it.
        case joining
    }

    /// What is known about the position between a scalar of kind `a` and one of kind `b`.
    enum Decision { case boundary, joined, undecided }

    @inline(__always)
    static func decide(_ a: Kind, _ b: Kind) -> Decision {
        switch (a, b) {
        case (.carriageReturn, .lineFeed): return .joined
        case (.nonJoining, .nonJoining), (.lineFeed, _), (.carriageReturn, _), (_, .lineFeed), (_, .carriageReturn): return .boundary
        default: return .undecided
        }
    }

    /// The scalar starting at `i`: its value, UTF-8 length and kind.
    @inline(__always)
    static func scalar(at i: Int, in bytes: UnsafeBufferPointer<UInt8>,
                       _ table: NonJoiningScalars.Lookup = NonJoiningScalars.lookup) -> (value: UInt32, length: Int, kind: Kind) {
        let b0 = bytes[i]
        if b0 < 0x80 {
            return (UInt32(b0), 1, b0 == 0x0A ? .lineFeed : b0 == 0x0D ? .carriageReturn : .nonJoining)
        }
        let value: UInt32, length: Int
        if b0 < 0xE0 {
            value = UInt32(b0 & 0x1F) << 6 | UInt32(bytes[i &+ 1] & 0x3F)
            length = 2
            if b0 < NonJoiningScalars.leadByteLimit { return (value, 2, .nonJoining) }
        } else if b0 < 0xF0 {
            value = UInt32(b0 & 0x0F) << 12 | UInt32(bytes[i &+ 1] & 0x3F) << 6 | UInt32(bytes[i &+ 2] & 0x3F)
            length = 3
        } else {
            value = UInt32(b0 & 0x07) << 18 | UInt32(bytes[i &+ 1] & 0x3F) << 12 | UInt32(bytes[i &+ 2] & 0x3F) << 6
                | UInt32(bytes[i &+ 3] & 0x3F)
            length = 4
        }
        return (value, length, table.contains(value) ? .nonJoining : .joining)
    }

    /// The kind of the scalar that ends at `i` (> 0, a scalar boundary).
    @inline(__always)
    static func kind(endingAt i: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Kind {
        var j = i &- 1
        while j > 0 && bytes[j] & 0xC0 == 0x80 { j &-= 1 }
        return scalar(at: j, in: bytes).kind
    }

    /// Whether the scalar boundary `p` is a decided boundary of `bytes[from..<to]` (both ends are).
    @inline(__always)
    static func isDecidedBoundary(_ p: Int, in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Bool {
        if p <= from || p >= to { return true }
        return decide(kind(endingAt: p, in: bytes), scalar(at: p, in: bytes).kind) == .boundary
    }

    // MARK: Counting

    /// The characters in `bytes[from..<to]`.
    static func count(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        guard from < to, let base = bytes.baseAddress else { return 0 }
        let lows: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let table = NonJoiningScalars.lookup
        var count = 0
        var segment = from
        var complex = false
        var first = scalar(at: from, in: bytes, table)
        var previous = first.kind
        var p = from &+ first.length
        while p < to {
            // Eight ASCII bytes, none CR, after a scalar that is decided against them: each is a character, and
            // the last one opens the next segment. (Tried only from an ASCII byte: text in another script would
            // pay a failed try at every scalar.)
            if previous == .nonJoining || previous == .lineFeed, p &+ 8 <= to, bytes[p] < 0x80 {
                let w = UnsafeRawPointer(base + p).loadUnaligned(as: UInt64.self)
                let cr = w ^ (lows &* 0x0D)
                if (w | ((cr &- lows) & ~cr)) & highs == 0 {
                    count &+= (complex ? breakerCount(bytes, from: segment, to: p, table) : 1) &+ 7
                    segment = p &+ 7
                    complex = false
                    previous = bytes[p &+ 7] == 0x0A ? .lineFeed : .nonJoining
                    p &+= 8
                    continue
                }
            }
            first = scalar(at: p, in: bytes, table)
            switch decide(previous, first.kind) {
            case .boundary:
                count &+= complex ? breakerCount(bytes, from: segment, to: p, table) : 1
                segment = p
                complex = false
            case .joined:
                break
            case .undecided:
                complex = true
            }
            previous = first.kind
            p &+= first.length
        }
        return count &+ (complex ? breakerCount(bytes, from: segment, to: to, table) : 1)
    }

    /// The characters of `bytes[from..<end]` that end at or before `limit` (`from <= limit <= end`). Given the
    /// characters of the whole range (`total`), those before a limit past the middle are counted from the end.
    static func count(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, upTo limit: Int, end: Int, total: Int? = nil) -> Int {
        if limit >= end { return total ?? count(bytes, from: from, to: end) }
        let start = decidedBoundary(atOrBefore: limit, in: bytes, from: from, end: end)
        let before: Int
        if let total, start - from > end - start {
            before = total &- count(bytes, from: start, to: end)
        } else {
            before = count(bytes, from: from, to: start)
        }
        return before &+ breaks(in: bytes, after: start, upTo: limit)
    }

    /// The last decided boundary at or before `limit` (a scalar boundary), no earlier than `from`.
    @inline(__always)
    static func decidedBoundary(atOrBefore limit: Int, in bytes: UnsafeBufferPointer<UInt8>, from: Int, end: Int) -> Int {
        var start = limit
        while start > from && (bytes[start] & 0xC0 == 0x80 || !isDecidedBoundary(start, in: bytes, from: from, to: end)) {
            start &-= 1
        }
        return start
    }

    /// The characters that start after `start` (a decided boundary) and at or before `limit`, which is inside the
    /// segment that `start` opens, by the breaker: the characters that end in `start + 1...limit`.
    static func breaks(in bytes: UnsafeBufferPointer<UInt8>, after start: Int, upTo limit: Int) -> Int {
        if start == limit { return 0 }
        let table = NonJoiningScalars.lookup
        var recognizer = Unicode._CharacterRecognizer()
        var ended = 0
        var p = start
        while p <= limit {
            let s = scalar(at: p, in: bytes, table)
            if recognizer.hasBreak(before: unicodeScalar(s.value)) && p > start { ended &+= 1 }
            p &+= s.length
        }
        return ended
    }

    /// Characters up to limits asked in ascending order in one buffer, each counted on from the decided boundary
    /// the last one stopped at rather than from the start (a limit lower than an earlier one is counted afresh).
    struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        let from: Int
        let end: Int
        /// The characters of the whole range, when known: the first limit past the middle is then counted from
        /// the end.
        let total: Int?
        /// A decided boundary, and the characters before it.
        private var boundary: Int
        private var before = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, end: Int, total: Int? = nil) {
            self.bytes = bytes
            self.from = from
            self.end = end
            self.total = total
            boundary = from
        }

        /// The characters of `bytes[from..<end]` that end at or before `limit`.
        mutating func count(upTo limit: Int) -> Int {
            guard limit >= boundary else { return CharacterCounting.count(bytes, from: from, upTo: limit, end: end, total: total) }
            if boundary == from, let total, limit < end, limit - from > end - limit {
                // Nothing counted yet and the limit nearer the end: the characters from the decided boundary
                // before it to the end are fewer to count.
                let start = decidedBoundary(atOrBefore: limit, in: bytes, from: from, end: end)
                before = total &- CharacterCounting.count(bytes, from: start, to: end)
                boundary = start
                return before &+ breaks(in: bytes, after: start, upTo: limit)
            }
            let start = limit >= end ? end : decidedBoundary(atOrBefore: limit, in: bytes, from: boundary, end: end)
            before &+= CharacterCounting.count(bytes, from: boundary, to: start)
            boundary = start
            return limit >= end ? before : before &+ breaks(in: bytes, after: start, upTo: limit)
        }
    }

    /// The offset where character `n` (counting from 0 at `from`) of `bytes[from..<end]` starts; `end` when there
    /// are no more than `n`.
    static func offset(ofCharacter n: Int, in bytes: UnsafeBufferPointer<UInt8>, from: Int, end: Int) -> Int {
        guard n > 0 else { return from }
        let table = NonJoiningScalars.lookup
        var seen = 0
        var segment = from
        var complex = false
        var previous = Kind.lineFeed
        var p = from
        // At each decided boundary, the segment before it is settled: one character, or the breaker's count.
        while p <= end {
            let s = p < end ? scalar(at: p, in: bytes, table) : (value: 0, length: 1, kind: Kind.lineFeed)
            let decision = p == from ? .boundary : p == end ? .boundary : decide(previous, s.kind)
            if decision == .boundary && p > from {
                if complex {
                    // Inside the segment: walk it with the breaker.
                    var recognizer = Unicode._CharacterRecognizer()
                    var q = segment
                    while q < p {
                        let t = scalar(at: q, in: bytes, table)
                        if recognizer.hasBreak(before: unicodeScalar(t.value)) && q > segment {
                            seen &+= 1
                            if seen == n { return q }
                        }
                        q &+= t.length
                    }
                }
                seen &+= 1
                if seen == n { return p }
                segment = p
                complex = false
            } else if decision == .undecided {
                complex = true
            }
            previous = s.kind
            p &+= s.length
        }
        return end
    }

    /// A value `scalar(at:in:)` decoded from valid UTF-8, which is always a scalar.
    @inline(__always)
    static func unicodeScalar(_ value: UInt32) -> Unicode.Scalar { Unicode.Scalar(value).unsafelyUnwrapped }

    /// The characters in `bytes[from..<to]` by the standard library's breaker, starting fresh at `from`; a short
    /// segment's count, which depends on its bytes alone, is remembered per thread (`SegmentCounts`).
    @inline(never)
    static func breakerCount(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int,
                             _ table: NonJoiningScalars.Lookup) -> Int {
        let length = to &- from
        guard length <= SegmentCounts.maxBytes, length > 0, let base = bytes.baseAddress else {
            return breakerCountAfresh(bytes, from: from, to: to, table)
        }
        return ThreadCaches.withCurrent { caches in
            caches.segmentCounts.characters(of: base + from, length: length) { breakerCountAfresh(bytes, from: from, to: to, table) }
        }
    }

    /// `breakerCount` without the remembered counts.
    static func breakerCountAfresh(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int,
                                   _ table: NonJoiningScalars.Lookup) -> Int {
        var recognizer = Unicode._CharacterRecognizer()
        var count = 0
        var p = from
        while p < to {
            let s = scalar(at: p, in: bytes, table)
            if recognizer.hasBreak(before: unicodeScalar(s.value)) { count &+= 1 }
            p &+= s.length
        }
        return count
    }
}
