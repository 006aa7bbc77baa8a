import DefinitionFiles
import FormatCheck
import Foundation
import RichText
import RichTextFormats

/// The command line: `gtk-recipe-editor [--definition D] [--event-log LOG] FILE`.
struct EditorOptions {
    var definition: String
    var file: String
    var eventLog: String?

    static let usage = "usage: gtk-recipe-editor [--definition DEFINITION.json] [--event-log LOG.jsonl] FILE (.json, .rtf or .rtfd)"

    /// The options, or a usage message.
    static func parse(_ arguments: [String]) -> Result<EditorOptions, UsageError> {
        var definition: String?, eventLog: String?, files: [String] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--definition", "--event-log":
                guard let value = rest.popFirst() else { return .failure(UsageError(message: "\(argument) needs a value")) }
                if argument == "--definition" { definition = value } else { eventLog = value }
            case "-h", "--help":
                return .failure(UsageError(message: ""))
            default:
                guard !argument.hasPrefix("--") else { return .failure(UsageError(message: "unknown option \(argument)")) }
                files.append(argument)
            }
        }
        guard files.count == 1 else { return .failure(UsageError(message: files.isEmpty ? "no FILE given" : "one FILE at a time")) }
        return .success(EditorOptions(definition: definition ?? defaultDefinition(), file: files[0], eventLog: eventLog))
    }

    /// `Definitions/recipe.json`, from the current folder (the repository's root) or beside this package.
    static func defaultDefinition() -> String {
        let here = "Definitions/recipe.json"
        if FileManager.default.fileExists(atPath: here) { return here }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(here).path
    }
}

struct UsageError: Error {
    var message: String
}

/// A document opened under its definition.
struct OpenedDocument {
    var definition: LoadedDefinition
    var document: RichString
    var images: ImageStore

    /// Reads the definition and FILE (native JSON, RTF or RTFD, by content; an empty document when FILE does not
    /// exist); the failure says which file, and where in it, in a sentence.
    static func open(_ options: EditorOptions) -> Result<OpenedDocument, OpenFailure> {
        let definition: LoadedDefinition
        do {
            definition = try DefinitionFile.load(path: options.definition)
        } catch {
            return .failure(OpenFailure(message: error.diagnostics.map(\.description).joined(separator: "\n")))
        }
        guard FileManager.default.fileExists(atPath: options.file) else {
            return .success(OpenedDocument(definition: definition, document: RichString(), images: ImageStore()))
        }
        do {
            let input = try LintInput.read(path: options.file, maxSize: 256 << 20)
            let read = try LintDocumentReader(definition: definition).read(input)
            return .success(OpenedDocument(definition: definition, document: read.document, images: read.images))
        } catch let failure as InputFailure {
            return .failure(OpenFailure(message: failure.description))
        } catch let error as DocumentError {
            let place = error.location.map { ":\($0.line):\($0.column)" } ?? ""
            return .failure(OpenFailure(message: "\(options.file)\(place): error: \(error.message)"))
        } catch {
            return .failure(OpenFailure(message: "\(options.file): error: \(error)"))
        }
    }
}

struct OpenFailure: Error {
    var message: String
}

extension RecipeEditor {
    /// Ctrl+S: the document in FILE's own format (native JSON for `.json` and anything else, RTF, RTFD), written
    /// atomically through the project's writers: a failure leaves the file as it was, and says why.
    func save() {
        let document = bridge.session.document, images = bridge.session.images
        let url = URL(fileURLWithPath: options.file)
        var notes: [String] = []
        do throws(DocumentError) {
            switch url.pathExtension.lowercased() {
            case "rtfd":
                let output = RTFWriter().write(document, images: images, asPackage: true)
                notes = output.warnings.map(\.message)
                try RTFDPackage(rtf: output.rtf, files: output.files).write(to: url)
            case "rtf":
                let output = RTFWriter().write(document, images: images, asPackage: false)
                notes = output.warnings.map(\.message)
                try AtomicFile.write(Data(output.rtf), to: url)
            default:
                let output = try NativeJSONEncoder().write(document, images: images)
                notes = output.warnings.map(\.message)
                try AtomicFile.write(Data(output.bytes), to: url)
            }
        } catch {
            report("\(options.file): error: not saved: \(error.message)")
            showMessage("The document was not saved.\n\n\(options.file): \(error.message)", error: true)
            return
        }
        isModified = false
        updateTitle()
        setStatus("Saved \(url.lastPathComponent)" + (notes.isEmpty ? "" : " (not kept by the format: \(notes.joined(separator: "; ")))"))
        log.write(["event": "saved", "path": options.file])
    }
}
