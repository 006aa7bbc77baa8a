import RichText

/// The places in a document where behaviours change, in scalar offsets: what targeted generation aims at, as
/// Hypothesis's targeted generation and fast-check's bias toward boundaries do. Bugs live where a rule switches:
/// at the start of a paragraph (inheritance and paragraph values), at the edge of a run or a stretch of equal
/// value (inheritance, `textChanged` invalidation), at a glyph's attachment character (`runBoundaries:
/// .character`), and at the selection's own edges.
struct BehaviorBoundaries {
    /// The starts of every paragraph but the first: right after each separator, before the end of the text.
    var paragraphStarts: [Int] = []
    /// Where one run ends and the next begins (every place an attribute's value changes).
    var runEdges: [Int] = []
    /// Both sides of each attachment character (U+FFFC, where a glyph stands).
    var glyphEdges: [Int] = []
    /// The selection's caret, or each range's ends.
    var selectionEdges: [Int] = []

    init(document: RichString, geometry: TextGeometry, selection: ScalarSelection) {
        paragraphStarts = geometry.separators.map(\.upperBound).filter { $0 < geometry.scalarCount }
        for run in document.runs.dropFirst() { runEdges.append(document.offset(of: run.range.lowerBound, in: .scalars)) }
        var scalarOffset = 0
        for scalar in document.string.unicodeScalars {
            if scalar == "\u{FFFC}" { glyphEdges += [scalarOffset, scalarOffset + 1] }
            scalarOffset += 1
        }
        selectionEdges = selection.caret.map { [$0] } ?? selection.ranges.flatMap { [$0.lowerBound, $0.upperBound] }
    }

    /// The kinds that have a place in this document.
    var kinds: [[Int]] { [paragraphStarts, runEdges, glyphEdges, selectionEdges].filter { !$0.isEmpty } }

    /// A boundary: a kind picked evenly among those the document has, then a place of that kind; nil when there is
    /// none.
    func pick(using rng: inout SeededGenerator) -> Int? {
        let kinds = kinds
        guard !kinds.isEmpty else { return nil }
        return rng.pick(rng.pick(kinds))
    }
}
