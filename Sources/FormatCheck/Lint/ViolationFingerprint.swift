import RichText

/// A finding's fingerprint: what it is about, not where, so that it survives unrelated edits (a paragraph added
/// above does not change it; a new violation has its own). SARIF's `partialFingerprints` carry it, with the
/// occurrence among equal fingerprints of the file appended (`…:2`), as code-scanning services expect.
///
/// It hashes (64-bit FNV-1a, written as 16 hex digits) the rule, the key, the finding's text and up to eight
/// scalars on each side of it within its paragraph, never an offset.
enum ViolationFingerprint {
    /// How many Unicode scalars beside the finding's text take part, within its paragraph.
    static let context = 8

    /// The fingerprint of a finding on UTF-8 `range` (clamped) of `document`. Neighbours are counted in scalars,
    /// which the string finds without reading grapheme clusters, and stay inside the finding's paragraphs, so
    /// a paragraph added or changed above or below does not change the fingerprint.
    static func of(rule: String, key: String?, utf8Range range: Range<Int>, in document: RichString) -> String {
        let lower = document.index(atOffset: range.lowerBound, in: .utf8)
        let upper = document.index(atOffset: range.upperBound, in: .utf8)
        let first = document.offset(of: lower, in: .scalars), last = document.offset(of: upper, in: .scalars)
        let paragraphStart = document.offset(of: document.paragraphRange(containing: lower).lowerBound, in: .scalars)
        // The paragraph of the finding's last scalar (of its place, when it is empty).
        let lastScalar = last > first ? document.index(atOffset: last - 1, in: .scalars) : lower
        let paragraphEnd = lastScalar == document.endIndex ? document.counts.scalars
            : document.offset(of: document.paragraphRange(containing: lastScalar).upperBound, in: .scalars)
        func text(_ from: Int, _ to: Int) -> String {
            guard from < to else { return "" }
            return document[document.index(atOffset: from, in: .scalars)..<document.index(atOffset: to, in: .scalars)].string
        }
        // The finding's text up to 80 scalars: a long run's fingerprint does not read the whole run.
        return of([rule, key ?? "", text(first, min(last, first + 80)), text(max(paragraphStart, first - context), first),
                   text(last, min(paragraphEnd, last + context))])
    }

    /// The fingerprint of a finding about the file (a reader warning, a malformed document): rule and message.
    static func of(rule: String, message: String) -> String {
        of([rule, message])
    }

    static func of(_ parts: [String]) -> String {
        var hash = FNV1a()
        for part in parts { hash.add(part: part) }
        return hash.hex
    }
}
