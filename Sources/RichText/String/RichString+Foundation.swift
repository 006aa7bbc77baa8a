import Foundation

/// The keys that both a `RichString` and Foundation's `AttributedString` know, for converting between them.
///
/// ```swift
/// let bridge = FoundationAttributeBridge([.key(IngredientKey.self), .key(AttributeScopes.FoundationAttributes.LinkAttribute.self)])
/// let rich = RichString(foundation, bridge: bridge)
/// ```
public struct FoundationAttributeBridge: Sendable {
    /// One bridged key.
    public struct Key: Sendable {
        /// The name used on both sides.
        public let name: String
        /// Our behaviour for the key.
        public let behavior: AttributeBehavior
        let read: @Sendable (AttributedString.Runs.Run) -> AttributeValue?
        let write: @Sendable (inout AttributeContainer, AttributeValue) -> Void
        let foundationKeyType: Any.Type

        /// A Foundation key whose values convert to ours. The behaviour is read from the Foundation key, except
        /// that a `.character` run boundary and `attributeChanged` conditions must be given in `behavior`.
        public static func key<K: AttributedStringKey>(
            _ key: K.Type, behavior: AttributeBehavior? = nil
        ) -> Key where K.Value: AttributeValueConvertible {
            var derived = AttributeBehavior(inheritedByAddedText: K.inheritedByAddedText)
            if K.invalidationConditions?.contains(.textChanged) == true {
                derived.invalidationConditions.insert(.textChanged)
            }
            if K.runBoundaries == .paragraph { derived.runBoundaries = .paragraph }
            return Key(
                name: K.name,
                behavior: behavior ?? derived,
                read: { run in run[K.self]?.attributeValue },
                write: { container, value in
                    if let typed = K.Value(attributeValue: value) { container[K.self] = typed }
                },
                foundationKeyType: K.self)
        }
    }

    /// The bridged keys.
    public let keys: [Key]

    /// A bridge of the given keys.
    public init(_ keys: [Key]) { self.keys = keys }
}

extension RichString {
    /// A rich string with the text of `attributed` and the bridged keys' values. Keys the bridge does not name
    /// are left behind. The result goes through the behaviour fix-up; `converting(_:bridge:)` also says what it
    /// changed.
    public init(_ attributed: AttributedString, bridge: FoundationAttributeBridge) {
        self = RichString.converting(attributed, bridge: bridge).0
    }

    /// A rich string from Foundation's, as `init(_:bridge:)`, also returning what the behaviour fix-up changed
    /// (a paragraph-bound key that varied inside a paragraph, say): outside data is never fixed silently.
    public static func converting(_ attributed: AttributedString, bridge: FoundationAttributeBridge) -> (RichString, [AttributeAdjustment]) {
        var runs: [AttributeRun] = []
        var text = ""
        for run in attributed.runs {
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: attributed.unicodeScalars[run.range])
            let piece = String(scalars)
            text += piece
            var entries: [AttributeEntry] = []
            for key in bridge.keys {
                if let value = key.read(run) { entries.append(AttributeEntry(name: key.name, value: value, behavior: key.behavior)) }
            }
            runs.append(AttributeRun(utf8Count: piece.utf8.count, attributes: AttributeSet(entries)))
        }
        var result = RichString(text: TextRope(text), runs: runs)
        let adjustments = result.enforceBehaviors()
        return (result, adjustments)
    }
}

extension AttributedString {
    /// Foundation's attributed string with the text of `rich` and the values of the bridged keys.
    public init(_ rich: RichString, bridge: FoundationAttributeBridge) {
        self.init()
        var position = 0
        rich.runStore.rope.forEach { _, run in
            let piece = rich.text.string(in: position..<(position + run.utf8Count))
            position += run.utf8Count
            var container = AttributeContainer()
            for key in bridge.keys {
                if let value = run.attributes[key.name] { key.write(&container, value) }
            }
            self.append(AttributedString(piece, attributes: container))
            return true
        }
    }
}

extension FoundationAttributeBridge {
    /// This bridge with each key named in `descriptors` taking that descriptor's behaviour: what a reader for a
    /// formatting definition uses, so the converted string carries the definition's behaviours (the definition
    /// owns them, whatever the Foundation key declares). Keys not named keep theirs; names the bridge does not
    /// know are not added.
    public func adoptingBehaviors(of descriptors: [AttributeKeyDescriptor]) -> FoundationAttributeBridge {
        var behaviors: [String: AttributeBehavior] = [:]
        for descriptor in descriptors where behaviors[descriptor.name] == nil { behaviors[descriptor.name] = descriptor.behavior }
        return FoundationAttributeBridge(keys.map { key in
            guard let behavior = behaviors[key.name], behavior != key.behavior else { return key }
            return Key(name: key.name, behavior: behavior, read: key.read, write: key.write, foundationKeyType: key.foundationKeyType)
        })
    }
}
