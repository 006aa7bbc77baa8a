// The byte-level tokenizer core shared by `JSONReader` and the tree builders.
// It is a non-recursive state machine over a raw pointer; callers guarantee
// that `p[0..<n]` stays valid during each call.

/// Powers of ten that are exactly representable as `Double` (Clinger's fast path).
private let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

@inline(__always) private func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }

/// Internal iterative JSON tokenizer state.
struct JSONScanner {
    enum State: UInt8 {
        case start, expectValue, expectValueOrArrayEnd, expectKeyOrObjectEnd, expectKey, expectColon, afterValue, finished, failed
    }

    var pos = 0
    var line = 1
    var lineStart = 0
    /// UTF-8 continuation bytes seen on the current line before `pos` (for scalar-based columns).
    var contBytes = 0
    var state: State = .start
    /// Open containers; `true` = object, `false` = array.
    var containers: [Bool] = []
    let limits: JSONReader.Limits
    var scratch: [UInt8] = []
    var failure: JSONSyntaxError? = nil

    init(limits: JSONReader.Limits) {
        self.limits = limits
    }

    @inline(__always) func location(_ offset: Int) -> JSONLocation {
        JSONLocation(line: line, column: offset - lineStart - contBytes + 1, byteOffset: offset)
    }

    // MARK: - Errors

    func describe(_ p: UnsafePointer<UInt8>, _ n: Int, _ i: Int) -> String {
        guard i < n else { return "end of input" }
        let b = p[i]
        switch b {
        case 0x20..<0x7F:
            return b == 0x27 ? "\"'\"" : "'\(Character(Unicode.Scalar(b)))'"
        case 0..<0x20, 0x7F:
            return "control character \(hexScalar(UInt32(b)))"
        default:
            if let (scalar, _) = decodeScalar(p, n, i) {
                return "'\(Character(scalar))' (\(hexScalar(scalar.value)))"
            }
            return "invalid UTF-8 byte 0x\(hexByte(b))"
        }
    }

    func hexScalar(_ v: UInt32) -> String {
        var s = String(v, radix: 16, uppercase: true)
        while s.utf8.count < 4 { s = "0" + s }
        return "U+" + s
    }

    func hexByte(_ b: UInt8) -> String {
        let s = String(b, radix: 16, uppercase: true)
        return s.utf8.count < 2 ? "0" + s : s
    }

    /// Decodes one well-formed UTF-8 scalar at `i`, or nil if the bytes are ill-formed.
    func decodeScalar(_ p: UnsafePointer<UInt8>, _ n: Int, _ i: Int) -> (Unicode.Scalar, Int)? {
        guard case .valid(let len) = utf8Check(p, n, i) else { return nil }
        var v: UInt32
        switch len {
        case 1: v = UInt32(p[i])
        case 2: v = UInt32(p[i] & 0x1F)
        case 3: v = UInt32(p[i] & 0x0F)
        default: v = UInt32(p[i] & 0x07)
        }
        if len > 1 { for k in 1..<len { v = (v << 6) | UInt32(p[i + k] & 0x3F) } }
        guard let s = Unicode.Scalar(v) else { return nil }
        return (s, len)
    }

    /// An error at byte `i` where `expected` was wanted; the kind depends on what is there.
    func unexpected(_ expected: String, _ p: UnsafePointer<UInt8>, _ n: Int, at i: Int) -> JSONSyntaxError {
        let kind: JSONSyntaxError.Kind
        if i >= n {
            kind = .unexpectedEnd
        } else if p[i] >= 0x80, decodeScalar(p, n, i) == nil {
            kind = .invalidUTF8
        } else {
            kind = .unexpectedCharacter
        }
        return JSONSyntaxError(kind: kind, message: "expected \(expected), found \(describe(p, n, i))", location: location(min(i, n)))
    }

    func error(_ kind: JSONSyntaxError.Kind, _ message: String, at i: Int) -> JSONSyntaxError {
        JSONSyntaxError(kind: kind, message: message, location: location(i))
    }

    // MARK: - Driver

    /// Returns the next token, or nil once the complete top-level value has been read
    /// and only whitespace remains. Errors are sticky.
    mutating func next(_ p: UnsafePointer<UInt8>, _ n: Int) throws(JSONSyntaxError) -> JSONToken? {
        do {
            return try step(p, n)
        } catch {
            state = .failed
            failure = error
            throw error
        }
    }

