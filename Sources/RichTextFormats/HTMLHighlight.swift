/// A stretch of a document that an HTML export marks (`HTMLExporter.export(_:images:highlights:)`): its text is
/// written inside `<mark>` with the highlight's classes and `data-` values, in whatever formatting it has, and a
/// label (a finding's number, linking to the finding) goes before its first character. Highlights may overlap:
/// text several cover is in one `<mark>` with all their classes and values. An empty highlight has only its label.
public struct HTMLHighlight: Hashable, Sendable {
    /// The stretch, in UTF-8 offsets of the document's text.
    public var utf8Range: Range<Int>
    /// CSS classes of its marks.
    public var classes: [String]
    /// `data-NAME` values of its marks; where highlights overlap, the values are joined with spaces.
    public var data: [String: String]
    /// The label's text (nil: no label), its element's `id`, and where it links to.
    public var label: String?
    public var labelID: String?
    public var labelLink: String?

    /// A highlight.
    public init(utf8Range: Range<Int>, classes: [String] = [], data: [String: String] = [:],
                label: String? = nil, labelID: String? = nil, labelLink: String? = nil) {
        self.utf8Range = utf8Range
        self.classes = classes
        self.data = data
        self.label = label
        self.labelID = labelID
        self.labelLink = labelLink
    }

    /// The label's HTML: `<sup class="label" id="…"><a href="…">…</a></sup>`, every value escaped.
    var labelHTML: String {
        guard let label else { return "" }
        var html = "<sup class=\"label\""
        if let labelID { html += " id=\"" + HTMLEscaping.attribute(labelID) + "\"" }
        html += ">"
        if let labelLink {
            html += "<a href=\"" + HTMLEscaping.attribute(labelLink) + "\">" + HTMLEscaping.attribute(label) + "</a>"
        } else {
            html += HTMLEscaping.attribute(label)
        }
        return html + "</sup>"
    }
}

/// Which highlights cover each piece of text as an export writes the text in order: a sweep over the highlights
/// sorted by start, so a document with many findings costs what it has, not findings times pieces.
struct HTMLHighlighting {
    let highlights: [HTMLHighlight]
    /// Indices of `highlights` by start.
    private let order: [Int]
    /// Every start and end, sorted, for cutting pieces.
    private let bounds: [Int]
    private var next = 0
    private var active: [Int] = []
    private var labelled: Set<Int> = []

    init(_ highlights: [HTMLHighlight]) {
        self.highlights = highlights
        order = highlights.indices.sorted { highlights[$0].utf8Range.lowerBound < highlights[$1].utf8Range.lowerBound }
        bounds = Array(Set(highlights.flatMap { [$0.utf8Range.lowerBound, $0.utf8Range.upperBound] })).sorted()
    }

    /// The offsets inside `range` where a highlight starts or ends.
    func cuts(inside range: Range<Int>) -> [Int] {
        var low = 0, high = bounds.count
        while low < high {
            let mid = (low + high) / 2
            if bounds[mid] <= range.lowerBound { low = mid + 1 } else { high = mid }
        }
        var found: [Int] = []
        while low < bounds.count, bounds[low] < range.upperBound {
            found.append(bounds[low])
            low += 1
        }
        return found
    }

    /// For a piece starting at `start` (pieces come in text order): the labels of highlights that start at or
    /// before it and were not labelled yet, and the highlights that cover a piece of length `length` there.
    mutating func piece(at start: Int, length: Int) -> (labels: String, covering: [HTMLHighlight]) {
        while next < order.count, highlights[order[next]].utf8Range.lowerBound <= start {
            active.append(order[next])
            next += 1
        }
        var labels = ""
        for k in active where !labelled.contains(k) {
            labelled.insert(k)
            labels += highlights[k].labelHTML
        }
        active.removeAll { highlights[$0].utf8Range.upperBound <= start && !highlights[$0].utf8Range.isEmpty || highlights[$0].utf8Range.isEmpty }
        let end = start + length
        let covering = length == 0 ? [] : active.filter { highlights[$0].utf8Range.lowerBound <= start && highlights[$0].utf8Range.upperBound >= end }
        return (labels, covering.map { highlights[$0] })
    }

    /// The labels of highlights no piece reached (at the very end of the text).
    mutating func remainingLabels() -> String {
        var labels = ""
        for k in order where !labelled.contains(k) {
            labelled.insert(k)
            labels += highlights[k].labelHTML
        }
        return labels
    }

    /// The opening `<mark>` for text `covering` covers.
    static func openingMark(_ covering: [HTMLHighlight]) -> String {
        var classes: [String] = []
        for c in covering.flatMap(\.classes) where !classes.contains(c) { classes.append(c) }
        var data: [String: [String]] = [:]
        for highlight in covering { for (name, value) in highlight.data { data[name, default: []].append(value) } }
        var html = "<mark"
        if !classes.isEmpty { html += " class=\"" + HTMLEscaping.attribute(classes.joined(separator: " ")) + "\"" }
        for (name, values) in data.sorted(by: { $0.key < $1.key }) {
            html += " data-" + HTMLEscaping.attribute(name) + "=\"" + HTMLEscaping.attribute(values.joined(separator: " ")) + "\""
        }
        return html + ">"
    }
}
