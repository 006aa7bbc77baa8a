import Foundation
import EditScripts
import Formatting
import RichText
import RichTextFormats
import StreamingJSON

extension CommandRunner {
    /// `fmtcheck replay`: the final document as native JSON on stdout, only once every step applied; with
    /// `--adjustments`, one JSON object per adjustment on stderr. A bad line exits 2 with nothing on stdout.
    /// `--check` runs through `checker` (`replayChecking`).
    static func replay(_ command: ReplayCommand, checker: (any ReplayChecker)?, console: Console) -> ExitCode {
        let definition: LoadedDefinition
        if let path = command.definition {
            do {
                definition = try DefinitionFile.load(path: path)
            } catch {
                for diagnostic in error.diagnostics { console.err(diagnostic.description + "\n") }
                console.errLine("\(path): invalid definition")
                return .failure
            }
        } else {
            guard case .success(let empty) = DefinitionFile.parse(#"{"name": "none", "attributes": {}, "scope": []}"#, fileName: "<no definition>") else {
                console.err("fmtcheck: error: internal: the empty definition did not load\n")
                return .failure
            }
            definition = empty
        }
        if command.check { return replayChecking(command, definition: definition, checker: checker, console: console) }
        let replayer = ScriptReplayer(definition: definition)
        let script: EditScript
        do {
            if let trace = command.trace {
                script = TraceConversion.script(for: try TraceConversion.load(path: trace))
            } else if let path = command.script {
                guard let read = readScript(path, console: console, parse: replayer.parse) else { return .failure }
                script = read
            } else {
                return .failure
            }
        } catch {
            console.errLine(error.description)
            return .failure
        }
        guard let (start, images) = startingDocument(command, definition: definition, console: console) else { return .failure }
        var document = start
        var lines: [String] = []
        do {
            try replayer.apply(script, to: &document) { step, adjustment in
                guard command.adjustments else { return }
                lines.append(adjustmentLine(adjustment, step: step))
            }
        } catch {
            if !lines.isEmpty { console.err(lines.joined()) }
            report(error, in: command.script ?? command.trace, console: console)
            return .failure
        }
        if !lines.isEmpty { console.err(lines.joined()) }
        do {
            console.out(try NativeJSONEncoder().encodeString(document, images: images) + "\n")
        } catch {
            console.errLine("fmtcheck: error: the final document cannot be written: \(error.message)")
            return .failure
        }
        return .success
    }

    /// The document a replay starts from (`command.document`, else an empty one) with its images; nil, with the
    /// reason on stderr, when it cannot be read.
    static func startingDocument(_ command: ReplayCommand, definition: LoadedDefinition, console: Console) -> (RichString, ImageStore)? {
        guard let path = command.document else { return (RichString(), ImageStore()) }
        do {
            let read = try LintDocumentReader(definition: definition).read(try InputReader.read(path: path, maxSize: LintConfiguration.defaultMaxFileSize))
            return (read.document, read.images)
        } catch let failure as InputFailure {
            console.err(failure.description + "\n")
        } catch {
            console.errLine("\(path): error: the starting document cannot be read: \(error)")
        }
        return nil
    }

    /// The script at `path` (`-`: standard input) read by `parse`; nil, with the reason on stderr, when it cannot
    /// be read or a line is bad (named by file and line).
    static func readScript(_ path: String, console: Console, parse: (String) throws(EditScriptError) -> EditScript) -> EditScript? {
        let data = path == "-" ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: path)
        guard let data, let text = String(data: data, encoding: .utf8) else {
            console.errLine("\(path): error: cannot read the script (missing, unreadable or not UTF-8)")
            return nil
        }
        do {
            return try parse(text)
        } catch {
            report(error, in: path, console: console)
            return nil
        }
    }

    /// A bad script line on stderr, named by the script's file (`-`: standard input) and line.
    static func report(_ error: EditScriptError, in path: String?, console: Console) {
        var located = error
        located.fileName = path
        console.err(located.description + "\n")
    }

    /// One adjustment as a JSON line: `{"line", "rule", "key", "from", "to", "old", "new"}` (UTF-8 offsets).
    static func adjustmentLine(_ adjustment: Adjustment, step: EditScript.Step) -> String {
        let object: JSONValue = .object(JSONObject([
            ("line", .integer(step.line)), ("rule", .string(adjustment.rule.identifier)), ("key", .string(adjustment.key)),
            ("utf8From", .integer(adjustment.utf8Range.lowerBound)), ("utf8To", .integer(adjustment.utf8Range.upperBound)),
            ("old", adjustment.oldValue?.jsonValue ?? .null), ("new", adjustment.newValue?.jsonValue ?? .null),
        ]))
        return ((try? JSONWriter.string(object, options: JSONWriter.Options(sortedKeys: true, escapeSlashes: false))) ?? "{}") + "\n"
    }

    /// `fmtcheck trace-to-script FILE`: the trace as an edit script on stdout.
    static func traceToScript(_ path: String, console: Console) -> ExitCode {
        do {
            console.out(TraceConversion.script(for: try TraceConversion.load(path: path)).jsonLines)
            return .success
        } catch {
            console.errLine(error.description)
            return .failure
        }
    }
}