    @inline(__always)
    mutating func skipWhitespace(_ p: UnsafePointer<UInt8>, _ n: Int) {
        while pos < n {
            let b = p[pos]
            if b > 0x20 { return }
            if b == 0x20 || b == 0x09 || b == 0x0D {
                pos &+= 1
            } else if b == 0x0A {
                pos &+= 1
                line &+= 1
                lineStart = pos
                contBytes = 0
            } else {
                return
            }
        }
    }

    private mutating func step(_ p: UnsafePointer<UInt8>, _ n: Int) throws(JSONSyntaxError) -> JSONToken? {
        switch state {
        case .expectValue:
            skipWhitespace(p, n)
            return try readValue(p, n, expected: "a value")
        case .afterValue:
            skipWhitespace(p, n)
            guard let isObject = containers.last else {
                if pos < n {
                    throw error(.trailingData, "unexpected data after the top-level value, found \(describe(p, n, pos))", at: pos)
                }
                state = .finished
                return nil
            }
            guard pos < n else {
                throw unexpected(isObject ? "',' or '}' after object member" : "',' or ']' after array element", p, n, at: pos)
            }
            let c = p[pos]
            if c == 0x2C { // ,
                pos &+= 1
                skipWhitespace(p, n)
                if isObject {
                    return try readKey(p, n, expected: "a string key after ','")
                }
                return try readValue(p, n, expected: "a value after ','")
            }
            if isObject {
                if c == 0x7D { return closeContainer(.endObject) }
                throw unexpected("',' or '}' after object member", p, n, at: pos)
            } else {
                if c == 0x5D { return closeContainer(.endArray) }
                throw unexpected("',' or ']' after array element", p, n, at: pos)
            }
        case .expectValueOrArrayEnd:
            skipWhitespace(p, n)
            if pos < n && p[pos] == 0x5D { return closeContainer(.endArray) }
            return try readValue(p, n, expected: "a value or ']'")
        case .expectKeyOrObjectEnd:
            skipWhitespace(p, n)
            if pos < n && p[pos] == 0x7D { return closeContainer(.endObject) }
            return try readKey(p, n, expected: "a string key or '}'")
        case .expectKey:
            skipWhitespace(p, n)
            return try readKey(p, n, expected: "a string key")
        case .expectColon:
            skipWhitespace(p, n)
            guard pos < n, p[pos] == 0x3A else { throw unexpected("':' after object key", p, n, at: pos) }
            pos &+= 1
            skipWhitespace(p, n)
            return try readValue(p, n, expected: "a value after ':'")
        case .start:
            if n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF {
                pos = 3
                lineStart = 3
            }
            state = .expectValue
            return try step(p, n)
        case .finished:
            return nil
        case .failed:
            throw failure!
        }
    }

    @inline(__always)
    private mutating func closeContainer(_ kind: JSONToken.Kind) -> JSONToken {
        let loc = location(pos)
        containers.removeLast()
        pos &+= 1
        state = .afterValue
        return JSONToken(kind: kind, location: loc)
    }

    private mutating func openContainer(isObject: Bool) throws(JSONSyntaxError) -> JSONToken {
        let loc = location(pos)
        if containers.count >= limits.maxDepth {
            throw JSONSyntaxError(kind: .nestingTooDeep,
                                  message: "nesting depth exceeds the limit of \(limits.maxDepth)",
                                  location: loc)
        }
        containers.append(isObject)
        pos &+= 1
        state = isObject ? .expectKeyOrObjectEnd : .expectValueOrArrayEnd
        return JSONToken(kind: isObject ? .beginObject : .beginArray, location: loc)
    }

    private mutating func readKey(_ p: UnsafePointer<UInt8>, _ n: Int, expected: String) throws(JSONSyntaxError) -> JSONToken {
        guard pos < n, p[pos] == 0x22 else { throw unexpected(expected, p, n, at: pos) }
        let loc = location(pos)
        let s = try readString(p, n)
        state = .expectColon
        return JSONToken(kind: .key(s), location: loc)
    }

