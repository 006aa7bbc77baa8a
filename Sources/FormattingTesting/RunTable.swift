import RichText

/// A document's runs as plain data (UTF-8 ranges and attribute sets), for building documents exactly as
/// wanted — including documents that break their definition — without firing key behaviours.
struct RunTable {
    var text: String
    var runs: [(range: Range<Int>, attributes: AttributeSet)]

    init(_ document: RichString) {
        text = document.string
        runs = document.runs.map { ($0.range.lowerBound.utf8Offset..<$0.range.upperBound.utf8Offset, $0.attributes) }
    }

    /// `text` with `runs` (UTF-8 ranges in order, covering it).
    init(text: String, runs: [(range: Range<Int>, attributes: AttributeSet)]) {
        self.text = text
        self.runs = runs
    }

    /// `text` with one set per UTF-8 byte.
    init(text: String, byteSets: [AttributeSet]) {
        self.init(text: text, runs: byteSets.enumerated().map { ($0.offset..<($0.offset + 1), $0.element) })
    }

    /// The attribute set over UTF-8 `range` changed by `change`, splitting runs at its ends.
    mutating func modify(_ range: Range<Int>, _ change: (AttributeSet) -> AttributeSet) {
        var result: [(range: Range<Int>, attributes: AttributeSet)] = []
        for run in runs {
            let a = min(max(range.lowerBound, run.range.lowerBound), run.range.upperBound)
            let b = min(max(range.upperBound, run.range.lowerBound), run.range.upperBound)
            let pieces = [run.range.lowerBound..<a, a..<b, b..<run.range.upperBound]
            for (i, piece) in pieces.enumerated() where !piece.isEmpty {
                result.append((piece, i == 1 ? change(run.attributes) : run.attributes))
            }
        }
        runs = result
    }

    /// The document, with equal neighbouring runs merged (empty ones dropped) and no behaviour enforced; nil
    /// when the runs do not cover the text.
    var unenforcedDocument: RichString? {
        var merged: [AttributeRun] = []
        for run in runs where !run.range.isEmpty {
            if let last = merged.last, last.attributes == run.attributes {
                merged[merged.count - 1].utf8Count += run.range.count
            } else {
                merged.append(AttributeRun(utf8Count: run.range.count, attributes: run.attributes))
            }
        }
        return RichString(unenforcedText: text, runs: merged)
    }

    /// `unenforcedDocument`, or the plain text when the runs do not cover it.
    var document: RichString { unenforcedDocument ?? RichString(text) }
}
