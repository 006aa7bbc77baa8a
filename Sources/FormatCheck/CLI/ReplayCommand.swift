/// `fmtcheck replay`: an edit script (or a trace) applied through the engine to a document.
public struct ReplayCommand: Hashable, Sendable {
    /// `--definition FILE`; required with `--script`, optional with `--trace` (then no attribute is in scope).
    public var definition: String?
    /// `--script FILE` (`-` for standard input).
    public var script: String?
    /// `--trace FILE.json[.gz]`: replay a trace converted to a script.
    public var trace: String?
    /// The starting document (native JSON); empty when nil.
    public var document: String?
    /// `--adjustments`: every adjustment on stderr, one JSON object a line.
    public var adjustments: Bool
    /// `--check`: run the property harness's invariants after every step (on the script as the harness reads
    /// it) and print the first failure as the harness does.
    public var check: Bool
    /// `--editor COMMAND` (with `--check`): the editor the steps run on, in its own process, over the editor
    /// protocol (`EditorProtocol`); the engine's own editing session when nil.
    public var editor: String?

    /// A replay command.
    public init(definition: String? = nil, script: String? = nil, trace: String? = nil, document: String? = nil, adjustments: Bool = false,
                check: Bool = false, editor: String? = nil) {
        self.check = check
        self.editor = editor
        self.definition = definition
        self.script = script
        self.trace = trace
        self.document = document
        self.adjustments = adjustments
    }
}
