/// `fmtcheck convert IN OUT`: a document from one format to another.
public struct ConvertCommand: Hashable, Sendable {
    /// The input path.
    public var input: String
    /// The output path.
    public var output: String
    /// `--from`: the input's format, when its extension does not say.
    public var from: DocumentFormat?
    /// `--to`: the output's format, when its extension does not say.
    public var to: DocumentFormat?
    /// `--definition FILE`: type the input's attributes by a definition's declarations.
    public var definition: String?

    /// A convert command.
    public init(input: String, output: String, from: DocumentFormat? = nil, to: DocumentFormat? = nil, definition: String? = nil) {
        self.input = input
        self.output = output
        self.from = from
        self.to = to
        self.definition = definition
    }
}
