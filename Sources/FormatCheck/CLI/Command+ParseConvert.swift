import Formatting
extension Command {
    /// The options of `fmtcheck convert`.
    static let convertOptions = ["--from", "--to", "--definition", "--help"]

    /// Parses `fmtcheck convert IN OUT [--from FORMAT] [--to FORMAT] [--definition FILE]`.
    static func parseConvert(_ arguments: ArraySlice<String>) throws(UsageError) -> Command {
        var scanner = ArgumentScanner(arguments, command: "convert")
        var paths: [String] = []
        var from: DocumentFormat?, to: DocumentFormat?, definition: String?
        func format(_ name: String) throws(UsageError) -> DocumentFormat {
            let aliases: [String: DocumentFormat] = ["json": .native, "txt": .text, "folder": .plain, "htm": .html]
            guard let format = DocumentFormat(rawValue: name) ?? aliases[name] else {
                let names = DocumentFormat.allCases.map(\.rawValue)
                throw UsageError("unknown document format '\(name)'", hint: Suggestions.didYouMean(name, in: names) ?? "the formats are " + names.joined(separator: ", "))
            }
            return format
        }
        while let item = scanner.next() {
            switch item {
            case .positional(let p): paths.append(p)
            case .option(let option, let inline):
                switch option {
                case "-h", "--help": return .help(topic: "convert")
                case "--from": from = try format(try scanner.value(for: option, inline: inline))
                case "--to": to = try format(try scanner.value(for: option, inline: inline))
                case "-d", "--definition": definition = try scanner.value(for: option, inline: inline)
                default: throw scanner.unknown(option, among: convertOptions)
                }
            }
        }
        guard paths.count == 2 else {
            throw UsageError("'convert' takes an input and an output, not \(paths.count) path\(paths.count == 1 ? "" : "s")",
                             hint: "write 'fmtcheck convert note.json note.html'")
        }
        return .convert(ConvertCommand(input: paths[0], output: paths[1], from: from, to: to, definition: definition))
    }
}
