/// Where characters, words and paragraph separators lie in a text, in Unicode scalar offsets: what
/// `deleteBackward` removes (`ScriptStep.lowered(selection:in:)`), and what a step generator needs to delete a
/// character or a word, or merge two paragraphs.
public struct TextGeometry: Sendable {
    /// Scalar offsets of every character boundary, 0 and the end included.
    public var characterBoundaries: [Int] = [0]
    /// Scalar offsets where a word starts.
    public var wordStarts: [Int] = []
    /// The scalar ranges of paragraph separators (LF, CR, CRLF, U+2029).
    public var separators: [Range<Int>] = []
    /// The number of scalars.
    public var scalarCount = 0

    /// The geometry of `text`.
    public init(_ text: String) {
        var offset = 0
        var previousWasWord = false
        for character in text {
            let count = character.unicodeScalars.count
            let isWord = character.isLetter || character.isNumber
            if isWord && !previousWasWord { wordStarts.append(offset) }
            previousWasWord = isWord
            if character == "\n" || character == "\r" || character == "\r\n" || character == "\u{2029}" {
                separators.append(offset..<(offset + count))
            }
            offset += count
            characterBoundaries.append(offset)
        }
        scalarCount = offset
    }

    /// The character boundary at or before `offset`.
    public func boundary(atOrBefore offset: Int) -> Int { characterBoundaries.last { $0 <= offset } ?? 0 }

    /// The character boundary strictly before `offset`, or nil at the start.
    public func boundary(before offset: Int) -> Int? { characterBoundaries.last { $0 < offset } }

    /// The start of the word before `offset` (skipping spaces first), as Option-Backspace deletes.
    public func wordStart(before offset: Int) -> Int { wordStarts.last { $0 < offset } ?? 0 }
}
