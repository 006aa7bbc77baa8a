@testable import RichText

/// A naive, whole-document implementation of DESIGN §2's key behaviours over an array of scalars, each with
/// its own entries. It re-checks everything everywhere after every edit, so it shares no shortcut with the rope.
struct BehaviorModel: ScalarModel {
    var scalars: [Unicode.Scalar] = []
    var entries: [[String: AttributeEntry]] = []

    var scalarAttributes: [[String: AttributeValue]] { entries.map { $0.mapValues(\.value) } }

    // MARK: Structure

    /// Scalar ranges of every paragraph (a separator belongs to the paragraph it ends).
    var paragraphs: [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        for i in scalars.indices {
            let s = scalars[i]
            let ends = s == "\n" || s == "\u{2029}" || (s == "\r" && (i + 1 == scalars.count || scalars[i + 1] != "\n"))
            if ends { result.append(start..<(i + 1)); start = i + 1 }
        }
        result.append(start..<scalars.count)
        return result
    }

    func paragraph(containing i: Int) -> Range<Int> {
        paragraphs.first { $0.contains(i) } ?? (scalars.count..<scalars.count)
    }

    func isParagraphStart(_ a: Int) -> Bool {
        if a == 0 { return true }
        let s = scalars[a - 1]
        return s == "\n" || s == "\u{2029}" || (s == "\r" && (a == scalars.count || scalars[a] != "\n"))
    }

    // MARK: Text edits

    mutating func replace(_ range: Range<Int>, with newScalars: [Unicode.Scalar], attributed: [[String: AttributeEntry]]?) {
        let (a, b) = (range.lowerBound, range.upperBound)
        if a == b && newScalars.isEmpty { return }
        let before = entries
        var newEntries: [[String: AttributeEntry]]
        if let attributed {
            newEntries = attributed
        } else {
            var inherited: [String: AttributeEntry] = [:]
            // The first replaced scalar; for an insert the one before, at 0 the one after.
            if a < b { inherited = entries[a] } else if a > 0 { inherited = entries[a - 1] } else if !entries.isEmpty { inherited = entries[0] }
            inherited = inherited.filter { $0.value.behavior.isInheritable }
            if a == b, a < scalars.count, isParagraphStart(a) {
                inherited = inherited.filter { $0.value.behavior.runBoundaries != .paragraph }
                for (k, e) in entries[a] where e.behavior.runBoundaries == .paragraph { inherited[k] = e }
            }
            newEntries = Array(repeating: inherited, count: newScalars.count)
        }
        // textChanged survivors, before the edit.
        var survivors: [(String, Range<Int>)] = []
        let keys = Set((max(0, a - 1)..<min(scalars.count, b + 1)).flatMap { i in
            entries[i].values.filter { $0.behavior.isInvalidatedByTextChange }.map(\.name)
        })
        for key in keys {
            if a == b {
                guard a > 0, a < scalars.count, let v = entries[a - 1][key]?.value, entries[a][key]?.value == v else { continue }
                let s = stretch(key, around: a - 1)
                survivors.append((key, s))
            } else {
                if entries[a][key] != nil { survivors.append((key, stretch(key, around: a))) }
                if entries[b - 1][key] != nil { survivors.append((key, stretch(key, around: b - 1))) }
            }
        }
        scalars.replaceSubrange(range, with: newScalars)
        entries.replaceSubrange(range, with: newEntries)
        let delta = newScalars.count - range.count
        for (key, s) in survivors {
            for i in s where i < a || i >= b {
                entries[i >= b ? i + delta : i][key] = nil
            }
        }
        // Map old positions to new for change detection.
        var oldOf: [Int?] = Array(repeating: nil, count: scalars.count)
        for i in 0..<scalars.count {
            if i < a { oldOf[i] = i } else if i >= a + newScalars.count { oldOf[i] = i - delta }
        }
        enforceParagraphsFirstCharacterDecides()
        enforceCharacters()
        propagate(from: before, oldOf: oldOf)
    }

    func stretch(_ key: String, around i: Int) -> Range<Int> {
        let v = entries[i][key]!.value
        var lo = i, hi = i + 1
        while lo > 0, entries[lo - 1][key]?.value == v { lo -= 1 }
        while hi < scalars.count, entries[hi][key]?.value == v { hi += 1 }
        return lo..<hi
    }

