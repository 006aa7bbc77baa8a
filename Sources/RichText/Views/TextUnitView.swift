/// One unit of text that a view steps through: what an element is and how far one element reaches.
public protocol TextUnitKind: Sendable {
    /// The element the view yields.
    associatedtype Element
    /// The unit the view counts in.
    static var unit: TextUnit { get }
    /// The element at `index`.
    static func element(of base: RichString, at index: RichString.Index) -> Element
    /// The index after `index`.
    static func index(of base: RichString, after index: RichString.Index) -> RichString.Index
    /// The index before `index`.
    static func index(of base: RichString, before index: RichString.Index) -> RichString.Index
    /// `index` moved down to the start of the element holding it, so that a view's bounds never cut an element.
    static func roundDown(_ index: RichString.Index, in base: RichString) -> RichString.Index
}

extension TextUnitKind {
    /// Every index already starts an element of this unit.
    public static func roundDown(_ index: RichString.Index, in base: RichString) -> RichString.Index { index }
}

/// A view of a rich string (or a slice of one) as a bidirectional collection of one text unit.
///
/// Every view uses `RichString.Index`. Offsetting and distance are O(log n) in every unit, through the
/// rope's cached counts; Foundation on Linux walks character offsets linearly.
///
/// A view's bounds are rounded down to the start of the element holding them, as Foundation rounds its
/// `AttributedString` views: the characters of a run that ends inside "é" (e + U+0301) stop before the "é",
/// and those of the run holding only its accent are the whole "é". So slicing never cuts an element, and
/// stepping from the start always lands on the end.
public struct TextUnitView<Kind: TextUnitKind>: BidirectionalCollection, Sendable {
    public typealias Index = RichString.Index
    public typealias Element = Kind.Element

    /// The string viewed.
    public internal(set) var base: RichString
    /// The viewed bounds.
    public internal(set) var bounds: Range<Index>
    /// Identifies the in-place access that made this view (`text.characters.append(…)`), to refuse replacing it
    /// by a view from elsewhere, as Foundation does.
    var accessIdentity: UInt64 = 0
    /// The version of `base` before this view's last own edit, and the UTF-8 offset where that edit began (see
    /// `current(_:)`).
    var lastEdit: (version: UInt64, start: Int)?

    init(base: RichString, bounds: Range<Index>) {
        self.base = base
        self.bounds = Kind.roundDown(bounds.lowerBound, in: base)..<Kind.roundDown(bounds.upperBound, in: base)
    }

    public var startIndex: Index { bounds.lowerBound }
    public var endIndex: Index { bounds.upperBound }

    public subscript(position: Index) -> Element { element(at: position) }

    /// The elements within `range`, its bounds rounded down like the view's own. Writable in character and
    /// scalar views (`TextUnitView+ElementWrites.swift`).
    public subscript(range: Range<Index>) -> Slice<TextUnitView> { slice(range) }

    /// The element at `position`, which must lie in the view.
    func element(at position: Index) -> Element {
        let position = current(position)
        precondition(position >= bounds.lowerBound && position < bounds.upperBound, "Index \(position) out of bounds")
        _ = base.offset(of: position)
        return Kind.element(of: base, at: position)
    }

    /// The elements within `range`, which must lie in the view.
    func slice(_ range: Range<Index>) -> Slice<TextUnitView> {
        let range = current(range.lowerBound)..<current(range.upperBound)
        precondition(range.lowerBound >= bounds.lowerBound && range.upperBound <= bounds.upperBound, "Range \(range) out of bounds")
        let view = TextUnitView(base: base, bounds: range)
        return Slice(base: view, bounds: view.bounds)
    }

    /// `index` as this version of the string names it. An index made before the view's own last edit, at or
    /// before where that edit began, still names the same place, as `String`'s and Foundation's views keep such
    /// indices: the algorithms of `RangeReplaceableCollection` and `Slice` step from them after an edit. Any
    /// other index is returned as it is (and traps where it is used, if stale).
    @inline(__always)
    func current(_ index: Index) -> Index {
        guard index.version != base.version, let edit = lastEdit, index.version == edit.version,
              index.utf8Offset <= edit.start else { return index }
        return base.index(utf8: index.utf8Offset, trailingSurrogate: index.isTrailingSurrogate)
    }

    public func index(after i: Index) -> Index {
        precondition(i < bounds.upperBound, "Cannot advance past endIndex")
        return Swift.min(Kind.index(of: base, after: i), bounds.upperBound)
    }

    public func index(before i: Index) -> Index {
        precondition(i > bounds.lowerBound, "Cannot move before startIndex")
        return Swift.max(Kind.index(of: base, before: i), bounds.lowerBound)
    }

    public var count: Int { base.distance(from: bounds.lowerBound, to: bounds.upperBound, in: Kind.unit) }

    public var isEmpty: Bool { bounds.isEmpty }

    public func index(_ i: Index, offsetBy distance: Int) -> Index {
        let result = base.index(current(i), offsetBy: distance, in: Kind.unit)
        precondition(result >= bounds.lowerBound && result <= bounds.upperBound, "Offset \(distance) out of bounds")
        return result
    }

    public func index(_ i: Index, offsetBy distance: Int, limitedBy limit: Index) -> Index? {
        let start = base.offset(of: current(i), in: Kind.unit)
        let target = start + distance
        let limitOffset = base.offset(of: current(limit), in: Kind.unit)
        if distance >= 0 ? (limitOffset >= start && target > limitOffset) : (limitOffset <= start && target < limitOffset) {
            return nil
        }
        let lower = base.offset(of: bounds.lowerBound, in: Kind.unit)
        let upper = base.offset(of: bounds.upperBound, in: Kind.unit)
        guard target >= lower, target <= upper else { return nil }
        return base.index(atOffset: target, in: Kind.unit)
    }