    private mutating func readValue(_ p: UnsafePointer<UInt8>, _ n: Int, expected: String) throws(JSONSyntaxError) -> JSONToken {
        guard pos < n else { throw unexpected(expected, p, n, at: pos) }
        let loc = location(pos)
        switch p[pos] {
        case 0x22:
            let s = try readString(p, n)
            state = .afterValue
            return JSONToken(kind: .string(s), location: loc)
        case 0x7B:
            return try openContainer(isObject: true)
        case 0x5B:
            return try openContainer(isObject: false)
        case 0x2D, 0x30...0x39:
            let k = try readNumber(p, n)
            state = .afterValue
            return JSONToken(kind: k, location: loc)
        case 0x74:
            try readLiteral(p, n, "true")
            state = .afterValue
            return JSONToken(kind: .bool(true), location: loc)
        case 0x66:
            try readLiteral(p, n, "false")
            state = .afterValue
            return JSONToken(kind: .bool(false), location: loc)
        case 0x6E:
            try readLiteral(p, n, "null")
            state = .afterValue
            return JSONToken(kind: .null, location: loc)
        default:
            throw unexpected(expected, p, n, at: pos)
        }
    }

    private mutating func readLiteral(_ p: UnsafePointer<UInt8>, _ n: Int, _ literal: StaticString) throws(JSONSyntaxError) {
        let lp = literal.utf8Start
        let len = literal.utf8CodeUnitCount
        for k in 0..<len where pos + k >= n || p[pos + k] != lp[k] {
            throw unexpected("'\(literal)'", p, n, at: pos + k)
        }
        pos += len
    }

    // MARK: - Numbers

    private mutating func readNumber(_ p: UnsafePointer<UInt8>, _ n: Int) throws(JSONSyntaxError) -> JSONToken.Kind {
        let start = pos
        var i = pos
        var negative = false
        if p[i] == 0x2D {
            negative = true
            i &+= 1
            guard i < n, isDigit(p[i]) else {
                throw numberError("a digit after '-'", p, n, at: i)
            }
        }
        let intStart = i
        if p[i] == 0x30 {
            i &+= 1
            if i < n && isDigit(p[i]) {
                throw error(.invalidNumber, "invalid number: leading zeros are not allowed", at: start)
            }
        } else {
            while i < n && isDigit(p[i]) { i &+= 1 }
        }
        let intEnd = i
        var isFloat = false
        var fracDigits = 0
        if i < n && p[i] == 0x2E {
            isFloat = true
            i &+= 1
            guard i < n, isDigit(p[i]) else { throw numberError("a digit after '.'", p, n, at: i) }
            let fs = i
            while i < n && isDigit(p[i]) { i &+= 1 }
            fracDigits = i - fs
        }
        var exponent = 0
        if i < n && (p[i] | 0x20) == 0x65 {
            isFloat = true
            i &+= 1
            var expNegative = false
            if i < n && (p[i] == 0x2B || p[i] == 0x2D) {
                expNegative = p[i] == 0x2D
                i &+= 1
            }
            guard i < n, isDigit(p[i]) else { throw numberError("a digit in the exponent", p, n, at: i) }
            while i < n && isDigit(p[i]) {
                if exponent < 1_000_000 { exponent = exponent * 10 + Int(p[i] &- 0x30) }
                i &+= 1
            }
            if expNegative { exponent = -exponent }
        }
        pos = i

        if !isFloat {
            let digits = intEnd - intStart
            if digits <= 18 {
                var v = 0
                var k = intStart
                while k < intEnd { v = v &* 10 &+ Int(p[k] &- 0x30); k &+= 1 }
                if negative {
                    return v == 0 ? .number(-0.0) : .integer(-v)
                }
                return .integer(v)
            }
            var v = 0
            var overflow = false
            for k in intStart..<intEnd {
                let d = Int(p[k] &- 0x30)
                let (m, o1) = v.multipliedReportingOverflow(by: 10)
                let (r, o2) = negative ? m.subtractingReportingOverflow(d) : m.addingReportingOverflow(d)
                if o1 || o2 { overflow = true; break }
                v = r
            }
            if !overflow { return .integer(v) }
        }

        // Clinger's fast path: mantissa < 2^53 and |exponent| <= 22 gives a correctly rounded result.
        let totalDigits = (intEnd - intStart) + fracDigits
        if totalDigits <= 15 {
            var m: UInt64 = 0
            var k = intStart
            while k < i {
                let b = p[k]
                if isDigit(b) { m = m &* 10 &+ UInt64(b &- 0x30) } else if b != 0x2E { break }
                k &+= 1
            }
            let e10 = exponent - fracDigits
            if e10 >= -22 && e10 <= 22 {
                var d = Double(m)
                d = e10 < 0 ? d / exactPowersOfTen[-e10] : d * exactPowersOfTen[e10]
                return .number(negative ? -d : d)
            }
        }
        let text = String(decoding: UnsafeBufferPointer(start: p + start, count: i - start), as: UTF8.self)
        guard let d = Double(text), d.isFinite else {
            throw error(.invalidNumber, "invalid number: \(text) is out of the range of Double", at: start)
        }
        return .number(d)
    }