    // MARK: Attribute edits

    mutating func transform(_ ranges: [Range<Int>], _ body: ([String: AttributeEntry]) -> [String: AttributeEntry]) {
        let before = entries
        for r in ranges { for i in r { entries[i] = body(entries[i]) } }
        // Changed paragraph-bound keys spread from the start of each changed stretch.
        var changedStretches: [(String, Range<Int>)] = []
        let names = Set(ranges.flatMap { r in r.flatMap { Array(before[$0].keys) + Array(entries[$0].keys) } })
        for key in names.sorted() {
            var i = 0
            while i < scalars.count {
                let changed = before[i][key]?.value != entries[i][key]?.value
                guard changed else { i += 1; continue }
                let old = before[i][key]?.value, new = entries[i][key]?.value
                var j = i + 1
                while j < scalars.count, before[j][key]?.value == old, entries[j][key]?.value == new { j += 1 }
                changedStretches.append((key, i..<j))
                i = j
            }
        }
        for (key, r) in changedStretches {
            let behavior = (entries[r.lowerBound][key] ?? before[r.lowerBound][key])!.behavior
            guard behavior.runBoundaries == .paragraph else { continue }
            for p in paragraphs where p.overlaps(r) {
                let source = entries[max(p.lowerBound, r.lowerBound)][key]
                for i in p { entries[i][key] = source }
            }
        }
        enforceCharacters()
        propagate(from: before, oldOf: Array(0..<scalars.count))
    }

    // MARK: Boundaries and dependents

    mutating func enforceParagraphsFirstCharacterDecides() {
        for p in paragraphs where !p.isEmpty {
            let keys = Set(p.flatMap { i in entries[i].values.filter { $0.behavior.runBoundaries == .paragraph }.map(\.name) })
            for key in keys {
                let source = entries[p.lowerBound][key]
                for i in p { entries[i][key] = source }
            }
        }
    }

    /// A character-bound key stays only on scalars equal to its character's first scalar, one scalar at a time
    /// (Foundation's `_constrainedScalar`), whatever cluster the scalar sits in.
    mutating func enforceCharacters() {
        for i in scalars.indices {
            for (key, entry) in entries[i] {
                guard case .character(let c) = entry.behavior.runBoundaries else { continue }
                if c.unicodeScalars.first != scalars[i] { entries[i][key] = nil }
            }
        }
    }

    /// Removes dependents wherever their source key's value differs from before, on text that existed before.
    mutating func propagate(from before: [[String: AttributeEntry]], oldOf: [Int?]) {
        var reference = before
        var mapping = oldOf
        while true {
            var removals: [(String, Int, AttributeBehavior)] = []
            for i in 0..<scalars.count {
                guard let o = mapping[i] else { continue }
                let names = Set(reference[o].keys).union(entries[i].keys)
                for key in names where reference[o][key]?.value != entries[i][key]?.value {
                    for dependent in entries[i].values where dependent.behavior.invalidationConditions.contains(.attributeChanged(key)) {
                        removals.append((dependent.name, i, dependent.behavior))
                    }
                }
            }
            if removals.isEmpty { return }
            reference = entries
            mapping = Array(0..<scalars.count)
            for (key, i, behavior) in removals {
                let targets = behavior.runBoundaries == .paragraph ? Array(paragraph(containing: i)) : [i]
                for t in targets { entries[t][key] = nil }
            }
        }
    }
}

extension BehaviorModel {
    /// The model of `text` as it stands: its scalars, each with the entries of the run holding it.
    init(_ text: RichString) {
        for run in text.runs {
            let entries = Dictionary(uniqueKeysWithValues: run.attributes.entries.map { ($0.name, $0) })
            for scalar in text[run.range].string.unicodeScalars {
                scalars.append(scalar)
                self.entries.append(entries)
            }
        }
    }

    /// The scalar offset of a UTF-8 offset of the modelled text.
    func scalarOffset(ofUTF8 offset: Int) -> Int {
        var bytes = 0
        for (i, scalar) in scalars.enumerated() {
            if bytes >= offset { return i }
            bytes += String(scalar).utf8.count
        }
        return scalars.count
    }
}
