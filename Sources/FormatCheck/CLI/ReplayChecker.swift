import EditScripts
import RichText

/// What `fmtcheck replay --check` runs a script through: the property harness's invariants after every step.
///
/// The linter's library does not link the harness (FormattingTesting): the `fmtcheck` executable passes the
/// harness's checker to `CommandRunner.main(arguments:console:replayChecker:)`, and a runner given none answers
/// `--check` with an error.
public protocol ReplayChecker: Sendable {
    /// Runs `script` from `document` under `definition` with every invariant checked after every step, stopping at
    /// the first failure. With `editor` (a shell command, given with `definitionPath`) the steps run on that editor
    /// in its own process over the editor protocol; otherwise on the engine's own editing session. Throws a line
    /// whose offsets do not fit the document it applies to.
    func check(_ script: EditScript, definition: LoadedDefinition, definitionPath: String?, document: RichString,
               editor: String?) throws(EditScriptError) -> ReplayCheckOutcome
}

/// How a checked replay ended.
public enum ReplayCheckOutcome: Sendable {
    /// Every invariant held after every step; the final document.
    case held(RichString)
    /// `check` failed at the step with index `step`, applied as `applied` (offsets clamped as the harness does);
    /// `explanation` is the failure in the harness's words, as its reports print it.
    case failed(check: String, step: Int, applied: ScriptStep, explanation: String)
    /// The editor process failed (it did not start, answered an error, or stopped answering).
    case editorFailed(String)
}
