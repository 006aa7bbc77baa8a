/// The values of an enum attribute type, in the order the definition lists them, with O(1) membership.
///
/// Definitions and documents ask "is this one of the values?" once per value they mention; with the values
/// in an array alone, an enum of n values made loading (and typing a document against it) cost n².
public struct EnumerationValues: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// The values in order, each once.
    public let elements: [String]
    private let members: Set<String>

    /// The values, in order; a repeat is kept once, where it first appears.
    public init(_ values: [String]) {
        var members: Set<String> = []
        members.reserveCapacity(values.count)
        elements = values.filter { members.insert($0).inserted }
        self.members = members
    }

    public init(arrayLiteral values: String...) {
        self.init(values)
    }

    public var startIndex: Int { elements.startIndex }
    public var endIndex: Int { elements.endIndex }
    public subscript(position: Int) -> String { elements[position] }

    /// Whether `value` is one of the values, in O(1).
    public func contains(_ value: String) -> Bool { members.contains(value) }

    public static func == (lhs: EnumerationValues, rhs: EnumerationValues) -> Bool { lhs.elements == rhs.elements }
    public func hash(into hasher: inout Hasher) { hasher.combine(elements) }

    public var description: String { elements.description }
}
