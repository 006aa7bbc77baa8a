import RichText

/// The attributes of one run as a value constraint sees them: every key can be read, only the owned key written.
public struct ConstrainedAttributes: Sendable {
    /// The run's attributes, with what earlier constraints produced.
    public private(set) var attributes: AttributeSet
    /// The key the running constraint owns.
    public let owned: AttributeKeyDescriptor

    init(attributes: AttributeSet, owned: AttributeKeyDescriptor) {
        self.attributes = attributes
        self.owned = owned
    }

    /// The value of any key, by name.
    public subscript(name: String) -> AttributeValue? { attributes[name] }

    /// The typed value of any key.
    public subscript<K: RichAttributeKey>(key: K.Type) -> K.Value? { attributes[K.self] }

    /// The owned key's value; setting it (nil removes) is the constraint's output.
    public var value: AttributeValue? {
        get { attributes[owned.name] }
        set {
            guard newValue != attributes[owned.name] else { return }
            attributes = attributes.setting(owned.name, to: newValue, behavior: owned.behavior)
        }
    }
}

/// A rule that owns one key and decides its value from the run's attributes, in the shape of SwiftUI's
/// `AttributedTextValueConstraint`.
///
/// Constraints run in order; each sees what earlier ones produced. To keep normalisation idempotent a
/// constraint must be a function of the keys it declares in `reads` (and of its own key's current value).
public protocol ValueConstraint: Sendable {
    /// The rule's name, used in reports ("IngredientsAreGreen").
    var name: String { get }
    /// The key this constraint owns: the only one it writes.
    var key: AttributeKeyDescriptor { get }
    /// The other keys it reads. Building a definition checks that none of them is written by a later constraint.
    var reads: Set<String> { get }
    /// Decides the owned key's value for one run.
    func constrain(_ attributes: inout ConstrainedAttributes)
}

extension ValueConstraint {
    public var reads: Set<String> { [] }
}

/// A constraint written as a closure, for definitions built in Swift. The closure must be a pure function of
/// the run's attributes: the engine remembers its answer for each distinct attribute set.
public struct CustomConstraint: ValueConstraint {
    public let name: String
    public let key: AttributeKeyDescriptor
    public let reads: Set<String>
    let body: @Sendable (inout ConstrainedAttributes) -> Void

    /// A constraint named `name` that owns `key`, reads `reads`, and runs `body` on each run.
    public init(_ name: String, owns key: AttributeKeyDescriptor, reads: Set<String> = [],
                _ body: @escaping @Sendable (inout ConstrainedAttributes) -> Void) {
        self.name = name
        self.key = key
        self.reads = reads
        self.body = body
    }

    public func constrain(_ attributes: inout ConstrainedAttributes) { body(&attributes) }
}
