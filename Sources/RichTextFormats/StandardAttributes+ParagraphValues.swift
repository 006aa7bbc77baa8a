import RichText

// The values of the standard paragraph attributes whose values are names, spelled once: the RTF reader and writer
// and the HTML exporter all map from these.

extension StandardAttributes {
    /// The values of `alignment` (Foundation's `NSTextAlignment` cases, by name), stored as `.string(rawValue)`.
    public enum Alignment: String, CaseIterable, Sendable, AttributeValueConvertible {
        case left, center, right, justified, natural

        /// `.string(rawValue)`.
        public var attributeValue: AttributeValue { .string(rawValue) }

        /// The alignment a stored value names; nil for any other value.
        public init?(attributeValue: AttributeValue) {
            guard case .string(let name) = attributeValue else { return nil }
            self.init(rawValue: name)
        }
    }

    /// The values of `writingDirection` (Foundation's `NSWritingDirection` cases, by name), stored as
    /// `.string(rawValue)`.
    public enum WritingDirection: String, CaseIterable, Sendable, AttributeValueConvertible {
        case leftToRight, rightToLeft, natural

        /// `.string(rawValue)`.
        public var attributeValue: AttributeValue { .string(rawValue) }

        /// The direction a stored value names; nil for any other value.
        public init?(attributeValue: AttributeValue) {
            guard case .string(let name) = attributeValue else { return nil }
            self.init(rawValue: name)
        }
    }
}
