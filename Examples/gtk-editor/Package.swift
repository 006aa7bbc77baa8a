// swift-tools-version:6.0
// The WWDC25 recipe editor as a GTK 4 desktop program: a separate package, so the root package's `swift build`
// and `swift test` never need GTK. GTK comes from the system (`pkg-config gtk4`; Debian: libgtk-4-dev).
import PackageDescription

let package = Package(
    name: "gtk-editor",
    dependencies: [.package(name: "FormatCheck", path: "../..")],
    targets: [
        .systemLibrary(name: "CGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        .executableTarget(
            name: "gtk-recipe-editor",
            dependencies: [
                "CGtk",
                .product(name: "EditorBridge", package: "FormatCheck"),
                .product(name: "Formatting", package: "FormatCheck"),
                .product(name: "RichText", package: "FormatCheck"),
                .product(name: "RichTextFormats", package: "FormatCheck"),
                .product(name: "DefinitionFiles", package: "FormatCheck"),
                .product(name: "FormatCheck", package: "FormatCheck"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
