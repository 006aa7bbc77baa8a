import Foundation
import Formatting
import FormattingTesting
import RichText
import RichTextFormats

extension CommandRunner {
    /// `fmtcheck replay --check`: the script read as the property harness reads it (`EditScript.parse` with
    /// the exact reading), applied to an `EditingSession` with every invariant checked after every step, as
    /// `PropertyCheck` does. The first failure is printed on stdout in the harness's words, exit 1; a script
    /// that keeps every invariant writes the final document, exit 0.
    static func replayChecking(_ command: ReplayCommand, definition: LoadedDefinition, console: Console) -> ExitCode {
        guard let path = command.script else { return .failure }
        guard let script = readScript(path, console: console, parse: { text throws(EditScriptError) in try EditScript.parse(text) }) else { return .failure }
        guard let (start, _) = startingDocument(command, definition: definition, console: console) else { return .failure }
        let engine = FormattingEngine(definition.definition)
        let result: CheckedRun
        do {
            if let editorCommand = command.editor, let definitionPath = command.definition {
                let editor = EditorProcess(command: editorCommand, definitionPath: definitionPath, definition: definition.definition,
                                           document: start.isEmpty ? nil : start)
                result = try checked(script, engine: engine, editor: editor)
                if let problem = editor.failure {
                    console.errLine("fmtcheck: error: the editor '\(editorCommand)': \(problem)")
                    return .failure
                }
            } else {
                result = try checked(script, engine: engine, editor: SessionEditor(engine: engine, document: start))
            }
        } catch {
            report(error, in: path, console: console)
            return .failure
        }
        if let (step, failure) = result.failure {
            console.out("""
                property check failed: \(failure.check)
                  definition: \(definition.definition.name)
                  step \(step + 1) of \(script.steps.count) in \(path): \(result.applied[step].jsonLine)
                which fails with:
                \(PropertyCheck.failureText(failure))

                """)
            return .violations
        }
        do {
            console.out(try NativeJSONEncoder().encodeString(result.final) + "\n")
        } catch {
            console.errLine("fmtcheck: error: the final document cannot be written: \(error.message)")
            return .failure
        }
        console.errLine("\(path): every invariant held after each of \(script.steps.count) steps")
        return .success
    }

    /// What a checked run found: the first failure, the steps as applied, and the final document.
    struct CheckedRun {
        var failure: (step: Int, failure: InvariantFailure)?
        var applied: [ScriptStep]
        var final: RichString
    }

    /// Runs `script` on `editor` with every check after every step, stopping at the first failure. Scalar
    /// offsets go to the runner as written (it clamps them, as the harness does); a line in another unit is
    /// converted against the document it applies to, and throws when it does not fit it.
    static func checked<Editor: ScriptEditor>(_ script: EditScript, engine: FormattingEngine, editor: Editor) throws(EditScriptError) -> CheckedRun {
        var runner = ScriptRunner(engine: engine, editor: editor, checks: Set(InvariantCheck.allCases))
        for (index, step) in script.steps.enumerated() {
            let operation = step.unit == .scalars ? step.operation : try step.scalarOperation(in: runner.editor.document)
            if let failure = runner.apply(operation) {
                return CheckedRun(failure: (index, failure), applied: runner.applied, final: runner.editor.document)
            }
        }
        return CheckedRun(failure: nil, applied: runner.applied, final: runner.editor.document)
    }
}
