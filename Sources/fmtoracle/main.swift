// fmtoracle — Foundation AttributedString oracle for FormatCheck differential tests.
//
// Usage: fmtoracle [SCRIPT.jsonl | -]
//   Reads a JSON-Lines edit script (from the file, or stdin when the argument is
//   "-" or absent), applies it to a Foundation AttributedString and prints one
//   JSON line per step (step 0 = start state) to stdout, written unbuffered
//   (one write(2) per line) so the parent sees progress even if Foundation traps.
//
// Exit codes: 0 success; 3 script error (an {"error":...,"line":N} line is
//   printed to stdout first); 2 usage / I/O error; killed by signal if Foundation traps.

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Output

/// Writes all bytes to fd 1 with write(2), retrying on EINTR / partial writes.
func writeStdout(_ line: String) {
    var bytes = Array(line.utf8)
    bytes.append(0x0A)
    var off = 0
    while off < bytes.count {
        let n = bytes.withUnsafeBytes { buf in
            write(1, buf.baseAddress! + off, buf.count - off)
        }
        if n < 0 {
            if errno == EINTR { continue }
            exit(2)  // parent went away
        }
        off += n
    }
}

/// Hand-written JSON string escaper; non-ASCII is emitted as raw UTF-8.
func jsonString(_ s: String) -> String {
    var out = "\""
    out.reserveCapacity(s.utf8.count + 2)
    for u in s.unicodeScalars {
        switch u {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case "\u{08}": out += "\\b"
        case "\u{0C}": out += "\\f"
        default:
            if u.value < 0x20 || u.value == 0x7F {
                let hex = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(u)
            }
        }
    }
    out += "\""
    return out
}

struct ScriptError: Error {
    let message: String
}

func fail(_ message: String, line: Int) -> Never {
    writeStdout("{\"error\":\(jsonString(message)),\"line\":\(line)}")
    exit(3)
}

func stateLine(step: Int, _ s: AttributedString) -> String {
    var text = String.UnicodeScalarView()
    text.append(contentsOf: s.unicodeScalars)
    var out = "{\"step\":\(step),\"text\":\(jsonString(String(text))),\"runs\":["
    var first = true
    for run in s.runs {
        let len = s.unicodeScalars[run.range].count
        let attrs = run.attributes
        var obj = "{"
        var firstKey = true
        for k in allKeys {
            if let v = k.get(attrs) {
                if !firstKey { obj += "," }
                firstKey = false
                obj += jsonString(k.name) + ":" + v.json
            }
        }
        obj += "}"
        if !first { out += "," }
        first = false
        out += "[\(len),\(obj)]"
    }
    out += "]}"
    return out
}

// MARK: - Input parsing helpers

/// JSON integer (rejects booleans and floating-point numbers).
func asInt(_ v: Any?) -> Int? {
    guard let v, let n = v as? NSNumber else { return nil }
    let t = String(cString: n.objCType)
    if t == "c" || t == "B" || t == "d" || t == "f" { return nil }
    if v is String { return nil }
    return v as? Int
}

func parseValue(_ raw: Any?, for key: KeyInfo) throws -> AttrValue {
    if key.isInt {
        guard let i = asInt(raw) else {
            throw ScriptError(message: "value for key '\(key.name)' must be an integer")
        }
        return .int(i)
    } else {
        guard let s = raw as? String else {
            throw ScriptError(message: "value for key '\(key.name)' must be a string")
        }
        return .string(s)
    }
}

func lookupKey(_ raw: Any?) throws -> KeyInfo {
    guard let name = raw as? String else { throw ScriptError(message: "missing or non-string \"key\"") }
    guard let k = keysByName[name] else { throw ScriptError(message: "unknown key '\(name)'") }
    return k
}

func attributeContainer(_ raw: Any) throws -> AttributeContainer {
    guard let dict = raw as? [String: Any] else {
        throw ScriptError(message: "attribute dictionary expected")
    }
    var c = AttributeContainer()
    for name in dict.keys.sorted() {
        guard let k = keysByName[name] else { throw ScriptError(message: "unknown key '\(name)'") }
        k.setContainer(&c, try parseValue(dict[name], for: k))
    }
    return c
}

/// Native-JSON document: a bare string, or a flat array alternating text and
/// attribute dictionaries (a text with no following dictionary is unattributed).
func parseDocument(_ raw: Any?) throws -> AttributedString {
    if let s = raw as? String { return AttributedString(s) }
    guard let arr = raw as? [Any] else {
        throw ScriptError(message: "\"document\" must be a string or an array")
    }
    var result = AttributedString()
    var i = 0
    while i < arr.count {
        guard let text = arr[i] as? String else {
            throw ScriptError(message: "document element \(i) must be a string")
        }
        var attrs = AttributeContainer()
        if i + 1 < arr.count, !(arr[i + 1] is String) {
            attrs = try attributeContainer(arr[i + 1])
            i += 2
        } else {
            i += 1
        }
        result.append(AttributedString(text, attributes: attrs))
    }
    return result
}

func intField(_ obj: [String: Any], _ name: String) throws -> Int {
    guard let i = asInt(obj[name]) else {
        throw ScriptError(message: "missing or non-integer \"\(name)\"")
    }
    return i
}

