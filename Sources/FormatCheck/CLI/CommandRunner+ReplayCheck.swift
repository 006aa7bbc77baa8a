import Foundation
import Formatting
import FormattingTesting
import RichText
import RichTextFormats

extension CommandRunner {
    /// `fmtcheck replay --check`: the script read as the property harness reads it (`ScriptStep`), applied to an
    /// `EditingSession` with every invariant checked after every step, as `PropertyCheck` does. The first
    /// failure is printed on stdout in the harness's words, exit 1; a script that keeps every invariant
    /// writes the final document, exit 0.
    static func replayChecking(_ command: ReplayCommand, definition: LoadedDefinition, console: Console) -> ExitCode {
        guard let path = command.script, let text = scriptText(at: path, console: console) else { return .failure }
        let script: [ScriptStep]
        do {
            script = try ScriptStep.parse(jsonLines: text)
        } catch {
            console.err(EditScriptError(line: error.line, message: error.message, fileName: path).description + "\n")
            return .failure
        }
        var start = RichString()
        if let document = command.document {
            guard let read = startingDocument(at: document, definition: definition, console: console) else { return .failure }
            start = read.document
        }
        let engine = FormattingEngine(definition.definition)
        let result: CheckedRun
        if let editorCommand = command.editor, let definitionPath = command.definition {
            let editor = EditorProcess(command: editorCommand, definitionPath: definitionPath, definition: definition.definition,
                                       document: start.isEmpty ? nil : start)
            result = checked(script, engine: engine, editor: editor)
            if let problem = editor.failure {
                console.errLine("fmtcheck: error: the editor '\(editorCommand)': \(problem)")
                return .failure
            }
        } else {
            result = checked(script, engine: engine, editor: SessionEditor(engine: engine, document: start))
        }
        if let (step, failure) = result.failure {
            console.out("""
                property check failed: \(failure.check)
                  definition: \(definition.definition.name)
                  step \(step + 1) of \(script.count) in \(path): \(result.applied[step].jsonLine)
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
        console.errLine("\(path): every invariant held after each of \(script.count) steps")
        return .success
    }

    /// What a checked run found: the first failure, the steps as applied, and the final document.
    struct CheckedRun {
        var failure: (step: Int, failure: InvariantFailure)?
        var applied: [ScriptStep]
        var final: RichString
    }

    /// Runs `script` on `editor` with every check after every step, stopping at the first failure.
    static func checked<Editor: ScriptEditor>(_ script: [ScriptStep], engine: FormattingEngine, editor: Editor) -> CheckedRun {
        var runner = ScriptRunner(engine: engine, editor: editor, checks: Set(InvariantCheck.allCases))
        let failure = runner.run(script)
        return CheckedRun(failure: failure, applied: runner.applied, final: runner.editor.document)
    }
}
