// fmtoracle — Foundation AttributedString oracle for FormatCheck differential tests.
//
// Usage: fmtoracle [SCRIPT.jsonl | -]
//   Reads a JSON-Lines edit script (from the file, or stdin when the argument is
//   "-" or absent) with EditScripts' one parser of the format (an optional
//   first {"op":"start","document":…} line is the oracle's own), applies it to a
//   Foundation AttributedString and prints one
//   JSON line per step (step 0 = start state) to stdout, written unbuffered
//   (one write(2) per line) so the parent sees progress even if Foundation traps.
//
// Exit codes: 0 success; 3 script error (an {"error":...,"line":N} line is
//   printed to stdout first); 2 usage / I/O error; killed by signal if Foundation traps.

import EditScripts
import Foundation
import RichText
import StreamingJSON
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

// MARK: - Reading values and documents

// Lines are read by EditScripts' `EditScript.parseLine`, the one parser of the format; these turn what it
// read into Foundation's values for the oracle's keys.

func foundationValue(_ value: AttributeValue, for key: KeyInfo) throws -> AttrValue {
    switch (key.isInt, value) {
    case (true, .integer(let i)): return .int(i)
    case (false, .string(let s)): return .string(s)
    case (true, _): throw ScriptError(message: "value for key '\(key.name)' must be an integer")
    case (false, _): throw ScriptError(message: "value for key '\(key.name)' must be a string")
    }
}

func lookupKey(_ name: String) throws -> KeyInfo {
    guard let k = keysByName[name] else { throw ScriptError(message: "unknown key '\(name)'") }
    return k
}

/// A pasted or start document, its runs appended one by one as Foundation builds it.
func foundationDocument(_ document: RichString) throws -> AttributedString {
    var result = AttributedString()
    for run in document.runs {
        var c = AttributeContainer()
        for entry in run.attributes.entries.sorted(by: { $0.name < $1.name }) {
            let k = try lookupKey(entry.name)
            k.setContainer(&c, try foundationValue(entry.value, for: k))
        }
        result.append(AttributedString(document[run.range].string, attributes: c))
    }
    return result
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

func apply(_ step: ScriptStep, to s: inout AttributedString) throws {
    let count = s.unicodeScalars.count
    switch step {
    case .insert(let at, let text):
        let at = try scalarIndex(s, at, count: count)
        s.unicodeScalars.replaceSubrange(at..<at, with: text.unicodeScalars)
    case .delete(let from, let to):
        s.removeSubrange(try scalarRange(s, from, to, count: count))
    case .replace(let from, let to, let text):
        let r = try scalarRange(s, from, to, count: count)
        s.unicodeScalars.replaceSubrange(r, with: text.unicodeScalars)
    case .insertAttributed(let at, let document):
        let doc = try foundationDocument(document)
        s.insert(doc, at: try scalarIndex(s, at, count: count))
    case .set(let from, let to, let name, let value):
        let key = try lookupKey(name)
        let v = try foundationValue(value, for: key)
        key.setRange(&s, try scalarRange(s, from, to, count: count), v)
    case .remove(let from, let to, let name):
        let key = try lookupKey(name)
        key.setRange(&s, try scalarRange(s, from, to, count: count), nil)
    case .setRanges(let list, let name, let value):
        let key = try lookupKey(name)
        guard let value else { throw ScriptError(message: "value for key '\(name)' must not be null") }
        let v = try foundationValue(value, for: key)
        var ranges: [Range<AttributedString.Index>] = []
        for r in list { ranges.append(try scalarRange(s, r.lowerBound, r.upperBound, count: count)) }
        key.setRangeSet(&s, RangeSet(ranges), v)
    case .select, .selectRanges, .type, .deleteBackward, .paste, .undo, .redo:
        throw ScriptError(message: "editor commands and selections are not supported: an AttributedString has no selection")
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
        let json: JSONValue
        do {
            json = try JSONValue.parse(String(decoding: line, as: UTF8.self))
        } catch {
            fail("invalid JSON: \(error.message) at column \(error.location.column)", line: lineNo)
        }
        do {
            if !started {
                started = true
                if json["op"]?.stringValue == "start" {
                    guard let document = json["document"] else { throw ScriptError(message: "\"document\" is missing") }
                    s = try foundationDocument(try ScriptReading.exact.document(document))
                    writeStdout(stateLine(step: 0, s))
                    continue
                }
                writeStdout(stateLine(step: 0, s))
            }
            if json["op"]?.stringValue == "start" { throw ScriptError(message: "\"start\" is only allowed as the first op") }
            let parsed = try EditScript.parseLine(json, number: lineNo, reading: .exact)
            guard parsed.unit == .scalars else { throw ScriptError(message: "\"unit\" is not supported: offsets are Unicode scalars") }
            try apply(parsed.operation, to: &s)
        } catch let e as ScriptError {
            fail(e.message, line: lineNo)
        } catch let e as EditScriptError {
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
