/// "Did you mean …?" for names: the closest candidate by edit distance, when it is close enough to be a typo.
package enum Suggestions {
    /// The candidate closest to `name`, or nil when none is plausibly what was meant.
    package static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
        let lowered = name.lowercased()
        var best: (String, Int)?
        for candidate in candidates where candidate != name {
            if candidate.lowercased() == lowered { return candidate }
            let distance = editDistance(Array(lowered), Array(candidate.lowercased()))
            if best == nil || distance < best!.1 { best = (candidate, distance) }
        }
        if lowered.count >= 3, let prefixed = candidates.first(where: { $0.lowercased().hasPrefix(lowered) }) { return prefixed }
        if let stem = candidates.first(where: { $0.count >= 3 && lowered.hasPrefix($0.lowercased()) }) { return stem }
        guard let (candidate, distance) = best else { return nil }
        // A third of the shorter name may differ, and never the whole of it ('c' does not suggest 'b').
        let shorter = min(name.count, candidate.count)
        return distance <= max(1, shorter / 3) && distance < shorter ? candidate : nil
    }

    /// `did you mean 'x'?` for the closest candidate, or nil.
    package static func didYouMean(_ name: String, in candidates: some Sequence<String>) -> String? {
        closest(to: name, in: candidates).map { "did you mean '\($0)'?" }
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