    private func numberError(_ expected: String, _ p: UnsafePointer<UInt8>, _ n: Int, at i: Int) -> JSONSyntaxError {
        var e = unexpected(expected, p, n, at: i)
        if e.kind == .unexpectedCharacter { e.kind = .invalidNumber; e.message = "invalid number: " + e.message }
        return e
    }

    // MARK: - Strings

    /// Reads a string starting at the opening quote at `pos`; leaves `pos` after the closing quote.
    @inline(__always)
    private mutating func readString(_ p: UnsafePointer<UInt8>, _ n: Int) throws(JSONSyntaxError) -> String {
        let start = pos
        var i = pos &+ 1
        // Fast path: printable ASCII without escapes, 8 bytes at a time.
        while i &+ 8 <= n {
            let w = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
            // Bytes >= 0x80 or < 0x20, '"' or '\\' set the high bit of their lane.
            let quote = w ^ 0x2222_2222_2222_2222
            let slash = w ^ 0x5C5C_5C5C_5C5C_5C5C
            let lows: UInt64 = 0x0101_0101_0101_0101
            let t = (w &- (lows &* 0x20)) | ((quote &- lows) & ~quote) | ((slash &- lows) & ~slash) | w
            if t & 0x8080_8080_8080_8080 != 0 { break }
            i &+= 8
        }
        while i < n {
            let b = p[i]
            if b == 0x22 {
                let len = i &- start &- 1
                if len > limits.maxStringBytes { throw tooLong(start) }
                pos = i &+ 1
                return String(decoding: UnsafeBufferPointer(start: p + start + 1, count: len), as: UTF8.self)
            }
            if b == 0x5C || b < 0x20 || b >= 0x80 { break }
            i &+= 1
        }
        return try readStringSlow(p, n, start: start, from: i)
    }

    private func tooLong(_ start: Int) -> JSONSyntaxError {
        error(.stringTooLong, "string exceeds the limit of \(limits.maxStringBytes) bytes", at: start)
    }

    private mutating func readStringSlow(_ p: UnsafePointer<UInt8>, _ n: Int, start: Int, from: Int) throws(JSONSyntaxError) -> String {
        var i = from
        var segStart = start + 1
        var escaped = false
        scratch.removeAll(keepingCapacity: true)
        while true {
            guard i < n else {
                throw unexpected("'\"' to close the string that starts at \(location(start))", p, n, at: i)
            }
            let b = p[i]
            if b == 0x22 { break }
            if b == 0x5C {
                escaped = true
                scratch.append(contentsOf: UnsafeBufferPointer(start: p + segStart, count: i - segStart))
                i = try readEscape(p, n, i)
                segStart = i
                if scratch.count > limits.maxStringBytes { throw tooLong(start) }
            } else if b < 0x20 {
                throw error(.unexpectedCharacter, "unescaped control character \(hexScalar(UInt32(b))) in string", at: i)
            } else if b < 0x80 {
                i &+= 1
            } else {
                switch utf8Check(p, n, i) {
                case .valid(let len):
                    contBytes &+= len &- 1
                    i &+= len
                case .truncated:
                    throw error(.unexpectedEnd, "truncated UTF-8 sequence in string, found end of input", at: i)
                case .invalid:
                    throw error(.invalidUTF8, "invalid UTF-8 sequence starting with byte 0x\(hexByte(b)) in string", at: i)
                }
            }
        }
        pos = i + 1
        if escaped {
            scratch.append(contentsOf: UnsafeBufferPointer(start: p + segStart, count: i - segStart))
            if scratch.count > limits.maxStringBytes { throw tooLong(start) }
            return String(decoding: scratch, as: UTF8.self)
        }
        let len = i - segStart
        if len > limits.maxStringBytes { throw tooLong(start) }
        return String(decoding: UnsafeBufferPointer(start: p + segStart, count: len), as: UTF8.self)
    }

