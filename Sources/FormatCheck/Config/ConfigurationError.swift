import StreamingJSON

/// A `.fmtcheck.json` file (or another file that sets up a run: a baseline, a cache) that cannot be used: where
/// and why. Exit code 2.
public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of file: `config`, `baseline`, `cache`; the message says it after "error".
    public var category: String
    /// The file.
    public var fileName: String
    /// Where in it, when known.
    public var location: JSONLocation?
    /// What is wrong.
    public var message: String
    /// How to fix it.
    public var hint: String?

    /// An error.
    public init(category: String = "config", fileName: String, location: JSONLocation? = nil, message: String, hint: String? = nil) {
        self.category = category
        self.fileName = fileName
        self.location = location
        self.message = message
        self.hint = hint
    }

    /// `file:line:col: error config: message` (`error baseline:` for a baseline), then the hint, each line escaped for a terminal.
    public var description: String {
        let place = location.map { "\(fileName):\($0.line):\($0.column)" } ?? fileName
        return TerminalText.escaped("\(place): error \(category): \(message)") + (hint.map { "\n  hint: " + TerminalText.escaped($0) } ?? "")
    }
}

extension ConfigurationError {
    /// A setup file's JSON with every node's place, or the error at the place it fails (the file's kind as
    /// `category`): what configuration and baseline files are both read with.
    static func parseJSON(_ bytes: [UInt8], path: String, category: String, maxDepth: Int) throws(ConfigurationError) -> LocatedJSON {
        do {
            return try JSONValue.parseWithLocations(bytes, limits: JSONReader.Limits(maxDepth: maxDepth))
        } catch {
            throw ConfigurationError(category: category, fileName: path, location: error.location, message: error.message)
        }
    }
}
