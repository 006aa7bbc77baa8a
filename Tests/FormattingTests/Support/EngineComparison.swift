import FormattingTesting
@testable import Formatting
import RichText

/// The two engines the shortcut property tests compare on one definition: one with the shortcuts, and the
/// reference, which takes the general path everywhere.
func enginesWithAndWithoutShortcuts(_ definition: FormattingDefinition) -> (fast: FormattingEngine, reference: FormattingEngine) {
    (FormattingEngine(definition), FormattingEngine(definition, usesFastPaths: false))
}

extension SeededGenerator {
    /// A random stretch of a text `length` scalars long, as scalar offsets: from anywhere (the end too), up to
    /// `maxLength` on, cut at the end.
    mutating func scalarOffsets(in length: Int, maxLength: Int) -> (from: Int, to: Int) {
        let from = int(0...length)
        return (from, Swift.min(length, from + int(0...maxLength)))
    }

    /// A random non-empty stretch of a text `length` scalars long (`length` > 0), as scalar offsets: from any
    /// scalar, 1 to `maxLength` on, cut at the end.
    mutating func nonEmptyScalarOffsets(in length: Int, maxLength: Int) -> (from: Int, to: Int) {
        let from = int(0...(length - 1))
        return (from, Swift.min(length, from + int(1...maxLength)))
    }
}

extension FormattingEngine {
    /// `typingAttributes(at:in:)` on a copy of the whole document: the reference for the probe's answer.
    func typingAttributesByCopy(at index: RichString.Index, in document: RichString) -> AttributeSet {
        var copy = document
        let offset = index.utf8Offset
        apply(.insert("x", at: index), to: &copy)
        var result = AttributeSet.empty
        copy.forEachRun(inUTF8: offset..<(offset + 1)) { _, attributes in result = attributes; return false }
        return result
    }
}
