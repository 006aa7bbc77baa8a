import Foundation
import RichText
import RichTextFormats

/// Writes a document in a lintable format (`--fix` the format it read, `convert` the one asked for): native JSON
/// as JSON, RTF as RTF, an RTFD package as a package and flattened RTFD flattened, always atomically, so a
/// failure leaves the original untouched.
///
/// Encoding comes first and is separate from writing, so the caller can lint the encoded bytes (the fix must
/// lint clean) and say up front what the format does not keep before anything is written.
enum DocumentFileWriter {
    /// A document encoded in its format.
    struct Encoded {
        /// The encoded document, as it will be read back.
        var input: LintInput
        /// What writing it does not keep: the writer's warnings (an attribute with no form in the format, an
        /// image a plain `.rtf` cannot hold) and what the reader saw but did not keep.
        var notes: [String]
    }

    /// Encodes `document` in `format`; throws a one-sentence reason when the document cannot be written.
    static func encode(_ document: RichString, images: ImageStore, format: DocumentFormat,
                       readerWarnings: [DocumentWarning]) throws(DocumentError) -> Encoded {
        let lost = readerWarnings.map { "\($0.message) (read but not kept)" }
        switch format {
        case .rtf, .rtfd, .flatRTFD:
            let output = RTFWriter().write(document, images: images, asPackage: format != .rtf)
            let notes = lost + output.warnings.map(\.message)
            switch format {
            case .flatRTFD:
                let flat = FlattenedRTFD.encode(RTFDPackage(rtf: output.rtf, files: output.files))
                return Encoded(input: LintInput(format: .flatRTFD, bytes: flat), notes: notes)
            case .rtfd:
                return Encoded(input: LintInput(format: .rtfd, bytes: output.rtf, attachments: output.files), notes: notes)
            default:
                return Encoded(input: LintInput(format: .rtf, bytes: output.rtf), notes: notes)
            }
        case .native, .plain, .text, .html:
            let bytes = try NativeJSONEncoder().encode(document, images: images)
            return Encoded(input: LintInput(format: .native, bytes: bytes), notes: lost)
        }
    }

    /// Writes an encoded document over `path`, atomically (a package folder is staged beside it and swapped in).
    static func write(_ encoded: Encoded, to path: String) throws(DocumentError) {
        switch encoded.input.format {
        case .rtfd:
            try RTFDPackage(rtf: encoded.input.bytes, files: encoded.input.attachments)
                .write(to: URL(fileURLWithPath: path, isDirectory: true))
        default:
            do {
                try AtomicWriter.write(encoded.input.bytes, to: path)
            } catch {
                throw DocumentError(kind: .fileSystem, message: error.message)
            }
        }
    }
}
