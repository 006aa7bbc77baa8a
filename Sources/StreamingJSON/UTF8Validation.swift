/// The one UTF-8 check of the JSON readers (`JSONScanner` and RichTextFormats' fast native-JSON reader): a
/// sequence is well formed per RFC 3629, with no overlong forms, surrogates or values past U+10FFFF.
package enum UTF8Validation {
    /// What is at an offset.
    package enum Sequence: Equatable {
        /// A well-formed sequence of this many bytes.
        case valid(Int)
        /// Not UTF-8.
        case invalid
        /// The start of a sequence the buffer ends inside.
        case truncated
    }

    /// The sequence at `i` of the `n` bytes at `p`.
    @inlinable @inline(__always)
    package static func sequence(at i: Int, in p: UnsafePointer<UInt8>, count n: Int) -> Sequence {
        let b0 = p[i]
        let length: Int
        var lo: UInt8 = 0x80, hi: UInt8 = 0xBF
        switch b0 {
        case 0x00..<0x80: return .valid(1)
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lo = 0xA0
        case 0xE1...0xEC, 0xEE, 0xEF: length = 3
        case 0xED: length = 3; hi = 0x9F
        case 0xF0: length = 4; lo = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; hi = 0x8F
        default: return .invalid
        }
        guard i &+ 1 < n else { return .truncated }
        let b1 = p[i &+ 1]
        guard b1 >= lo && b1 <= hi else { return .invalid }
        var k = 2
        while k < length {
            guard i &+ k < n else { return .truncated }
            guard p[i &+ k] & 0xC0 == 0x80 else { return .invalid }
            k &+= 1
        }
        return .valid(length)
    }
}
