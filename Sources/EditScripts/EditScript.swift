import RichText

/// An edit script (DESIGN §7) as read from JSON Lines: each line's step with its line number and the unit its
/// offsets count. The one model of the format: the property harness writes it (`ScriptStep.jsonLine`), and
/// `fmtcheck replay` (`ScriptReplayer`), `replay --check`, `FMTCHECK_REPLAY` and saved failures read it with
/// `parse(_:reading:)`.
///
/// ```
/// {"op":"insert","at":4,"text":"y"}
/// {"op":"delete","from":3,"to":4,"unit":"utf16"}
/// {"op":"replace","from":0,"to":5,"text":"Hi"}
/// {"op":"insertAttributed","at":0,"document":["X",{"ingredient":"milk"}]}
/// {"op":"set","from":0,"to":4,"key":"ingredient","value":"milk"}
/// {"op":"remove","from":0,"to":4,"key":"ingredient"}
/// {"op":"setRanges","ranges":[[0,4],[9,13]],"key":"k","value":1}
/// {"op":"select","from":2,"to":5}
/// {"op":"select","ranges":[[0,2],[5,7]]}
/// {"op":"type","text":"x"}
/// {"op":"deleteBackward"}
/// {"op":"paste","document":["X",{"ingredient":"milk"}]}
/// {"op":"undo"}
/// {"op":"redo"}
/// ```
///
/// Offsets count Unicode scalars unless a line says `"unit": "utf16" | "utf8" | "characters"`; such a line's
/// offsets become scalars against the document it applies to (`Step.scalarOperation(in:)`). The harness writes
/// scalar offsets only. See `EDIT-SCRIPTS.md` for what the harness adds to §7.
public struct EditScript: Hashable, Sendable {
    /// One line: its step, with the unit its offsets count.
    public struct Step: Hashable, Sendable {
        /// The 1-based line of the script it came from (0 for a step that is no line, as `ScriptReplayer.opening`).
        public var line: Int
        /// The unit the operation's offsets count.
        public var unit: TextUnit
        /// The step, its offsets in `unit`.
        public var operation: ScriptStep

        /// A step of line `line`.
        public init(line: Int, unit: TextUnit = .scalars, operation: ScriptStep) {
            self.line = line
            self.unit = unit
            self.operation = operation
        }
    }

    /// The steps, in order.
    public var steps: [Step]

    /// A script from steps.
    public init(steps: [Step]) {
        self.steps = steps
    }

    /// A script of scalar-offset steps, numbered from line 1 as `jsonLines` writes them.
    public init(_ operations: [ScriptStep]) {
        steps = operations.enumerated().map { Step(line: $0.offset + 1, operation: $0.element) }
    }
}
