/// One document a lint run reads: a file, or standard input under a display name. Ordered as reports list
/// documents: files by path, then standard input.
public enum LintTarget: Hashable, Sendable, Comparable {
    /// A file, by the path it is reported under.
    case file(String)
    /// Standard input, reported under `name` (`--stdin-filename`, or `<stdin>`).
    case standardInput(name: String)

    /// The name findings are reported under.
    public var displayPath: String {
        switch self {
        case .file(let path): return path
        case .standardInput(let name): return name
        }
    }
}
