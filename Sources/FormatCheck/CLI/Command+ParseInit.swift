import Formatting
extension Command {
    /// The options of `fmtcheck init`.
    static let initOptions = ["--definition", "--force", "--help"]

    /// Parses `fmtcheck init [FOLDER] [--definition FILE]... [--force]`.
    static func parseInit(_ arguments: ArraySlice<String>) throws(UsageError) -> Command {
        var scanner = ArgumentScanner(arguments, command: "init")
        var command = InitCommand()
        var folders: [String] = []
        while let item = scanner.next() {
            switch item {
            case .positional(let folder): folders.append(folder)
            case .option(let option, let inline):
                switch option {
                case "-h", "--help": return .help(topic: "init")
                case "-d", "--definition": command.definitions.append(try scanner.value(for: option, inline: inline))
                case "--force": command.force = true
                default: throw scanner.unknown(option, among: initOptions)
                }
            }
        }
        guard folders.count <= 1 else {
            throw UsageError("'init' configures one folder, not \(folders.count)", hint: "write 'fmtcheck init FOLDER --definition FILE'")
        }
        if let folder = folders.first { command.folder = folder }
        return .initialize(command)
    }
}
