/// Why a document could not be linted at all (as opposed to being malformed): the file is missing, unreadable,
/// too large, or a directory. The run reports it and goes on with the other files; the exit code is 2.
public struct InputFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, by category.
    public enum Kind: String, Hashable, Sendable {
        /// No such file (or it was deleted during the run).
        case notFound = "not-found"
        /// The file exists but cannot be opened or read.
        case unreadable
        /// The file is larger than the size limit; it was not read.
        case tooLarge = "too-large"
        /// A path names something that is not a regular file.
        case notAFile = "not-a-file"
        /// The document has no definition to lint against, or its definition or configuration is invalid.
        case noDefinition = "no-definition"
        /// `--fix` could not write the fixed document.
        case writeFailed = "write-failed"
        /// A folder named on the command line holds no document: a run that lints nothing does not pass.
        case noDocuments = "no-documents"
    }

    /// The category.
    public var kind: Kind
    /// The file, as reported.
    public var path: String
    /// What happened, in one sentence.
    public var message: String

    /// The definition that did not load, when that is why the document was not linted (a run says it once).
    var definitionNotLoaded: String?

    /// A failure.
    public init(_ kind: Kind, path: String, message: String) {
        self.kind = kind
        self.path = path
        self.message = message
    }

    /// A failure of a document whose definition `definition` did not load.
    init(_ kind: Kind, path: String, message: String, definitionNotLoaded definition: String) {
        self.init(kind, path: path, message: message)
        definitionNotLoaded = definition
    }

    /// `path: error: message`, escaped for a terminal.
    public var description: String { TerminalText.escaped("\(path): error: \(message)") }
}
