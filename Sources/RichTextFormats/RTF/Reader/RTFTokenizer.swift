import StreamingJSON

/// One piece of RTF syntax.
enum RTFToken {
    /// `{`
    case groupStart
    /// `}`
    case groupEnd
    /// A control word and its parameter (nil when it has none); `.unknown` words keep their bytes in
    /// `RTFTokenizer.wordRange`.
    case word(RTFKeyword, Int?)
    /// A control symbol: `\~`, `\-`, `\_`, `\*`, `\{`, `\}`, `\\`, `\:`, …; `\` + CR/LF is reported as 0x0A.
    case symbol(UInt8)
    /// `\'hh`: one byte in the current code page.
    case hexByte(UInt8)
    /// Plain bytes, `start..<end` of the input: never a backslash, brace, CR, LF or NUL.
    case text(Int, Int)
    /// `\binN` data: the raw bytes `start..<end`.
    case binary(Int, Int)
    /// The end of the input.
    case end

    /// Whether the token stands for one of the fallback characters that a `\uN` asks the reader to skip (`\ucN`
    /// of them): a control word, a control symbol, a `\'hh` byte or a `\bin` run each count as one; plain text
    /// counts byte by byte (`RTFInterpreter.text`); groups and the end of input end the skipping instead.
    var countsAsOneFallbackCharacter: Bool {
        switch self {
        case .word, .symbol, .hexByte, .binary: return true
        case .groupStart, .groupEnd, .text, .end: return false
        }
    }
}

/// Splits RTF bytes into tokens without recursion and without tracking lines (locations are worked out from
/// byte offsets when an error needs them).
struct RTFTokenizer {
    let bytes: UnsafeBufferPointer<UInt8>
    let limits: RTFReader.Limits
    /// Where the next token starts.
    var position = 0
    /// Where the last token started (for errors and warnings).
    var tokenStart = 0
    /// The bytes of the last control word.
    var wordRange = 0..<0
    /// The last control word, packed.
    var wordKey = RTFWordKey()

    init(bytes: UnsafeBufferPointer<UInt8>, limits: RTFReader.Limits) {
        self.bytes = bytes
        self.limits = limits
    }

    /// The location of a byte offset, for errors and warnings.
    func location(_ offset: Int) -> JSONLocation { RTFSourceLocation.locate(offset, in: bytes) }

    func malformed(_ message: String, at offset: Int, expected: String? = nil) -> DocumentError {
        DocumentError(kind: .malformed, message: message, expected: expected, location: location(offset))
    }

    /// The next token.
    mutating func next() throws(DocumentError) -> RTFToken {
        let count = bytes.count
        while position < count {
            let byte = bytes[position]
            tokenStart = position
            switch byte {
            case 0x7B: position += 1; return .groupStart
            case 0x7D: position += 1; return .groupEnd
            case 0x5C: return try controlSequence()
            case 0x0D, 0x0A, 0x00: position += 1
            default:
                var end = position + 1
                while end < count && !endsText(bytes[end]) { end += 1 }
                let start = position
                position = end
                return .text(start, end)
            }
        }
        tokenStart = count
        return .end
    }

    private mutating func controlSequence() throws(DocumentError) -> RTFToken {
        let count = bytes.count
        let start = position
        position += 1
        guard position < count else {
            throw malformed("the input ends after a backslash", at: start, expected: "a control word or symbol")
        }
        let first = bytes[position]
        if isLetter(first) { return try controlWord(start: start) }
        position += 1
        switch first {
        case 0x27: // \'hh
            guard position + 2 <= count else {
                throw malformed("the input ends inside \\'hh", at: start, expected: "two hex digits")
            }
            guard let high = hexValue(bytes[position]), let low = hexValue(bytes[position + 1]) else {
                throw malformed("\\' is not followed by two hex digits", at: start, expected: "two hex digits (0-9, a-f)")
            }
            position += 2
            return .hexByte(high << 4 | low)
        case 0x0D:
            if position < count && bytes[position] == 0x0A { position += 1 }
            return .symbol(0x0A)
        default:
            return .symbol(first)
        }
    }