    public func distance(from start: Index, to end: Index) -> Int {
        base.distance(from: current(start), to: current(end), in: Kind.unit)
    }
}

/// Grapheme clusters.
public enum CharacterUnit: TextUnitKind {
    public static var unit: TextUnit { .characters }
    public static func element(of base: RichString, at index: RichString.Index) -> Character {
        base.text.character(at: base.text.roundDownToCharacter(index.utf8Offset))
    }
    public static func index(of base: RichString, after index: RichString.Index) -> RichString.Index {
        base.index(utf8: base.text.characterBoundary(after: base.text.roundDownToCharacter(index.utf8Offset)))
    }
    public static func index(of base: RichString, before index: RichString.Index) -> RichString.Index {
        base.index(utf8: base.text.characterBoundary(before: index.utf8Offset))
    }
    public static func roundDown(_ index: RichString.Index, in base: RichString) -> RichString.Index {
        let start = base.text.roundDownToCharacter(base.offset(of: index))
        return start == index.utf8Offset ? index : base.index(utf8: start)
    }
}

/// Unicode scalars.
public enum ScalarUnit: TextUnitKind {
    public static var unit: TextUnit { .scalars }
    public static func element(of base: RichString, at index: RichString.Index) -> Unicode.Scalar {
        base.text.scalar(at: index.utf8Offset)
    }
    public static func index(of base: RichString, after index: RichString.Index) -> RichString.Index {
        base.index(utf8: index.utf8Offset + base.text.scalarLength(at: index.utf8Offset))
    }
    public static func index(of base: RichString, before index: RichString.Index) -> RichString.Index {
        base.index(utf8: base.text.scalarStart(before: index.utf8Offset))
    }
}

/// UTF-8 code units.
public enum UTF8Unit: TextUnitKind {
    public static var unit: TextUnit { .utf8 }
    public static func element(of base: RichString, at index: RichString.Index) -> UInt8 {
        base.text.byte(at: index.utf8Offset)
    }
    public static func index(of base: RichString, after index: RichString.Index) -> RichString.Index {
        base.index(utf8: index.utf8Offset + 1)
    }
    public static func index(of base: RichString, before index: RichString.Index) -> RichString.Index {
        base.index(utf8: index.utf8Offset - 1)
    }
}

/// UTF-16 code units; a scalar outside the BMP is two positions, the second flagged as a trailing surrogate.
public enum UTF16Unit: TextUnitKind {
    public static var unit: TextUnit { .utf16 }
    public static func element(of base: RichString, at index: RichString.Index) -> UInt16 {
        let scalar = base.text.scalar(at: index.utf8Offset)
        let units = Array(String(scalar).utf16)
        return index.isTrailingSurrogate ? units[1] : units[0]
    }
    public static func index(of base: RichString, after index: RichString.Index) -> RichString.Index {
        let length = base.text.scalarLength(at: index.utf8Offset)
        if length == 4 && !index.isTrailingSurrogate {
            return base.index(utf8: index.utf8Offset, trailingSurrogate: true)
        }
        return base.index(utf8: index.utf8Offset + length)
    }
    public static func index(of base: RichString, before index: RichString.Index) -> RichString.Index {
        if index.isTrailingSurrogate { return base.index(utf8: index.utf8Offset) }
        let start = base.text.scalarStart(before: index.utf8Offset)
        return base.index(utf8: start, trailingSurrogate: index.utf8Offset - start == 4)
    }
}

/// The characters of a rich string.
public typealias RichCharacterView = TextUnitView<CharacterUnit>
/// The Unicode scalars of a rich string.
public typealias RichUnicodeScalarView = TextUnitView<ScalarUnit>
/// The UTF-8 code units of a rich string.
public typealias RichUTF8View = TextUnitView<UTF8Unit>
/// The UTF-16 code units of a rich string.
public typealias RichUTF16View = TextUnitView<UTF16Unit>

extension RichString {
    /// The text as grapheme clusters. Writable, as Foundation's `characters`: text put in through it is plain
    /// text and takes its attributes as typing does (`replaceSubrange(_:with:)` with a `String`).
    public var characters: RichCharacterView {
        get { RichCharacterView(base: self, bounds: startIndex..<endIndex) }
        _modify {
            var view = RichCharacterView(base: self, bounds: startIndex..<endIndex)
            let identity = lend(to: &view)
            defer { self = view.returned(from: identity, "A character view was replaced by one from a different string") }
            yield &view
        }
        set { replaceSubrange(startIndex..<endIndex, with: String(newValue)) }
    }

    /// The text as Unicode scalars. Writable, as Foundation's `unicodeScalars` (see `characters`).
    public var unicodeScalars: RichUnicodeScalarView {
        get { RichUnicodeScalarView(base: self, bounds: startIndex..<endIndex) }
        _modify {
            var view = RichUnicodeScalarView(base: self, bounds: startIndex..<endIndex)
            let identity = lend(to: &view)
            defer { self = view.returned(from: identity, "A Unicode scalar view was replaced by one from a different string") }
            yield &view
        }
        set { replaceSubrange(startIndex..<endIndex, with: ScalarUnit.text(of: newValue)) }
    }

    /// The text as UTF-8 code units.
    public var utf8: RichUTF8View { RichUTF8View(base: self, bounds: startIndex..<endIndex) }
    /// The text as UTF-16 code units.
    public var utf16: RichUTF16View { RichUTF16View(base: self, bounds: startIndex..<endIndex) }
}

extension TextUnitView: RichStringLoan {}
