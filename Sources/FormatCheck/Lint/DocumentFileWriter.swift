import Foundation
import RichText
import RichTextFormats
import SafeWrite

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
        /// Whether it was written over the original bytes (`NativeJSONPatch`), keeping all it did not change.
        var patched = false
        /// The patched bytes as the reader read them back to check them (a patch only): the caller lints this
        /// instead of reading them again.
        var readBack: LintDocumentReader.Result?
    }

    /// Encodes `document` in `format`; throws a one-sentence reason when the document cannot be written.
    /// `keptFiles` are files of the flattened RTFD being rewritten: those the new text does not name stay in it.
    ///
    /// With the `original` native JSON bytes and the `reader` that read them, the fixed document is written over
    /// the original (`NativeJSONPatch`: only what the fix changed is rewritten, in the file's own spelling and
    /// spacing) when it can be, and whole otherwise. `hasWrongTypedValues` says the original held values of the
    /// wrong type, which a whole rewrite does not keep.
    static func encode(_ document: RichString, images: ImageStore, format: DocumentFormat,
                       readerWarnings: [DocumentWarning], hasWrongTypedValues: Bool = false, keptFiles: [String: Data] = [:],
                       original: LintInput? = nil, reader: LintDocumentReader? = nil, keepingUnread: Bool = false) throws(DocumentError) -> Encoded {
        let lost = readerWarnings.map { "\($0.message) (read but not kept)" } + (hasWrongTypedValues ? ["its wrong-typed values"] : [])
        switch format {
        case .rtf, .rtfd, .flatRTFD:
            let output = RTFWriter().write(document, images: images, asPackage: format != .rtf)
            let notes = lost + output.warnings.map(\.message)
            switch format {
            case .flatRTFD:
                let flat = FlattenedRTFD.encode(RTFDPackage(rtf: output.rtf, files: keptFiles.merging(output.files) { $1 }))
                return Encoded(input: LintInput(format: .flatRTFD, bytes: flat), notes: notes)
            case .rtfd:
                return Encoded(input: LintInput(format: .rtfd, bytes: output.rtf, attachments: output.files), notes: notes)
            default:
                return Encoded(input: LintInput(format: .rtf, bytes: output.rtf), notes: notes)
            }
        case .native, .plain, .text, .html:
            if format == .native, let original, original.format == .native, let reader,
               let patched = NativeJSONPatch.patch(original.bytes, to: document, reader: reader, keepingUnread: keepingUnread) {
                // Everything the fix does not change stays as it was: nothing read is lost.
                return Encoded(input: LintInput(format: .native, bytes: patched.bytes), notes: [], patched: true, readBack: patched.readBack)
            }
            let output = try NativeJSONEncoder().write(document, images: images)
            return Encoded(input: LintInput(format: .native, bytes: output.bytes), notes: lost + output.warnings.map(\.message))
        }
    }

    /// How `write` replaces what is there.
    struct Options: Sendable {
        /// Keep the entries of the package being replaced that the new one does not write (`--fix`).
        var keepsOtherFiles = false
        /// Called with the new content on disk and before it replaces anything; a reason stops the write.
        var beforeCommit: @Sendable () -> String? = { nil }
    }

    /// Writes an encoded document over `path`, atomically (`AtomicWriter`; a package folder is staged beside it
    /// and swapped in, `RTFDPackage.write(to:options:)`).
    static func write(_ encoded: Encoded, to path: String, options: Options = Options()) throws(DocumentError) {
        switch encoded.input.format {
        case .rtfd:
            let swap = FolderSwap.Options(usesExchange: TestHooks.allowsRenameExchange, betweenRenames: {
                TestHooks.pause("FMTCHECK_TEST_PAUSE_BETWEEN_RENAMES", "between renames", path)
            })
            try RTFDPackage(rtf: encoded.input.bytes, files: encoded.input.attachments)
                .write(to: URL(fileURLWithPath: path, isDirectory: true),
                       options: PackageWriteOptions(keepsOtherFiles: options.keepsOtherFiles, beforeSwap: options.beforeCommit, swap: swap))
        default:
            do {
                try AtomicWriter.write(encoded.input.bytes, to: path, beforeCommit: options.beforeCommit)
            } catch {
                throw DocumentError(kind: .fileSystem, message: error.message)
            }
        }
    }
}
