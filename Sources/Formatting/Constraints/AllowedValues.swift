import RichText

/// Only the listed values may stand; anything else becomes the default (nil: removed). SwiftUI's
/// `ValueConstraint(for:values:default:)`.
public struct AllowedValues: ValueConstraint {
    public let name: String
    public let key: AttributeKeyDescriptor
    /// The values allowed.
    public let values: [AttributeValue]
    /// What a value outside the list becomes; nil removes it.
    public let defaultValue: AttributeValue?
    /// `values` for O(1) membership, so a long list costs nothing per run.
    private let allowed: Set<AttributeValue>

    /// A constraint allowing `values` for `key`.
    public init(_ name: String? = nil, for key: AttributeKeyDescriptor, values: [AttributeValue], default defaultValue: AttributeValue?) {
        self.name = name ?? "\(key.name)-allowed-values"
        self.key = key
        self.values = values
        self.defaultValue = defaultValue
        allowed = Set(values)
    }

    public func constrain(_ attributes: inout ConstrainedAttributes) {
        guard let value = attributes.value else { return }
        if !allowed.contains(value) { attributes.value = defaultValue }
    }
}

/// A numeric value is clamped into `lower...upper`; a value of another kind is removed.
public struct Clamp: ValueConstraint {
    public let name: String
    public let key: AttributeKeyDescriptor
    /// The smallest value kept.
    public let lower: Double?
    /// The largest value kept.
    public let upper: Double?

    /// A clamp of `key` to `lower...upper` (either side may be open).
    public init(_ name: String? = nil, for key: AttributeKeyDescriptor, lower: Double?, upper: Double?) {
        self.name = name ?? "\(key.name)-clamp"
        self.key = key
        self.lower = lower
        self.upper = upper
    }

    public func constrain(_ attributes: inout ConstrainedAttributes) {
        switch attributes.value {
        case nil:
            return
        case .integer(let v):
            var clamped = Double(v)
            if let lower { clamped = max(clamped, lower) }
            if let upper { clamped = min(clamped, upper) }
            if clamped != Double(v) {
                attributes.value = clamped == clamped.rounded() ? .integer(Int(clamped)) : .number(clamped)
            }
        case .number(let v):
            var clamped = v
            if let lower { clamped = max(clamped, lower) }
            if let upper { clamped = min(clamped, upper) }
            if clamped != v { attributes.value = .number(clamped) }
        default:
            attributes.value = nil
        }
    }
}
