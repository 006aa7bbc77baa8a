import RichText

/// Offsets in a widget's unit, turned into the document's UTF-8 offsets and back, by the string's public unit
/// conversions (each O(log n)).
extension RichString {
    /// The unit whose boundaries a widget counting `unit` can stand on: whole scalars for UTF-8, UTF-16 and scalar
    /// widgets (an offset inside a scalar's bytes or inside a surrogate pair names no position in the text), whole
    /// characters for a widget that counts characters.
    static func boundaryUnit(for unit: TextUnit) -> TextUnit {
        unit == .characters ? .characters : .scalars
    }

    /// The `unit` boundaries at or around UTF-8 offset `offset` (a scalar or character boundary), both equal to it
    /// when it is one.
    func boundaries(aroundUTF8 offset: Int, in unit: TextUnit) -> (lower: Int, upper: Int) {
        let count = index(atOffset: offset, in: .utf8)
        let k = self.offset(of: count, in: unit)
        let at = index(atOffset: k, in: unit).utf8Offset
        if at == offset { return (offset, offset) }
        if at < offset {
            return (at, k < counts[unit] ? index(atOffset: k + 1, in: unit).utf8Offset : counts.utf8)
        }
        return (k > 0 ? index(atOffset: k - 1, in: unit).utf8Offset : 0, at)
    }

    /// The UTF-8 offsets of the boundaries at or around a widget's offset `n`: equal when `n` stands on one,
    /// else the boundaries of the scalar (a UTF-8 or UTF-16 offset inside it) around it. `n` must be in bounds.
    func utf8Boundaries(ofWidgetOffset n: Int, in unit: TextUnit) -> (lower: Int, upper: Int) {
        let index = index(atOffset: n, in: unit)
        switch unit {
        case .utf16 where index.isTrailingSurrogate:
            return boundaries(aroundUTF8: index.utf8Offset + 1, in: .scalars)
        case .utf8:
            return boundaries(aroundUTF8: n, in: .scalars)
        default:
            return (index.utf8Offset, index.utf8Offset)
        }
    }

    /// The widget offset of UTF-8 offset `offset`: where the first whole boundary unit at or after it starts (the
    /// offset itself for a scalar boundary in a scalar-aligned unit; for characters, the next character start
    /// when `offset` falls inside one).
    func widgetOffset(ofUTF8 offset: Int, in unit: TextUnit) -> Int {
        let boundary = unit == .characters ? boundaries(aroundUTF8: offset, in: .characters).upper : offset
        return self.offset(of: index(atOffset: boundary, in: .utf8), in: unit)
    }

    /// `range` in the widget's unit.
    func widgetRange(ofUTF8 range: Range<Int>, in unit: TextUnit) -> Range<Int> {
        let lower = widgetOffset(ofUTF8: range.lowerBound, in: unit)
        return lower..<max(lower, widgetOffset(ofUTF8: range.upperBound, in: unit))
    }

}
