import Foundation

/// `--diff`: the unified diff of a document file's bytes, exactly what `--fix` would write, which `git apply`
/// and `patch -p1` take (`--- a/PATH`, `+++ b/PATH`, hunks with three lines of context, `\ No newline at end
/// of file` where a side ends without one). A file that is not text (a flattened RTFD) is said to differ, as
/// git says it. The lines are the file's own bytes, as a patch must hold them; a file name with a control
/// character, a quote, a backslash or a byte outside ASCII is quoted as git quotes it (`"a/doc\033[2J.json"`), so
/// no name can forge a line. On a terminal (`escapingLines`) the lines are escaped too (`TerminalText`).
enum FileDiff {
    /// The diff of `old` to `new` for the file at `path`, or "" when they are equal.
    static func unified(from old: [UInt8], to new: [UInt8], path: String, escapingLines: Bool = false) -> String {
        guard old != new else { return "" }
        let name = relativePath(path)
        let (a0, b0) = (quoted("a/" + name), quoted("b/" + name))
        guard let a = lines(old), let b = lines(new) else {
            return "diff --git \(a0) \(b0)\nBinary files \(a0) and \(b0) differ\n"
        }
        // A last line without its newline is not the same line as one with it: marked with a NUL (which a text
        // file has none of) while comparing.
        func marked(_ side: (lines: [[UInt8]], endsWithNewline: Bool)) -> [[UInt8]] {
            guard !side.endsWithNewline, !side.lines.isEmpty else { return side.lines }
            return side.lines.dropLast() + [side.lines[side.lines.count - 1] + [0]]
        }
        // Lines compare by their bytes (as patch compares them), not as Swift strings, which are equal when
        // canonically equivalent.
        let edits = DocumentDiff.script(marked(a), marked(b)) { String(decoding: $0.last == 0 ? $0.dropLast() : $0[...], as: UTF8.self) }
        var output = "--- \(a0)\n+++ \(b0)\n"
        for hunk in DocumentDiff.hunks(edits) {
            output += DocumentDiff.header(edits[hunk]) + "\n"
            for edit in edits[hunk] {
                output += DocumentDiff.marker(edit.kind) + (escapingLines ? TerminalText.escaped(edit.text) : edit.text) + "\n"
                // The last line of a side that ends without a newline.
                let isLastOld = edit.kind != .insert && edit.oldLine == a.lines.count - 1 && !a.endsWithNewline
                let isLastNew = edit.kind != .delete && edit.newLine == b.lines.count - 1 && !b.endsWithNewline
                if isLastOld || isLastNew { output += "\\ No newline at end of file\n" }
            }
        }
        return output
    }

    /// The lines of a text file (UTF-8 without NUL), split at each LF as patch and git split them (a CRLF line
    /// keeps its CR), and whether it ends with a newline; nil for binary bytes.
    static func lines(_ bytes: [UInt8]) -> (lines: [[UInt8]], endsWithNewline: Bool)? {
        guard !bytes.contains(0), String(validating: bytes, as: UTF8.self) != nil else { return nil }
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        let endsWithNewline = bytes.last == 0x0A
        if endsWithNewline { lines.removeLast() }
        return (lines, endsWithNewline)
    }

    /// A file name as git writes it in a patch: as it is, or in double quotes with C escapes (octal for bytes
    /// outside ASCII) when it holds a control character, `"`, `\\` or such a byte.
    static func quoted(_ name: String) -> String {
        let bytes = Array(name.utf8)
        guard bytes.contains(where: { $0 < 0x20 || $0 >= 0x7F || $0 == 0x22 || $0 == 0x5C }) else { return name }
        var out = "\""
        for byte in bytes {
            switch byte {
            case 0x07: out += "\\a"
            case 0x08: out += "\\b"
            case 0x09: out += "\\t"
            case 0x0A: out += "\\n"
            case 0x0B: out += "\\v"
            case 0x0C: out += "\\f"
            case 0x0D: out += "\\r"
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x20..<0x7F: out.append(Character(Unicode.Scalar(byte)))
            default:
                let octal = String(byte, radix: 8)
                out += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            }
        }
        return out + "\""
    }

    /// `path` relative to the current folder when it is inside it, as patches name files.
    static func relativePath(_ path: String) -> String {
        let here = FileManager.default.currentDirectoryPath
        if path.hasPrefix(here + "/") { return String(path.dropFirst(here.count + 1)) }
        return path.hasPrefix("./") ? String(path.dropFirst(2)) : path
    }
}
