import Foundation

/// Searching the text of a rich string or a slice, as Foundation's `AttributedStringProtocol.range(of:options:locale:)`.
///
/// The matching is Foundation's `String` search (`StringProtocol.range(of:options:range:locale:)`) over the
/// searched text, with every option it has: `.caseInsensitive`, `.literal`, `.backwards`, `.anchored`,
/// `.diacriticInsensitive`, `.widthInsensitive`, `.regularExpression`. The result is mapped back to our indices
/// exactly, by UTF-8 offset. As in `AttributedString`, whose search compares whole characters, a match that
/// starts or ends inside a `Character` of the searched text (a lone combining mark, the "\r" of a "\r\n", half a
/// flag) does not count unless the search is `.literal`, which compares Unicode scalars: the search goes on to
/// the next match, or gives nil when the search is `.anchored`. Where Foundation's `String` search sees a
/// character differently from Swift (it joins a combining mark to a line break before it, so "\r\n" is not
/// found before "\u{301}"), its answer stands.
///
/// The search reads the searched text out of the rope, O(n) in its length, as Foundation's does.
extension RichStringProtocol {
    /// The range of the first match of `target` (the last with `.backwards`) in the text, or inside `range` when
    /// given (which must lie in the text), searched as a text of its own; nil when there is none, or when `target`
    /// is empty.
    ///
    /// On a slice, as Foundation's `AttributedSubstring.range(of:)`, the result is in the base string's indices,
    /// so it subscripts `base` (and the slice's views) directly.
    public func range<T: StringProtocol>(
        of target: T, options: String.CompareOptions = [], range: Range<RichString.Index>? = nil, locale: Locale? = nil
    ) -> Range<RichString.Index>? {
        let whole = self[startIndex..<endIndex]
        var searched = whole.bounds
        if let range {
            precondition(range.lowerBound >= searched.lowerBound && range.upperBound <= searched.upperBound,
                         "Search range \(range) lies outside the searched text \(searched)")
            searched = whole.base.roundedDownToScalar(range.lowerBound)..<whole.base.roundedDownToScalar(range.upperBound)
        }
        return whole.base.firstMatch(of: target, options: options, in: whole.base.offsets(of: searched), locale: locale)
    }
}

extension RichString {
    /// The first range of characters equal to `target`, searching from `start` (or the beginning). Characters
    /// compare as `String` compares them, canonically equivalent and whole: "e" does not match the start of "é".
    public func range(of target: String, from start: Index? = nil) -> Range<Index>? {
        guard !target.isEmpty else { return nil }
        let haystack = string
        let from = start.map { offset(of: $0) } ?? 0
        let utf8 = haystack.utf8
        let searchStart = utf8.index(utf8.startIndex, offsetBy: from)
        guard let found = haystack[searchStart...].firstRange(of: target) else { return nil }
        let lower = utf8.distance(from: utf8.startIndex, to: found.lowerBound)
        let upper = utf8.distance(from: utf8.startIndex, to: found.upperBound)
        return index(utf8: lower)..<index(utf8: upper)
    }

    /// Every non-overlapping range of characters equal to `target`, as one range set (characters compare as in
    /// `range(of:from:)`).
    public func ranges(of target: String) -> RangeSet<Index> {
        guard !target.isEmpty else { return RangeSet() }
        let haystack = string
        let utf8 = haystack.utf8
        var result: [Range<Index>] = []
        for found in haystack.ranges(of: target) {
            let lower = utf8.distance(from: utf8.startIndex, to: found.lowerBound)
            let upper = utf8.distance(from: utf8.startIndex, to: found.upperBound)
            result.append(index(utf8: lower)..<index(utf8: upper))
        }
        return RangeSet(result)
    }

    /// The first (with `.backwards`, the last) match of `target` in the text at UTF-8 offsets `searched`, which is
    /// searched as a string of its own; the result is in this string's indices.
    func firstMatch<T: StringProtocol>(
        of target: T, options: String.CompareOptions, in searched: Range<Int>, locale: Locale?
    ) -> Range<Index>? {
        let haystack = text.string(in: searched)
        let backwards = options.contains(.backwards)
        var window = haystack.startIndex..<haystack.endIndex
        while let found = haystack.range(of: target, options: options, range: window, locale: locale) {
            if options.contains(.literal) || haystack.isCharacterAligned(found) {
                let lower = found.lowerBound.utf8Position, upper = found.upperBound.utf8Position
                return index(utf8: searched.lowerBound + lower.offset, trailingSurrogate: lower.isTrailingSurrogate)
                    ..< index(utf8: searched.lowerBound + upper.offset, trailingSurrogate: upper.isTrailingSurrogate)
            }
            // An anchored match has one place to be; anywhere else would be a different search.
            if options.contains(.anchored) { return nil }
            // The next match of the same text starts after this one's start (backwards: ends before its end), so
            // narrowing the window by a scalar passes over this match only.
            if backwards {
                guard found.upperBound > window.lowerBound else { return nil }
                window = window.lowerBound..<max(window.lowerBound, haystack.unicodeScalars.index(before: found.upperBound))
            } else {
                guard found.lowerBound < window.upperBound else { return nil }
                window = min(window.upperBound, haystack.unicodeScalars.index(after: found.lowerBound))..<window.upperBound
            }
        }
        return nil
    }
}

extension String {
    /// Whether both bounds of `range` are `Character` boundaries of this string.
    fileprivate func isCharacterAligned(_ range: Range<Index>) -> Bool {
        String.Index(range.lowerBound, within: self) != nil && String.Index(range.upperBound, within: self) != nil
    }
}
