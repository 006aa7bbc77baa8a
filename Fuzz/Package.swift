// swift-tools-version:6.0
// libFuzzer targets for FormatCheck's readers. Build and run with `Fuzz/run.sh TARGET SECONDS`.
import PackageDescription

// SwiftPM names a path dependency after its folder, which differs between checkouts (main, a CI clone, …).
let rootPackage = String(Context.packageDirectory.split(separator: "/").dropLast().last ?? "formatcheck")

let package = Package(
    name: "FormatCheckFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        // Reads arbitrary bytes as a native JSON document; a decoded document must re-encode to stable bytes.
        .executableTarget(name: "NativeJSONFuzz", dependencies: [.product(name: "RichTextFormats", package: rootPackage)]),
        // Loads arbitrary bytes as a definition file: diagnostics are fine, crashes are not.
        .executableTarget(name: "DefinitionFileFuzz", dependencies: [
            .product(name: "FormatCheck", package: rootPackage), .product(name: "Formatting", package: rootPackage),
            .product(name: "RichText", package: rootPackage),
        ]),
        // Reads arbitrary bytes as flattened RTFD; a package it accepts encodes to bytes that decode to the same package.
        .executableTarget(name: "FlattenedRTFDFuzz", dependencies: [.product(name: "RichTextFormats", package: rootPackage)]),
        // Reads arbitrary bytes as a definition seed plus an edit script and checks every invariant after each step.
        .executableTarget(name: "EditScriptFuzz", dependencies: [.product(name: "FormattingTesting", package: rootPackage)]),
    ],
    swiftLanguageModes: [.v6]
)
