import RichText

/// The keys a native JSON reader knows: for each name, the key's descriptor (its behaviour) and how its value
/// is read. Keys not in the schema are kept as plain JSON (`AttributeValueCodec.json`) with no behaviour.
public struct NativeJSONSchema: Sendable {
    /// One known key.
    public struct Key: Sendable, Hashable {
        /// The key's name and behaviour.
        public var descriptor: AttributeKeyDescriptor
        /// How its value is read.
        public var codec: AttributeValueCodec

        /// A known key.
        public init(_ descriptor: AttributeKeyDescriptor, codec: AttributeValueCodec) {
            self.descriptor = descriptor
            self.codec = codec
        }
    }

    /// The known keys by name.
    public private(set) var keys: [String: Key] = [:]

    /// A schema of `keys`; a later key of the same name wins.
    public init(_ keys: [Key] = []) {
        for key in keys { self.keys[key.descriptor.name] = key }
    }

    /// The known key named `name`.
    public subscript(name: String) -> Key? { keys[name] }

    /// The key for `name`: the known one, or a plain-JSON key with no behaviour.
    public func key(named name: String) -> Key {
        keys[name] ?? Key(AttributeKeyDescriptor(name: name), codec: .json)
    }

    /// This schema with `key` added (replacing a key of the same name).
    public func adding(_ key: Key) -> NativeJSONSchema {
        var copy = self
        copy.keys[key.descriptor.name] = key
        return copy
    }

    /// This schema with every key of `other` added, `other` winning.
    public func merging(_ other: NativeJSONSchema) -> NativeJSONSchema {
        var copy = self
        for (name, key) in other.keys { copy.keys[name] = key }
        return copy
    }

    /// This schema with each key named in `descriptors` carrying that descriptor's behaviour: the schema of a
    /// reader for a formatting definition (`NativeJSONSchema.standard.adoptingBehaviors(of: definition.scope)`),
    /// whose keys then load with the behaviours the definition owns, whatever this schema gave them. A key the
    /// schema knows keeps its codec; a name it does not know is added, read as plain JSON. The first descriptor
    /// of a name wins, as in a definition's scope.
    public func adoptingBehaviors(of descriptors: [AttributeKeyDescriptor]) -> NativeJSONSchema {
        var copy = self
        var seen: Set<String> = []
        for descriptor in descriptors where seen.insert(descriptor.name).inserted {
            copy.keys[descriptor.name] = Key(descriptor, codec: keys[descriptor.name]?.codec ?? .json)
        }
        return copy
    }

    /// Foundation's own keys that have a Codable encoding on every platform: `NSLink` (a URL).
    public static let foundation = NativeJSONSchema([Key(StandardAttributes.foundationLink, codec: .url)])

    /// Foundation's keys and the `StandardAttributes` names with their behaviours.
    public static let standard = NativeJSONSchema([
        Key(StandardAttributes.foundationLink, codec: .url),
        Key(StandardAttributes.bold, codec: .bool),
        Key(StandardAttributes.italic, codec: .bool),
        Key(StandardAttributes.underline, codec: .bool),
        Key(StandardAttributes.strikethrough, codec: .bool),
        Key(StandardAttributes.foregroundColor, codec: .color),
        Key(StandardAttributes.backgroundColor, codec: .color),
        Key(StandardAttributes.font, codec: .string),
        Key(StandardAttributes.fontSize, codec: .number),
        Key(StandardAttributes.link, codec: .url),
        Key(StandardAttributes.alignment, codec: .string),
        Key(StandardAttributes.writingDirection, codec: .string),
        Key(StandardAttributes.adaptiveImageGlyph, codec: .imageGlyph),
    ])
}
