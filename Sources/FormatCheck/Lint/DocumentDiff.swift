import RichText

/// A unified diff of two documents' runs, one line per run (`"text" {key: value, …}`), for `--diff`: what
/// `--fix` would change, readable without decoding JSON.
public enum DocumentDiff {
    /// One line per run: the text quoted, then the attributes sorted by name; escaped for a terminal.
    public static func lines(of document: RichString) -> [String] {
        document.runs.map { run in
            let text = ViolationMessage.quoteWhole(document[run.range].string)
            let attributes = run.attributes.entries.sorted { $0.name < $1.name }
                .map { "\($0.name): \(ViolationMessage.show($0.value))" }.joined(separator: ", ")
            return TerminalText.escaped("\(text) {\(attributes)}")
        }
    }

    /// The unified diff from `old` to `new` with three lines of context, or "" when they are equal.
    public static func unified(from old: RichString, to new: RichString, path: String) -> String {
        let a = lines(of: old), b = lines(of: new)
        guard a != b else { return "" }
        let edits = script(a, b) { $0 }
        let shown = TerminalText.escaped(path)
        var output = "--- \(shown)\n+++ \(shown) (fixed)\n"
        for hunk in hunks(edits) {
            output += header(edits[hunk]) + " runs\n"
            for edit in edits[hunk] { output += marker(edit.kind) + edit.text + "\n" }
        }
        return output
    }

    /// The hunks of an edit script: runs of changes with up to three lines of context on each side (changes
    /// closer than seven lines share a hunk), as ranges of `edits`.
    static func hunks(_ edits: [Line]) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var index = 0
        while index < edits.count {
            guard edits[index].kind != .same else { index += 1; continue }
            var start = index
            var contextBefore = 0
            while start > 0 && edits[start - 1].kind == .same && contextBefore < 3 { start -= 1; contextBefore += 1 }
            var end = index
            var trailingSame = 0
            while end < edits.count {
                if edits[end].kind == .same {
                    trailingSame += 1
                    if trailingSame > 6 { break }
                } else {
                    trailingSame = 0
                }
                end += 1
            }
            // Keep at most 3 lines of context after the last change.
            end -= max(0, trailingSame - 3)
            found.append(start..<end)
            index = end
        }
        return found
    }

    /// A hunk's `@@ -a,b +c,d @@` (a start is 0 for an empty side, as unified diffs write it).
    static func header(_ hunk: ArraySlice<Line>) -> String {
        let oldCount = hunk.filter { $0.kind != .insert }.count
        let newCount = hunk.filter { $0.kind != .delete }.count
        let oldStart = oldCount == 0 ? hunk.first!.oldLine : hunk.first!.oldLine + 1
        let newStart = newCount == 0 ? hunk.first!.newLine : hunk.first!.newLine + 1
        return "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@"
    }

    static func marker(_ kind: Line.Kind) -> String {
        switch kind {
        case .same: return " "
        case .delete: return "-"
        case .insert: return "+"
        }
    }

    /// One line of an edit script.
    struct Line {
        enum Kind { case same, delete, insert }
        var kind: Kind
        var text: String
        /// The line's index in the old (or, for inserts, the position) and in the new.
        var oldLine: Int
        var newLine: Int
    }

    /// The edit script from `a` to `b`: common prefix and suffix trimmed, then a longest-common-subsequence
    /// table over the middle (replaced wholesale when it would be too large). Lines compare as elements; `text`
    /// gives each one's text for the script.
    static func script<Element: Equatable>(_ a: [Element], _ b: [Element], text: (Element) -> String) -> [Line] {
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        var lines: [Line] = []
        for i in 0..<prefix { lines.append(Line(kind: .same, text: text(a[i]), oldLine: i, newLine: i)) }
        let middleA = Array(a[prefix..<(a.count - suffix)]), middleB = Array(b[prefix..<(b.count - suffix)])
        var i = 0, j = 0
        if middleA.count * middleB.count <= 4_000_000 {
            let n = middleA.count, m = middleB.count
            var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
            for x in stride(from: n - 1, through: 0, by: -1) {
                for y in stride(from: m - 1, through: 0, by: -1) {
                    table[x][y] = middleA[x] == middleB[y] ? table[x + 1][y + 1] + 1 : max(table[x + 1][y], table[x][y + 1])
                }
            }
            while i < n || j < m {
                if i < n && j < m && middleA[i] == middleB[j] {
                    lines.append(Line(kind: .same, text: text(middleA[i]), oldLine: prefix + i, newLine: prefix + j)); i += 1; j += 1
                } else if i < n && (j == m || table[i + 1][j] >= table[i][j + 1]) {
                    lines.append(Line(kind: .delete, text: text(middleA[i]), oldLine: prefix + i, newLine: prefix + j)); i += 1
                } else {
                    lines.append(Line(kind: .insert, text: text(middleB[j]), oldLine: prefix + i, newLine: prefix + j)); j += 1
                }
            }
        } else {
            for (k, line) in middleA.enumerated() { lines.append(Line(kind: .delete, text: text(line), oldLine: prefix + k, newLine: prefix)) }
            for (k, line) in middleB.enumerated() { lines.append(Line(kind: .insert, text: text(line), oldLine: prefix + middleA.count, newLine: prefix + k)) }
            i = middleA.count; j = middleB.count
        }
        for k in 0..<suffix {
            lines.append(Line(kind: .same, text: text(a[a.count - suffix + k]), oldLine: prefix + i + k, newLine: prefix + j + k))
        }
        return lines
    }
}