    /// Decodes the escape at `i` (a backslash) into `scratch`; returns the index after it.
    private mutating func readEscape(_ p: UnsafePointer<UInt8>, _ n: Int, _ i: Int) throws(JSONSyntaxError) -> Int {
        guard i + 1 < n else { throw unexpected("an escape character after '\\'", p, n, at: i + 1) }
        let c = p[i + 1]
        if let byte = JSONShortEscape.byte(forLetter: c) {
            scratch.append(byte)
            return i + 2
        }
        guard c == 0x75 else {
            var e = unexpected("a valid escape character (one of \" \\ / b f n r t u) after '\\'", p, n, at: i + 1)
            if e.kind == .unexpectedCharacter { e.kind = .invalidEscape }
            throw e
        }
        let hi = try hex4(p, n, i + 2)
        var scalar = UInt32(hi)
        var next = i + 6
        if hi >= 0xD800 && hi <= 0xDBFF {
            guard i + 7 < n, p[i + 6] == 0x5C, p[i + 7] == 0x75 else {
                if i + 7 >= n && (i + 6 >= n || p[i + 6] == 0x5C) {
                    throw unexpected("a low surrogate escape after \\u\(hex(hi))", p, n, at: n)
                }
                throw error(.invalidEscape, "invalid escape: high surrogate \\u\(hex(hi)) is not followed by a low surrogate escape", at: i)
            }
            let lo = try hex4(p, n, i + 8)
            guard lo >= 0xDC00 && lo <= 0xDFFF else {
                throw error(.invalidEscape, "invalid escape: high surrogate \\u\(hex(hi)) is followed by \\u\(hex(lo)), not a low surrogate", at: i)
            }
            scalar = 0x10000 + ((UInt32(hi) - 0xD800) << 10) + (UInt32(lo) - 0xDC00)
            next = i + 12
        } else if hi >= 0xDC00 && hi <= 0xDFFF {
            throw error(.invalidEscape, "invalid escape: lone low surrogate \\u\(hex(hi))", at: i)
        }
        appendUTF8(scalar)
        return next
    }

    private func hex(_ v: UInt16) -> String {
        var s = String(v, radix: 16, uppercase: true)
        while s.utf8.count < 4 { s = "0" + s }
        return s
    }

    private func hex4(_ p: UnsafePointer<UInt8>, _ n: Int, _ at: Int) throws(JSONSyntaxError) -> UInt16 {
        var v: UInt16 = 0
        for k in at..<(at + 4) {
            guard k < n else { throw unexpected("4 hexadecimal digits after '\\u'", p, n, at: k) }
            let b = p[k]
            let d: UInt8
            switch b {
            case 0x30...0x39: d = b - 0x30
            case 0x41...0x46: d = b - 0x41 + 10
            case 0x61...0x66: d = b - 0x61 + 10
            default:
                var e = unexpected("4 hexadecimal digits after '\\u'", p, n, at: k)
                if e.kind == .unexpectedCharacter { e.kind = .invalidEscape }
                throw e
            }
            v = v << 4 | UInt16(d)
        }
        return v
    }

    private mutating func appendUTF8(_ v: UInt32) {
        switch v {
        case 0..<0x80:
            scratch.append(UInt8(v))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | (v >> 6)))
            scratch.append(UInt8(0x80 | (v & 0x3F)))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | (v >> 12)))
            scratch.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            scratch.append(UInt8(0x80 | (v & 0x3F)))
        default:
            scratch.append(UInt8(0xF0 | (v >> 18)))
            scratch.append(UInt8(0x80 | ((v >> 12) & 0x3F)))
            scratch.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            scratch.append(UInt8(0x80 | (v & 0x3F)))
        }
    }

    typealias UTF8Check = UTF8Validation.Sequence

    /// Validates one UTF-8 sequence at `i` (`UTF8Validation`).
    @inline(__always)
    func utf8Check(_ p: UnsafePointer<UInt8>, _ n: Int, _ i: Int) -> UTF8Check {
        UTF8Validation.sequence(at: i, in: p, count: n)
    }
}