func stringField(_ obj: [String: Any], _ name: String) throws -> String {
    guard let s = obj[name] as? String else {
        throw ScriptError(message: "missing or non-string \"\(name)\"")
    }
    return s
}

// MARK: - Offsets

func scalarIndex(_ s: AttributedString, _ offset: Int, count: Int) throws -> AttributedString.Index {
    guard offset >= 0, offset <= count else {
        throw ScriptError(message: "offset \(offset) out of range 0...\(count)")
    }
    return s.unicodeScalars.index(s.unicodeScalars.startIndex, offsetBy: offset)
}

func scalarRange(_ s: AttributedString, _ from: Int, _ to: Int, count: Int) throws -> Range<AttributedString.Index> {
    guard from >= 0, from <= to, to <= count else {
        throw ScriptError(message: "range \(from)..<\(to) invalid for length \(count)")
    }
    let lo = s.unicodeScalars.index(s.unicodeScalars.startIndex, offsetBy: from)
    let hi = s.unicodeScalars.index(lo, offsetBy: to - from)
    return lo..<hi
}

// MARK: - Ops

func apply(_ obj: [String: Any], to s: inout AttributedString) throws {
    guard let op = obj["op"] as? String else { throw ScriptError(message: "missing \"op\"") }
    let count = s.unicodeScalars.count
    switch op {
    case "insert":
        let text = try stringField(obj, "text")
        let at = try scalarIndex(s, try intField(obj, "at"), count: count)
        s.unicodeScalars.replaceSubrange(at..<at, with: text.unicodeScalars)
    case "delete":
        let r = try scalarRange(s, try intField(obj, "from"), try intField(obj, "to"), count: count)
        s.removeSubrange(r)
    case "replace":
        let text = try stringField(obj, "text")
        let r = try scalarRange(s, try intField(obj, "from"), try intField(obj, "to"), count: count)
        s.unicodeScalars.replaceSubrange(r, with: text.unicodeScalars)
    case "insertAttributed":
        let doc = try parseDocument(obj["document"])
        let at = try scalarIndex(s, try intField(obj, "at"), count: count)
        s.insert(doc, at: at)
    case "set":
        let key = try lookupKey(obj["key"])
        let v = try parseValue(obj["value"], for: key)
        let r = try scalarRange(s, try intField(obj, "from"), try intField(obj, "to"), count: count)
        key.setRange(&s, r, v)
    case "remove":
        let key = try lookupKey(obj["key"])
        let r = try scalarRange(s, try intField(obj, "from"), try intField(obj, "to"), count: count)
        key.setRange(&s, r, nil)
    case "setRanges":
        let key = try lookupKey(obj["key"])
        let v = try parseValue(obj["value"], for: key)
        guard let rawRanges = obj["ranges"] as? [Any] else {
            throw ScriptError(message: "missing or non-array \"ranges\"")
        }
        var ranges: [Range<AttributedString.Index>] = []
        for rr in rawRanges {
            guard let pair = rr as? [Any], pair.count == 2,
                  let from = asInt(pair[0]), let to = asInt(pair[1]) else {
                throw ScriptError(message: "each range must be [from,to] integers")
            }
            ranges.append(try scalarRange(s, from, to, count: count))
        }
        key.setRangeSet(&s, RangeSet(ranges), v)
    case "start":
        throw ScriptError(message: "\"start\" is only allowed as the first op")
    default:
        throw ScriptError(message: "unknown op '\(op)'")
    }
}

// MARK: - Main

func readInput() -> Data {
    let args = CommandLine.arguments.dropFirst()
    if args.count > 1 || args.first == "-h" || args.first == "--help" {
        FileHandle.standardError.write("usage: fmtoracle [SCRIPT.jsonl | -]\n".data(using: .utf8)!)
        exit(2)
    }
    if let path = args.first, path != "-" {
        guard let d = FileManager.default.contents(atPath: path) else {
            FileHandle.standardError.write("fmtoracle: cannot read \(path)\n".data(using: .utf8)!)
            exit(2)
        }
        return d
    }
    // Read all of stdin before producing output (avoids pipe deadlocks).
    return FileHandle.standardInput.readDataToEndOfFile()
}

func run() {
    let data = readInput()
    var lines = data.split(separator: 0x0A, omittingEmptySubsequences: false)
    if let last = lines.last, last.isEmpty { lines.removeLast() }

    var s = AttributedString()
    var step = 0
    var started = false
    for (i, rawLine) in lines.enumerated() {
        let lineNo = i + 1
        var line = Data(rawLine)
        if line.last == 0x0D { line.removeLast() }
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: line, options: [])
        } catch {
            fail("invalid JSON", line: lineNo)
        }
        guard let obj = parsed as? [String: Any] else { fail("op line must be a JSON object", line: lineNo) }
        do {
            if !started {
                started = true
                if (obj["op"] as? String) == "start" {
                    s = try parseDocument(obj["document"])
                    writeStdout(stateLine(step: 0, s))
                    continue
                }
                writeStdout(stateLine(step: 0, s))
            }
            try apply(obj, to: &s)
        } catch let e as ScriptError {
            fail(e.message, line: lineNo)
        } catch {
            fail("\(error)", line: lineNo)
        }
        step += 1
        writeStdout(stateLine(step: step, s))
    }
    // Empty script: still report the (empty) start state.
    if !started {
        writeStdout(stateLine(step: 0, s))
    }
    exit(0)
}

run()
