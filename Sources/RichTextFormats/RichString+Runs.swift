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
        var attributeRuns = runs.map { AttributeRun(utf8Count: $0.utf8Count, attributes: $0.attributes) }
        // Text after the last run has no attributes.
        let covered = runs.reduce(0) { $0 + $1.utf8Count }
        if covered < text.utf8.count { attributeRuns.append(AttributeRun(utf8Count: text.utf8.count - covered, attributes: .empty)) }
        guard let result = RichString(unenforcedText: text, runs: attributeRuns) else {
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
        var result: [(Substring, AttributeSet)] = []
        var start = utf8.startIndex
        var position = 0
        for run in runs {
            let upper = offset(of: run.range.upperBound, in: .utf8)
            let end = utf8.index(start, offsetBy: upper - position)
            result.append((Substring(whole.unicodeScalars[start..<end]), run.attributes))
            start = end
            position = upper
        }
        return result
    }
}
