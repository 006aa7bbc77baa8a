// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "FormatCheck",
    products: [
        .library(name: "RichText", targets: ["RichText"]),
        .library(name: "StreamingJSON", targets: ["StreamingJSON"]),
        .library(name: "RichTextFormats", targets: ["RichTextFormats"]),
        .library(name: "Formatting", targets: ["Formatting"]),
        .library(name: "DefinitionFiles", targets: ["DefinitionFiles"]),
        .library(name: "FormatCheck", targets: ["FormatCheck"]),
        .library(name: "FormattingTesting", targets: ["FormattingTesting"]),
        .library(name: "FormattingSwiftTesting", targets: ["FormattingSwiftTesting"]),
        .executable(name: "fmtcheck", targets: ["fmtcheck"]),
        .executable(name: "fmtbench", targets: ["fmtbench"]),
    ],
    targets: [
        .target(name: "RichText", exclude: ["README.md"], swiftSettings: [.define("RICHTEXT_INTERNAL_CHECKS", .when(configuration: .debug))]),
        .target(name: "StreamingJSON", exclude: ["README.md"]),
        .target(name: "Formatting", dependencies: ["RichText"], exclude: ["README.md"]),
        .target(name: "RichTextFormats", dependencies: ["RichText", "StreamingJSON"], exclude: ["FORMATS.md", "README.md"]),
        .target(name: "DefinitionFiles", dependencies: ["Formatting", "RichText", "RichTextFormats", "StreamingJSON"], exclude: ["README.md"]),
        .target(name: "FormatCheck", dependencies: ["DefinitionFiles", "Formatting", "FormattingTesting", "RichText", "RichTextFormats", "StreamingJSON"], exclude: ["README.md"]),
        .target(name: "FormattingTesting", dependencies: ["DefinitionFiles", "Formatting", "RichText", "RichTextFormats", "StreamingJSON"], exclude: ["EDIT-SCRIPTS.md", "README.md"]),
        .target(name: "FormattingSwiftTesting", dependencies: ["FormattingTesting"], exclude: ["README.md"]),
        .target(name: "TestKeys", dependencies: ["RichText"], exclude: ["README.md"]),
        .executableTarget(name: "fmtcheck", dependencies: ["RichText", "FormatCheck"], exclude: ["README.md"]),
        .executableTarget(name: "fmtbench", dependencies: ["RichText", "Formatting", "RichTextFormats", "FormatCheck", "FormattingTesting"], exclude: ["README.md"]),
        .executableTarget(name: "fmtoracle", dependencies: ["FormattingTesting", "RichText", "StreamingJSON", "TestKeys"], exclude: ["README.md"]),
        .executableTarget(name: "string-tour", dependencies: ["RichText"], path: "Examples/string-tour"),
        .target(name: "PlantedBugEditors", dependencies: ["Formatting", "FormattingTesting", "RichText"], path: "Examples/planted-bugs/PlantedBugEditors"),
        .executableTarget(name: "planted-bug-editor", dependencies: ["FormattingTesting", "PlantedBugEditors"], path: "Examples/planted-bugs/planted-bug-editor"),
        .executableTarget(name: "recipe-editor", dependencies: ["DefinitionFiles", "Formatting", "RichText", "RichTextFormats"], path: "Examples/recipe-editor"),
        .testTarget(name: "RichTextTests", dependencies: ["RichText", "FormatCheck", "FormattingTesting", "TestKeys"], exclude: ["FoundationConformance/PORTING.md"]),
        .testTarget(name: "StreamingJSONTests", dependencies: ["StreamingJSON", "FormattingTesting"]),
        .testTarget(name: "FormattingTests", dependencies: ["Formatting", "FormattingTesting", "RichTextFormats", "TestKeys"]),
        .testTarget(name: "RichTextFormatsTests", dependencies: ["RichTextFormats", "FormattingTesting"], exclude: ["Fixtures"]),
        .testTarget(name: "FormattingTestingTests", dependencies: ["FormattingTesting", "FormattingSwiftTesting", "DefinitionFiles", "FormatCheck", "Formatting", "RichText", "RichTextFormats"]),
        .testTarget(name: "DefinitionFilesTests", dependencies: ["DefinitionFiles", "Formatting", "RichText", "RichTextFormats"]),
        .testTarget(name: "FormatCheckTests", dependencies: ["PlantedBugEditors", "FormatCheck", "DefinitionFiles", "Formatting", "FormattingTesting", "RichText", "RichTextFormats", "StreamingJSON"], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
