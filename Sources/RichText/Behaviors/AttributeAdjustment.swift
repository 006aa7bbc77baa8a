/// A change the string made on its own while enforcing key behaviours, so editors can show it and linters can
/// report it.
public struct AttributeAdjustment: Hashable, Sendable, CustomStringConvertible {
    /// Which behaviour made the change.
    public enum Cause: Hashable, Sendable, CustomStringConvertible {
        /// Text changed inside a stretch of a key invalidated by `textChanged`.
        case textChanged
        /// The named key really changed where this key depends on it.
        case attributeChanged(String)
        /// A paragraph-bound key was made constant over its paragraph.
        case paragraphBoundary
        /// A character-bound key was removed from text that is not its character.
        case characterBoundary

        /// A stable identifier for reports: `text-changed`, `attribute-changed`, `paragraph-boundary`,
        /// `character-boundary`.
        public var identifier: String {
            switch self {
            case .textChanged: return "text-changed"
            case .attributeChanged: return "attribute-changed"
            case .paragraphBoundary: return "paragraph-boundary"
            case .characterBoundary: return "character-boundary"
            }
        }

        /// The identifier, with the key depended on for `attributeChanged` (`attribute-changed(color)`): one
        /// spelling of each cause in reports, descriptions and `identifier`.
        public var description: String {
            switch self {
            case .attributeChanged(let key): return "\(identifier)(\(key))"
            default: return identifier
            }
        }

        /// The cause `description` spells; nil for any other text.
        public init?(description: String) {
            switch description {
            case "text-changed": self = .textChanged
            case "paragraph-boundary": self = .paragraphBoundary
            case "character-boundary": self = .characterBoundary
            default:
                let prefix = "attribute-changed("
                guard description.hasPrefix(prefix), description.hasSuffix(")"), description.count > prefix.count else { return nil }
                self = .attributeChanged(String(description.dropFirst(prefix.count).dropLast()))
            }
        }
    }

    /// The behaviour that made the change.
    public var cause: Cause
    /// Where, in UTF-8 offsets of the string after the mutation.
    public var utf8Range: Range<Int>
    /// The key changed.
    public var key: String
    /// Its value before.
    public var oldValue: AttributeValue?
    /// Its value after (nil: removed).
    public var newValue: AttributeValue?

    /// An adjustment.
    public init(cause: Cause, utf8Range: Range<Int>, key: String, oldValue: AttributeValue?, newValue: AttributeValue?) {
        self.cause = cause
        self.utf8Range = utf8Range
        self.key = key
        self.oldValue = oldValue
        self.newValue = newValue
    }

    public var description: String {
        "\(cause) \(key) [\(utf8Range.lowerBound), \(utf8Range.upperBound)): \(oldValue.map { "\($0)" } ?? "nil") -> \(newValue.map { "\($0)" } ?? "nil")"
    }
}

extension AttributeAdjustment {
    /// Where, as indices of `document` (the string right after the mutation that made the adjustment).
    public func range(in document: RichString) -> Range<RichString.Index> { document.range(of: self) }
}

extension RichString {
    /// The range of an adjustment as indices of this string (valid right after the mutation that made it).
    public func range(of adjustment: AttributeAdjustment) -> Range<Index> {
        index(utf8: adjustment.utf8Range.lowerBound)..<index(utf8: adjustment.utf8Range.upperBound)
    }
}
