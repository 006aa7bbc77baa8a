import RichText

// The values of the standard paragraph attributes whose values are names, spelled once: the RTF reader and writer
// and the HTML exporter all map from these.

extension StandardAttributes {
    /// The values of `alignment` (Foundation's `NSTextAlignment` cases, by name), stored as `.string(rawValue)`
    /// (`AttributeValueConvertible`'s default for string-backed enumerations).
    public enum Alignment: String, CaseIterable, Sendable, AttributeValueConvertible {
        case left, center, right, justified, natural
    }

    /// The values of `writingDirection` (Foundation's `NSWritingDirection` cases, by name), stored as
    /// `.string(rawValue)`.
    public enum WritingDirection: String, CaseIterable, Sendable, AttributeValueConvertible {
        case leftToRight, rightToLeft, natural
    }
}
