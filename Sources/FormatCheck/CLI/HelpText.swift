/// The usage text `--help` prints.
enum HelpText {
    /// Usage for the whole tool, or for one command group.
    static func text(topic: String?) -> String {
        switch topic {
        case "definition"?:
            return """
            USAGE: fmtcheck definition check FILE...
                   fmtcheck definition explain FILE

              check     Validate definition files. Every problem is printed as
                        file:line:col: severity rule-id: message, with its JSON path and a hint.
              explain   Say in words what each attribute does and how the constraints apply, in order.

            EXIT CODES: 0 valid (warnings allowed), 2 a usage error or an invalid or unreadable definition.

            """
        default:
            return """
            fmtcheck \(FormatCheckVersion.current): keep rich text valid against a formatting definition.

            USAGE: fmtcheck <command> [options]

            COMMANDS:
              definition check FILE...   validate definition files
              definition explain FILE    describe a definition in words

            OPTIONS:
              -h, --help                 show this help (fmtcheck definition --help for the command's)
              -V, --version              show the version

            EXIT CODES: 0 clean, 1 violations, 2 usage, definition or input error.

            """
        }
    }
}
