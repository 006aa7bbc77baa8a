/// A text unit whose elements can be put back into text: characters and Unicode scalars, whose views are
/// writable as Foundation's `CharacterView` and `UnicodeScalarView` are.
public protocol ReplaceableTextUnit: TextUnitKind {
    /// The text made of `elements`, in order.
    static func text<S: Sequence>(of elements: S) -> String where S.Element == Element
}

extension CharacterUnit: ReplaceableTextUnit {
    public static func text<S: Sequence>(of elements: S) -> String where S.Element == Character {
        String(elements)
    }
}

extension ScalarUnit: ReplaceableTextUnit {
    public static func text<S: Sequence>(of elements: S) -> String where S.Element == Unicode.Scalar {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: elements)
        return String(scalars)
    }
}

/// Writing through a character or scalar view edits the string it views: the new elements are plain text,
/// which takes its attributes as typed text does (over a non-empty range, those of the first replaced
/// character; at a caret, those of the character before), with the string's key behaviours enforced, as
/// Foundation's views do.
extension TextUnitView: RangeReplaceableCollection where Kind: ReplaceableTextUnit {
    /// An empty view of an empty string.
    public init() {
        let empty = RichString()
        self.init(base: empty, bounds: empty.startIndex..<empty.endIndex)
    }

    /// Replaces the elements in `subrange` (its bounds rounded down to element starts, as the view's own) with
    /// `newElements`. The view then covers the edited text, and indices made before the edit, up to where it
    /// began, stay usable in the view (`current(_:)`).
    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Index>, with newElements: C) where C.Element == Element {
        let subrange = current(subrange.lowerBound)..<current(subrange.upperBound)
        precondition(subrange.lowerBound >= bounds.lowerBound && subrange.upperBound <= bounds.upperBound, "Range \(subrange) out of bounds")
        let range = base.offsets(of: Kind.roundDown(subrange.lowerBound, in: base)..<Kind.roundDown(subrange.upperBound, in: base))
        let viewed = base.offsets(of: bounds)
        let newText = Kind.text(of: newElements)
        lastEdit = (base.version, range.lowerBound)
        base.replaceSubrange(base.index(utf8: range.lowerBound)..<base.index(utf8: range.upperBound), with: newText)
        let end = viewed.upperBound + newText.utf8.count - range.count
        bounds = base.index(utf8: viewed.lowerBound)..<base.index(utf8: end)
    }

    /// Removes every element; the string keeps the text outside the view.
    public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
        replaceSubrange(bounds, with: EmptyCollection())
    }

    /// Removes the elements that match, as one edit of the string per stretch removed (last first), without
    /// rebuilding the view.
    public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
        // UTF-8 offsets, not indices: each edit gives the string a new version.
        var removed: [Range<Int>] = []
        var i = startIndex
        while i < endIndex {
            let next = index(after: i)
            if try shouldBeRemoved(self[i]) {
                if let last = removed.last, last.upperBound == i.utf8Offset {
                    removed[removed.count - 1] = last.lowerBound..<next.utf8Offset
                } else {
                    removed.append(i.utf8Offset..<next.utf8Offset)
                }
            }
            i = next
        }
        for range in removed.reversed() {
            replaceSubrange(base.index(utf8: range.lowerBound)..<base.index(utf8: range.upperBound), with: EmptyCollection())
        }
    }
}
