import DefinitionFiles
import Foundation
import RichText

extension ValuePool {
    /// A pool for a definition file: the values its constraints mention, then values of each attribute's
    /// declared type (a `bool` gets `true` and `false`, an `enum` its cases and one that is not, a `color` a few
    /// colours), then a few of every common kind for the wrong-typed edits.
    public init(for loaded: LoadedDefinition) {
        var extra: [String: [AttributeValue]] = [:]
        for declaration in loaded.orderedAttributes {
            extra[declaration.name] = ValuePool.values(of: declaration.type)
        }
        self.init(for: loaded.definition, extra: extra)
    }

    /// Values of a definition file's declared type.
    public static func values(of type: AttributeValueType) -> [AttributeValue] {
        switch type {
        case .string: return ValuePool.values(of: String.self)
        case .integer: return ValuePool.values(of: Int.self)
        case .number: return ValuePool.values(of: Double.self)
        case .bool: return ValuePool.values(of: Bool.self)
        case .color: return ValuePool.values(of: RichColor.self) + [.color(RichColor(hex: "#34C759")!)]
        case .url: return ValuePool.values(of: URL.self)
        case .enumeration(let cases): return cases.prefix(4).map { .string($0) } + [.string("not-a-case")]
        case .imageGlyph: return ValuePool.values(of: ImageGlyphReference.self)
        }
    }
}
