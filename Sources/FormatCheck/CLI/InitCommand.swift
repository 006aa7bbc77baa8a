/// `fmtcheck init [FOLDER] [--definition FILE]... [--force]`: write a starter `.fmtcheck.json`
/// (`StarterConfiguration`).
public struct InitCommand: Hashable, Sendable {
    /// The folder to configure (the current folder by default).
    public var folder: String
    /// `--definition FILE`, repeatable: the definitions to choose from; without one, the definition files found
    /// in the folder.
    public var definitions: [String]
    /// `--force`: replace configuration files that exist; without it, `init` writes nothing when one does.
    public var force = false

    /// An init command.
    public init(folder: String = ".", definitions: [String] = [], force: Bool = false) {
        self.folder = folder
        self.definitions = definitions
        self.force = force
    }
}
