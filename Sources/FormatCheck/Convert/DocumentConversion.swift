import Foundation
import RichText
import RichTextFormats
import SafeWrite

/// Converts a document between native JSON, RTF, RTFD (package and flattened), plain text with attachments
/// (folder form), plain text and HTML.
/// Every output is written beside its destination first and renamed into place, so a failure leaves the
/// destination as it was.
public enum DocumentConversion {
    /// Why a conversion failed.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// What went wrong.
        public var message: String
        public var description: String { message }
    }

    /// What a conversion produced besides the output: attributes the target format cannot carry.
    public struct Outcome: Sendable, Hashable {
        /// Attribute names left behind.
        public var droppedKeys: [String]
        /// Reader warnings.
        public var warnings: [String]
    }

    /// Reads `input` in `from`, writes `output` in `to`.
    public static func convert(_ input: String, from: DocumentFormat, to output: String, as target: DocumentFormat,
                               schema: NativeJSONSchema = .standard) throws(Failure) -> Outcome {
        if let refusal = OutputTarget.refusal(output, isFolder: target == .plain || target == .rtfd, inputs: [input]) {
            throw Failure(message: refusal)
        }
        let decoded = try read(input, format: from, schema: schema)
        var outcome = Outcome(droppedKeys: [], warnings: decoded.warnings.map(\.description))
        switch target {
        case .native:
            do {
                try write(try NativeJSONEncoder().encode(decoded.document, images: decoded.images), to: output)
            } catch let failure as Failure {
                throw failure
            } catch {
                throw Failure(message: "\(output): cannot write native JSON: \(error)")
            }
        case .plain:
            let (plain, dropped) = PlainTextWithAttachments.decompose(decoded.document, images: decoded.images)
            outcome.droppedKeys = dropped.sorted()
            try writeFolder(output) { (folder) throws(DocumentError) in try plain.write(to: folder) }
        case .text:
            outcome.droppedKeys = Set(decoded.document.runs.flatMap { $0.attributes.entries.map(\.name) }).sorted()
            try write(Array(decoded.document.string.utf8), to: output)
        case .html:
            let title = URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
            let export = HTMLExporter(imagePolicy: .dataURLs, title: title).export(decoded.document, images: decoded.images)
            try write(Array(export.html.utf8), to: output)
            outcome.warnings += export.warnings.map(\.description)
        case .rtf, .rtfd, .flatRTFD:
            // The same encoding and atomic write as `--fix` uses for these formats.
            do {
                let encoded = try DocumentFileWriter.encode(decoded.document, images: decoded.images, format: target, readerWarnings: [])
                outcome.warnings += encoded.notes
                try DocumentFileWriter.write(encoded, to: output)
            } catch {
                throw Failure(message: "\(output): \(error)")
            }
        }
        return outcome
    }

    /// Reads a document.
    static func read(_ path: String, format: DocumentFormat, schema: NativeJSONSchema) throws(Failure) -> DecodedDocument {
        do {
            switch format {
            case .native:
                let bytes = try InputReader.read(path: path, maxSize: LintConfiguration.defaultMaxFileSize)
                return try NativeJSONDecoder(schema: schema).decode(bytes)
            case .plain:
                return try PlainTextWithAttachments.read(from: URL(fileURLWithPath: path, isDirectory: true),
                                                         maxSize: LintConfiguration.defaultMaxFileSize).recompose()
            case .text:
                let bytes = try InputReader.read(path: path, maxSize: LintConfiguration.defaultMaxFileSize)
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    throw Failure(message: "\(path): not valid UTF-8 text")
                }
                return DecodedDocument(document: RichString(text))
            case .html:
                throw Failure(message: "\(path): HTML is an export format; it cannot be read")
            case .rtf, .rtfd, .flatRTFD:
                return try LintInput.read(path: path, maxSize: LintConfiguration.defaultMaxFileSize).readRTF()
            }
        } catch let failure as Failure {
            throw failure
        } catch let failure as InputFailure {
            throw Failure(message: failure.description)
        } catch let error as DocumentError {
            throw Failure(message: "\(path): \(error)")
        } catch {
            throw Failure(message: "\(path): \(error)")
        }
    }

    /// Writes a file atomically.
    static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        do {
            try AtomicWriter.write(bytes, to: path)
        } catch {
            throw Failure(message: "\(path): \(error.message)")
        }
    }

    /// Writes a folder atomically: into a fresh folder beside it, flushed, then swapped into place (`FolderSwap`).
    static func writeFolder(_ path: String, _ body: (URL) throws(DocumentError) -> Void) throws(Failure) {
        let destination = URL(fileURLWithPath: path).standardizedFileURL.path
        let id = SiblingNames.newID()
        let staging = SiblingNames.path(beside: destination, id: id, kind: .temporary)
        do {
            try body(URL(fileURLWithPath: staging, isDirectory: true))
            try syncTree(staging)
            try FolderSwap.replace(destination, with: staging, id: id)
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            throw Failure(message: "\(path): \(error)")
        }
    }

    /// Flushes every file and folder under `folder` to disk, folders after their entries.
    static func syncTree(_ folder: String) throws(DocumentError) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names {
            let path = folder + "/" + name
            switch FileIdentity.of(path, followingLinks: false)?.kind {
            case .directory?: try syncTree(path)
            case .regular?:
                let descriptor = open(path, O_RDONLY | O_CLOEXEC)
                if descriptor >= 0 { _ = fsync(descriptor); close(descriptor) }
            default: break
            }
        }
        let status = DurableIO.syncFolder(folder)
        guard status == 0 else { throw DocumentError(kind: .fileSystem, message: "cannot flush \(folder) to disk: \(SystemCalls.message(status))") }
    }
}
