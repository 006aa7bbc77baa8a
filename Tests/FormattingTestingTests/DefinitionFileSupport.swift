import Foundation
import FormatCheck
import Formatting
import FormattingTesting
import RichText

/// The shipped definition files, loaded through FormatCheck, with sample values per declared type.
enum ShippedDefinitions {
    /// `Definitions/` of this package.
    static var directory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Definitions")
    }

    /// Every `*.json` definition file except the schema, by file name.
    static func all() throws -> [(name: String, loaded: LoadedDefinition)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.sorted()
        return try names.map { name in
            let bytes = try [UInt8](Data(contentsOf: directory.appendingPathComponent(name)))
            switch DefinitionFile.parse(bytes: bytes, fileName: name) {
            case .success(let loaded): return (name, loaded)
            case .failure(let problems): throw problems
            }
        }
    }

    /// A value pool for a loaded file: the constraints' values plus samples of each declared type.
    static func values(for loaded: LoadedDefinition) -> ValuePool {
        var extra: [String: [AttributeValue]] = [:]
        for declaration in loaded.orderedAttributes {
            extra[declaration.name] = samples(of: declaration.type)
        }
        return ValuePool(for: loaded.definition, extra: extra)
    }

    static func samples(of type: AttributeValueType) -> [AttributeValue] {
        switch type {
        case .string: return [.string("milk"), .string("flour")]
        case .integer: return [.integer(0), .integer(1), .integer(3), .integer(100)]
        case .number: return [.number(0.5), .number(12), .number(-1)]
        case .bool: return [.bool(true), .bool(false)]
        case .color: return [.color(RichColor(red: 1, green: 0, blue: 0)), .color(RichColor(hex: "#34C759")!)]
        case .url: return [.url(URL(string: "https://example.com")!)]
        case .enumeration(let cases): return cases.prefix(4).map { .string($0) } + [.string("not-a-case")]
        case .imageGlyph: return [.imageGlyph(ImageGlyphReference(contentIdentifier: "ID1", contentDescription: "cat"))]
        }
    }
}
