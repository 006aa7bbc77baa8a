import Formatting
import RichText
import RichTextFormats
import StreamingJSON

// Readers for a formatting definition: the definition owns the behaviours of the keys in its scope (DESIGN §3),
// so a document read for it carries them from the start. The readers live a layer below the definitions and
// take the scope's descriptors (`adoptingBehaviors(of:)`); these entry points, in the module that sees both,
// take the definition itself.

extension NativeJSONSchema {
    /// The schema of a reader for `definition`: `base`'s keys and codecs, with every key of the definition's
    /// scope carrying the behaviour the definition declares (`adoptingBehaviors(of: definition.scope)`).
    public init(definition: FormattingDefinition, base: NativeJSONSchema = .standard) {
        self = base.adoptingBehaviors(of: definition.scope)
    }
}

extension NativeJSONDecoder {
    /// A decoder whose documents carry `definition`'s behaviours: `NativeJSONSchema(definition:base:)`.
    public init(definition: FormattingDefinition, base: NativeJSONSchema = .standard,
                limits: JSONReader.Limits = JSONReader.Limits(maxDepth: 256)) {
        self.init(schema: NativeJSONSchema(definition: definition, base: base), limits: limits)
    }
}

extension RTFReader {
    /// A reader whose documents carry `definition`'s behaviours for the keys of its scope.
    public init(definition: FormattingDefinition, limits: Limits = Limits()) {
        self.init(limits: limits, adoptingBehaviorsOf: definition.scope)
    }
}
