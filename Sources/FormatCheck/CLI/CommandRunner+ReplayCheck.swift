import Foundation
import EditScripts
import Formatting
import RichText
import RichTextFormats

extension CommandRunner {
    /// `fmtcheck replay --check`: the script read as the property harness reads it (`EditScript.parse` with
    /// the exact reading), run through `checker` (the harness's invariants after every step, as `PropertyCheck`
    /// does). The first failure is printed on stdout in the harness's words, exit 1; a script that keeps every
    /// invariant writes the final document, exit 0.
    static func replayChecking(_ command: ReplayCommand, definition: LoadedDefinition, checker: (any ReplayChecker)?,
                               console: Console) -> ExitCode {
        guard let checker else {
            console.errLine("fmtcheck: error: replay --check needs the property harness, which this program was built without")
            return .failure
        }
        guard let path = command.script else { return .failure }
        guard let script = readScript(path, console: console, parse: { text throws(EditScriptError) in try EditScript.parse(text) }) else { return .failure }
        guard let (start, _) = startingDocument(command, definition: definition, console: console) else { return .failure }
        let outcome: ReplayCheckOutcome
        do {
            outcome = try checker.check(script, definition: definition, definitionPath: command.definition, document: start,
                                        editor: command.definition == nil ? nil : command.editor)
        } catch {
            report(error, in: path, console: console)
            return .failure
        }
        switch outcome {
        case .editorFailed(let problem):
            console.errLine("fmtcheck: error: the editor '\(command.editor ?? "")': \(problem)")
            return .failure
        case let .failed(check, step, applied, explanation):
            console.out("""
                property check failed: \(check)
                  definition: \(definition.definition.name)
                  step \(step + 1) of \(script.steps.count) in \(path): \(applied.jsonLine)
                which fails with:
                \(explanation)

                """)
            return .violations
        case .held(let final):
            do {
                console.out(try NativeJSONEncoder().encodeString(final) + "\n")
            } catch {
                console.errLine("fmtcheck: error: the final document cannot be written: \(error.message)")
                return .failure
            }
            console.errLine("\(path): every invariant held after each of \(script.steps.count) steps")
            return .success
        }
    }
}