    private mutating func controlWord(start: Int) throws(DocumentError) -> RTFToken {
        let count = bytes.count
        let wordStart = position
        while position < count, isLetter(bytes[position]) { position += 1 }
        let key = RTFWordKey(UnsafeBufferPointer(rebasing: bytes[wordStart..<position]))
        wordRange = wordStart..<position
        wordKey = key
        var parameter: Int? = nil
        var negative = false
        if position + 1 < count, bytes[position] == 0x2D, isDigit(bytes[position + 1]) {
            negative = true
            position += 1
        }
        if position < count, isDigit(bytes[position]) {
            var value = 0
            while position < count, isDigit(bytes[position]) {
                // Saturate: a parameter far outside any meaningful range stays far outside it.
                if value < 1 << 40 { value = value * 10 + Int(bytes[position] - 0x30) }
                position += 1
            }
            parameter = negative ? -value : value
        }
        if position < count, bytes[position] == 0x20 { position += 1 }
        let keyword = key.count <= 24 ? RTFKeyword.lookup(key) : .unknown
        if keyword == .bin { return try binary(start: start, length: parameter ?? 0) }
        return .word(keyword, parameter)
    }

    private mutating func binary(start: Int, length: Int) throws(DocumentError) -> RTFToken {
        guard length >= 0 else {
            throw malformed("\\bin has a negative length (\(length))", at: start, expected: "\\binN with N ≥ 0")
        }
        guard length <= limits.maxBinaryLength else {
            throw DocumentError(
                kind: .limitExceeded,
                message: "\\bin\(length) asks for more than the \(limits.maxBinaryLength)-byte limit",
                location: location(start))
        }
        guard length <= bytes.count - position else {
            throw malformed("the input is truncated: \\bin\(length) needs \(length) bytes but \(bytes.count - position) remain",
                            at: start, expected: "\(length) bytes of binary data")
        }
        let dataStart = position
        position += length
        return .binary(dataStart, position)
    }

    /// Skips to the `}` that closes the current group (at `depth`), honouring `\binN`, escaped braces and
    /// the depth limit; the closing brace is consumed. Used for destinations the reader does not keep.
    mutating func skipGroup(depth: Int) throws(DocumentError) {
        let count = bytes.count
        var nested = 0
        while position < count {
            let byte = bytes[position]
            if !isSyntax(byte) {
                position += 1
                continue
            }
            if byte == 0x5C {
                let start = position
                position += 1
                guard position < count else { break }
                let next = bytes[position]
                if isLetter(next) {
                    // Only \bin matters here: its data may hold braces. Other words are plain bytes.
                    let wordStart = position
                    while position < count, isLetter(bytes[position]) { position += 1 }
                    if position - wordStart == 3 && bytes[wordStart] == 0x62 && bytes[wordStart + 1] == 0x69
                        && bytes[wordStart + 2] == 0x6E {
                        tokenStart = start
                        position = wordStart
                        _ = try controlWord(start: start)
                    }
                } else {
                    position += 1
                }
                continue
            }
            position += 1
            if byte == 0x7B {
                nested += 1
                if depth + nested > limits.maxGroupDepth {
                    throw DocumentError(kind: .limitExceeded,
                                        message: "groups nest deeper than the limit of \(limits.maxGroupDepth)",
                                        location: location(position - 1))
                }
            } else if byte == 0x7D {
                if nested == 0 { return }
                nested -= 1
            }
        }
        throw malformed("the input ends inside a group: \(depth + nested) group(s) still open", at: count,
                        expected: "}")
    }

    /// The last control word as text.
    var wordText: String { String(decoding: UnsafeBufferPointer(rebasing: bytes[wordRange]), as: UTF8.self) }
}

/// Whether `byte` is `\\`, `{` or `}`: one shift and mask instead of three compares.
@inline(__always) func isSyntax(_ byte: UInt8) -> Bool {
    byte >= 64 && (0x2800_0000_1000_0000 as UInt64) >> UInt64(byte & 63) & 1 == 1 && byte < 128
}

/// Whether `byte` ends a run of plain text: `\\`, `{`, `}`, CR, LF or NUL.
@inline(__always) func endsText(_ byte: UInt8) -> Bool {
    if byte >= 128 { return false }
    let mask: UInt64 = byte >= 64 ? 0x2800_0000_1000_0000 : 0x0000_0000_0000_2401
    return mask >> UInt64(byte & 63) & 1 == 1
}

@inline(__always) func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
@inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
@inline(__always) func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: return byte - 0x30
    case 0x41...0x46: return byte - 0x37
    case 0x61...0x66: return byte - 0x57
    default: return nil
    }
}
