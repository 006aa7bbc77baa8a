import Foundation
import Formatting
import RichText
import RichTextFormats
import StreamingJSON

extension CommandRunner {
    /// The text of the script at `path` (`-`: standard input); nil, with the error written, when it cannot be read.
    static func scriptText(at path: String, console: Console) -> String? {
        let data = path == "-" ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: path)
        guard let data, let text = String(data: data, encoding: .utf8) else {
            console.errLine("\(path): error: cannot read the script (missing, unreadable or not UTF-8)")
            return nil
        }
        return text
    }

    /// The starting document at `path`, read as lint reads documents; nil, with the error written, when it cannot
    /// be read.
    static func startingDocument(at path: String, definition: LoadedDefinition, console: Console) -> LintDocumentReader.Result? {
        do {
            return try LintDocumentReader(definition: definition).read(try InputReader.read(path: path, maxSize: LintConfiguration.defaultMaxFileSize))
        } catch let failure as InputFailure {
            console.err(failure.description + "\n")
        } catch {
            console.errLine("\(path): error: the starting document cannot be read: \(error)")
        }
        return nil
    }

    /// `fmtcheck replay`: the final document as native JSON on stdout, only once every step applied; with
    /// `--adjustments`, one JSON object per adjustment on stderr. A bad line exits 2 with nothing on stdout.
    static func replay(_ command: ReplayCommand, console: Console) -> ExitCode {
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
        if command.check { return replayChecking(command, definition: definition, console: console) }
        let script: EditScript
        do {
            if let trace = command.trace {
                script = TraceConversion.script(for: try TraceConversion.load(path: trace))
            } else if let path = command.script {
                guard let text = scriptText(at: path, console: console) else { return .failure }
                do {
                    script = try EditScript.parse(text)
                } catch {
                    var located = error
                    located.fileName = path
                    console.err(located.description + "\n")
                    return .failure
                }
            } else {
                return .failure
            }
        } catch {
            console.errLine(error.description)
            return .failure
        }
        var document = RichString()
        var images = ImageStore()
        if let path = command.document {
            guard let read = startingDocument(at: path, definition: definition, console: console) else { return .failure }
            document = read.document
            images = read.images
        }
        var lines: [String] = []
        do {
            try ScriptReplayer(definition: definition).apply(script, to: &document) { step, adjustment in
                guard command.adjustments else { return }
                lines.append(adjustmentLine(adjustment, step: step))
            }
        } catch {
            var located = error
            located.fileName = command.script ?? command.trace
            if !lines.isEmpty { console.err(lines.joined()) }
            console.err(located.description + "\n")
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
            console.out(TraceConversion.jsonLines(TraceConversion.script(for: try TraceConversion.load(path: path))))
            return .success
        } catch {
            console.errLine(error.description)
            return .failure
        }
    }
}
