import Formatting
/// Walks command-line arguments for the commands' parsers: options with values (`--format json`,
/// `--format=json`, `-o FILE`), flags, `--` ending options, and positional arguments.
struct ArgumentScanner {
    private var rest: ArraySlice<String>
    private var optionsEnded = false
    /// The command being parsed, for messages ("lint", "replay").
    let command: String

    init(_ arguments: ArraySlice<String>, command: String) {
        rest = arguments
        self.command = command
    }

    /// One argument: an option (with its inline `=value`, if any) or a positional argument.
    enum Item {
        case option(String, inlineValue: String?)
        case positional(String)
    }

    /// The next argument, or nil at the end.
    mutating func next() -> Item? {
        guard let argument = rest.popFirst() else { return nil }
        if optionsEnded || argument == "-" || !argument.hasPrefix("-") { return .positional(argument) }
        if argument == "--" {
            optionsEnded = true
            return next()
        }
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            return .option(String(argument[..<equals]), inlineValue: String(argument[argument.index(after: equals)...]))
        }
        return .option(argument, inlineValue: nil)
    }

    /// The value of `option`: its inline value, or the next argument.
    mutating func value(for option: String, inline: String?) throws(UsageError) -> String {
        if let inline { return inline }
        guard let value = rest.popFirst() else {
            throw UsageError("option '\(option)' needs a value", hint: "write '\(option) VALUE'")
        }
        return value
    }

    /// An integer value of `option`.
    mutating func integer(for option: String, inline: String?) throws(UsageError) -> Int {
        let text = try value(for: option, inline: inline)
        guard let n = Int(text) else { throw UsageError("option '\(option)' needs a whole number, not '\(text)'") }
        return n
    }

    /// A comma-separated list value of `option`.
    mutating func list(for option: String, inline: String?) throws(UsageError) -> [String] {
        try value(for: option, inline: inline).split(separator: ",").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
    }

    /// A usage error for an option this command does not have, with a did-you-mean hint.
    func unknown(_ option: String, among options: [String]) -> UsageError {
        UsageError("unknown option '\(option)' for '\(command)'",
                   hint: Suggestions.didYouMean(option, in: options) ?? "run 'fmtcheck \(command) --help' for its options")
    }
}

extension String {
    /// The string without leading and trailing spaces.
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
