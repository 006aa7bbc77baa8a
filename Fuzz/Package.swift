// swift-tools-version:6.0
// libFuzzer targets for FormatCheck's readers. Build and run with `Fuzz/run.sh TARGET SECONDS`.
import PackageDescription

// SwiftPM names a path dependency after its folder, which differs between checkouts (main, a CI clone, …).
let rootPackage = String(Context.packageDirectory.split(separator: "/").dropLast().last ?? "formatcheck")

let package = Package(
    name: "FormatCheckFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        // Hands control to libFuzzer's driver: the one piece every target shares.
        .target(name: "FuzzDriver"),
        // Reads arbitrary bytes as a native JSON document; a decoded document must re-encode to stable bytes.
        .executableTarget(name: "NativeJSONFuzz", dependencies: ["FuzzDriver", .product(name: "RichTextFormats", package: rootPackage)]),
        // Loads arbitrary bytes as a definition file: diagnostics are fine, crashes are not.
        .executableTarget(name: "DefinitionFileFuzz", dependencies: [
            "FuzzDriver", .product(name: "FormatCheck", package: rootPackage), .product(name: "Formatting", package: rootPackage),
            .product(name: "RichText", package: rootPackage),
        ]),
        // Reads arbitrary bytes as a definition seed plus an edit script and checks every invariant after each step.
        .executableTarget(name: "EditScriptFuzz", dependencies: ["FuzzDriver", .product(name: "FormattingTesting", package: rootPackage)]),
        // Reads arbitrary bytes as RTF; a document it accepts must round-trip through the writer exactly.
        .executableTarget(name: "RTFReaderFuzz", dependencies: ["FuzzDriver", .product(name: "RichTextFormats", package: rootPackage)]),
        // Decodes arbitrary bytes as flattened RTFD; a package it accepts must re-encode to a fixed point.
        .executableTarget(name: "FlattenedRTFDFuzz", dependencies: ["FuzzDriver", .product(name: "RichTextFormats", package: rootPackage)]),
        // Reads arbitrary bytes as a JSON editing trace (`fmtcheck replay --trace`) and replays it.
        .executableTarget(name: "TraceReaderFuzz", dependencies: [
            "FuzzDriver", .product(name: "EditScripts", package: rootPackage), .product(name: "FormatCheck", package: rootPackage),
            .product(name: "RichText", package: rootPackage),
        ]),
        // Reads arbitrary bytes, split at NULs, as a plain-text-with-attachments folder; one that reads must round-trip.
        .executableTarget(name: "PlainFolderFuzz", dependencies: [
            "FuzzDriver", .product(name: "RichTextFormats", package: rootPackage), .product(name: "RichText", package: rootPackage),
        ]),
        // Parses arbitrary bytes as a `.fmtcheck.json` configuration; one that parses must print and merge cleanly.
        .executableTarget(name: "ConfigurationFuzz", dependencies: [
            "FuzzDriver", .product(name: "FormatCheck", package: rootPackage), .product(name: "StreamingJSON", package: rootPackage),
        ]),
        // Reads arbitrary bytes as a Genmoji's HEIC (box tree, item locations and sizes, XMP): errors are fine, crashes are not.
        .executableTarget(name: "HEICReaderFuzz", dependencies: ["FuzzDriver", .product(name: "RichTextFormats", package: rootPackage)]),
    ],
    swiftLanguageModes: [.v6]
)
