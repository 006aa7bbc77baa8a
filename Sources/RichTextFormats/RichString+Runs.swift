import RichText

/// One run of a document being assembled: its UTF-8 length and its attributes.
struct DocumentRun {
    var utf8Count: Int
    var attributes: AttributeSet
}

extension RichString {
    /// A string with `text` and exactly `runs`, with no behaviour enforced yet, so that the caller's
    /// `enforceBehaviors()` reports every fix-up. Runs must add up to the text and fall on scalar boundaries
    /// (the decoder guarantees both; a violation is a bug here, not bad input). Text after the last run has none.
    static func assembling(_ text: String, runs: [DocumentRun]) -> RichString {
        let list = RunList()
        var covered = 0
        for run in runs {
            list.append(utf8Count: run.utf8Count, run.attributes)
            covered += run.utf8Count
        }
        // Text after the last run has no attributes.
        if covered < text.utf8.count { list.append(utf8Count: text.utf8.count - covered, .empty) }
        guard let result = RichString(unenforcedText: text, takingOver: list) else {
            preconditionFailure("decoded runs do not cover the decoded text")
        }
        return result
    }

    /// The runs as (text, attributes), in order.
    ///
    /// Run boundaries can fall inside a Character (a combining mark with other attributes than its base), so
    /// the text is cut through the scalar view, never by Character-rounding `String` subscripts.
    var textRuns: [(text: Substring, attributes: AttributeSet)] {
        let whole = string
        let utf8 = whole.utf8
        var result: [(text: Substring, attributes: AttributeSet)] = []
        var start = utf8.startIndex
        var position = 0
        // One walk over the runs (not a search from the root for each).
        forEachRun(inUTF8: 0..<counts.utf8) { range, attributes in
            let end = utf8.index(start, offsetBy: range.upperBound - position)
            result.append((Substring(whole.unicodeScalars[start..<end]), attributes))
            start = end
            position = range.upperBound
            return true
        }
        return result
    }
}
