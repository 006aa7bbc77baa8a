import RichText
import StreamingJSON

/// One attribute a definition file declares: its name as stored in documents, its value type and its behaviour.
public struct AttributeDeclaration: Hashable, Sendable {
    /// The key's name as stored in documents.
    public var name: String
    /// The type of its values.
    public var type: AttributeValueType
    /// How it behaves on edits.
    public var behavior: AttributeBehavior
    /// The file's own words about it, if any.
    public var summary: String?
    /// Where the declaration's name stands in the file.
    public var location: JSONLocation

    /// A declaration.
    public init(name: String, type: AttributeValueType, behavior: AttributeBehavior = .plain,
                summary: String? = nil, location: JSONLocation) {
        self.name = name
        self.type = type
        self.behavior = behavior
        self.summary = summary
        self.location = location
    }

    /// The key as the string and the engine know it.
    public var descriptor: AttributeKeyDescriptor { AttributeKeyDescriptor(name: name, behavior: behavior) }
}
