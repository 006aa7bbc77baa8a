import FormatCheck
import Formatting
import FormattingTesting
import RichText

/// `fmtcheck replay --check` on the property harness: every invariant (`ScriptRunner`) after every step, on the
/// engine's own editor (`SessionEditor`) or on `--editor`'s process (`EditorProcess`). The executable passes it to
/// `CommandRunner`, so the linter's library does not link the harness.
struct HarnessReplayChecker: ReplayChecker {
    func check(_ script: EditScript, definition: LoadedDefinition, definitionPath: String?, document: RichString,
               editor command: String?) throws(EditScriptError) -> ReplayCheckOutcome {
        let engine = FormattingEngine(definition.definition)
        guard let command, let definitionPath else {
            return try run(script, engine: engine, editor: SessionEditor(engine: engine, document: document))
        }
        let editor = EditorProcess(command: command, definitionPath: definitionPath, definition: definition.definition,
                                   document: document.isEmpty ? nil : document)
        let outcome = try run(script, engine: engine, editor: editor)
        if let problem = editor.failure { return .editorFailed(problem) }
        return outcome
    }

    /// Runs `script` on `editor` with every check, stopping at the first failure.
    func run<Editor: ScriptEditor>(_ script: EditScript, engine: FormattingEngine, editor: Editor) throws(EditScriptError) -> ReplayCheckOutcome {
        var runner = ScriptRunner(engine: engine, editor: editor, checks: Set(InvariantCheck.allCases))
        guard let (step, failure) = try runner.run(script) else { return .held(runner.editor.document) }
        return .failed(check: failure.check.rawValue, step: step, applied: runner.applied[step], explanation: PropertyCheck.failureText(failure))
    }
}
