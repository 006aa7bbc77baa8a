import Foundation
import RichTextFormats

/// A document as a lint run reads it: its format, its main bytes (the JSON, the RTF, the flattened RTFD, or an
/// RTFD package's `TXT.rtf`), and an RTFD package's other files by name.
public struct LintInput: Sendable {
    /// The document's format (native JSON, RTF, RTFD package or flattened RTFD).
    public var format: DocumentFormat
    /// The main bytes.
    public var bytes: [UInt8]
    /// An RTFD package's attachment files, by name; empty for the other formats.
    public var attachments: [String: Data]

    /// An input.
    public init(format: DocumentFormat, bytes: [UInt8], attachments: [String: Data] = [:]) {
        self.format = format
        self.bytes = bytes
        self.attachments = attachments
    }

    /// The document of an RTF input (a `.rtf`, an RTFD package or flattened RTFD), as `RTFReader` reads it with
    /// the package's files as attachments.
    public func readRTF() throws(DocumentError) -> DecodedDocument {
        try Self.readRTF(rtfPackage())
    }

    /// The RTF text of an RTF input with the files beside it: the package's, or a flattened RTFD's, decoded.
    public func rtfPackage() throws(DocumentError) -> RTFDPackage {
        format == .flatRTFD ? try FlattenedRTFD.decode(bytes) : RTFDPackage(rtf: bytes, files: attachments)
    }

    /// The document of an RTF text with its files as attachments, as `RTFReader` reads it.
    static func readRTF(_ package: RTFDPackage) throws(DocumentError) -> DecodedDocument {
        try RTFReader().read(package.rtf, attachments: package.files)
    }

    /// Reads the document at `path` in the format its name says (a package folder for `.rtfd` folders; bytes
    /// sniffed for names that say nothing), within `maxSize` bytes in all.
    public static func read(path: String, maxSize: Int) throws(InputFailure) -> LintInput {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return try readPackage(path: path, maxSize: maxSize)
        }
        let bytes = try InputReader.read(path: path, maxSize: maxSize)
        return LintInput(format: format(named: path, bytes: bytes), bytes: bytes)
    }

    /// Reads standard input, in the format `name` says or the bytes show.
    public static func readStandardInput(name: String, maxSize: Int) throws(InputFailure) -> LintInput {
        let bytes = try InputReader.readStandardInput(name: name, maxSize: maxSize)
        return LintInput(format: format(named: name, bytes: bytes), bytes: bytes)
    }

    /// The lintable format a name gives, else what the bytes show.
    static func format(named name: String, bytes: [UInt8]) -> DocumentFormat {
        let lower = name.lowercased()
        if lower.hasSuffix(".rtf") { return .rtf }
        if lower.hasSuffix(".rtfd") { return .flatRTFD }
        if lower.hasSuffix(".json") { return .native }
        return DocumentFormat.sniff(bytes)
    }

    /// An RTFD package folder, its files counted together against the size limit before any is read. A
    /// symbolic link in the package is refused, so neither the limit nor the package's bounds can be bypassed
    /// by a link to a large file or to one outside it.
    static func readPackage(path: String, maxSize: Int) throws(InputFailure) -> LintInput {
        let directory = URL(fileURLWithPath: path, isDirectory: true)
        let package: RTFDPackage
        do {
            let listing = try RTFDPackage.list(directory: directory)
            if listing.byteCount > maxSize { throw InputReader.tooLarge(path: path, size: listing.byteCount, maxSize: maxSize) }
            package = try RTFDPackage.read(listing, maxSize: maxSize)
        } catch let failure as InputFailure {
            throw failure
        } catch {
            throw InputFailure(.unreadable, path: path, message: "cannot read the RTFD package: \(error)")
        }
        return LintInput(format: .rtfd, bytes: package.rtf, attachments: package.files)
    }
}
