import RichText

/// A rewritten set written over a run: a key bound to a character stays only on the characters it admits.
extension FormattingEngine {
    /// The runs to write over `range` for `attributes`: a key bound to a character is kept only on the scalars
    /// its boundary admits (`RunBoundary.admits`), so the boundary step that follows has nothing to undo.
    func splitForCharacterKeys(_ attributes: AttributeSet, over range: Range<Int>, in document: RichString) -> [AttributeRun] {
        let bound = attributes.entries.compactMap { entry -> (name: String, boundary: RunBoundary)? in
            guard let boundary = entry.behavior.runBoundaries, boundary.constrainedScalar != nil else { return nil }
            return (entry.name, boundary)
        }
        guard !bound.isEmpty else { return [AttributeRun(utf8Count: range.count, attributes: attributes)] }
        var runs: [AttributeRun] = []
        document.forEachScalar(inUTF8: range) { offset, scalar in
            var set = attributes
            for (name, boundary) in bound where !boundary.admits(scalar) { set = set.removing(name) }
            let length = min(offset + scalar.utf8.count, range.upperBound) - max(offset, range.lowerBound)
            if let last = runs.last, last.attributes == set {
                runs[runs.count - 1].utf8Count += length
            } else {
                runs.append(AttributeRun(utf8Count: length, attributes: set))
            }
        }
        return runs
    }
}
