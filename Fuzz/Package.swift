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
    ],
    swiftLanguageModes: [.v6]
)
