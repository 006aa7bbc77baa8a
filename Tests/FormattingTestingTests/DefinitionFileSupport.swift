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

    /// A value pool for a loaded file: the constraints' values plus values of each declared type.
    static func values(for loaded: LoadedDefinition) -> ValuePool { ValuePool(for: loaded) }
}
