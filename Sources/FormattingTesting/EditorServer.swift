import DefinitionFiles
import Foundation
import Formatting
import RichText
import StreamingJSON

/// Serves your editor over the editor protocol (`EditorProtocol`) on standard input and output, so that
/// `fmtcheck replay --check --editor COMMAND` replays a printed failure on it, as `PropertyCheck.check(…,
/// makeEditor:)` does in a test. A small executable is all it takes:
///
/// ```swift
/// // Sources/my-editor-server/main.swift
/// import FormattingTesting
/// EditorServer.serve { engine, document in MyScriptEditor(engine: engine, document: document) }
/// ```
///
/// and then `fmtcheck replay --check --definition recipe.json --script failure.jsonl --editor .build/debug/my-editor-server`.
public enum EditorServer {
    /// Answers requests from `input` on `output` until `input` ends, with an editor `makeEditor` makes for the
    /// definition and document of the `open` request. A request that cannot be read is answered with an error
    /// and the editor keeps its state.
    public static func serve<Editor: ScriptEditor>(
        input: FileHandle = .standardInput, output: FileHandle = .standardOutput,
        makeEditor: (FormattingEngine, RichString) -> Editor
    ) {
        var reader = LineReader(input)
        var editor: Editor?
        func answer(_ line: String) { output.write(Data((line + "\n").utf8)) }
        while let line = reader.next() {
            if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            guard let json = try? JSONValue.parse(line) else { answer(EditorProtocol.errorLine("not JSON")); continue }
            if json["op"]?.stringValue == "open" {
                guard let path = json["definition"]?.stringValue else { answer(EditorProtocol.errorLine("open needs \"definition\"")); continue }
                let loaded: LoadedDefinition
                do {
                    loaded = try DefinitionFile.load(path: path)
                } catch {
                    answer(EditorProtocol.errorLine("the definition \(path) does not load: \(error.diagnostics.map(\.description).joined(separator: "; "))"))
                    continue
                }
                let made = FormattingEngine(loaded.definition)
                let start = json["document"].flatMap { $0.isNull ? nil : ScriptValueJSON.document(from: $0) } ?? RichString()
                let opened = makeEditor(made, ScriptStep.stamped(start, definition: loaded.definition))
                editor = opened
                answer(EditorProtocol.line(for: EditorProtocol.State(document: opened.document, selection: opened.selection, adjustments: [])))
                continue
            }
            guard editor != nil else { answer(EditorProtocol.errorLine("the first request must be open")); continue }
            let step: ScriptStep
            do {
                let line = try EditScript.parseLine(json, number: 1, reading: .exact)
                step = line.unit == .scalars ? line.operation : try line.scalarOperation(in: editor!.document)
            } catch {
                answer(EditorProtocol.errorLine(error.message))
                continue
            }
            // Changed where it is: a copy would share the editor's storage (its undo history) and copy it.
            let adjustments = editor!.apply(step.clamped(toScalarCount: editor!.document.counts.scalars))
            answer(EditorProtocol.line(for: EditorProtocol.State(document: editor!.document, selection: editor!.selection, adjustments: adjustments)))
        }
    }
}

/// Lines of a file handle, read as they come.
struct LineReader {
    let handle: FileHandle
    var buffer: [UInt8] = []
    var ended = false

    init(_ handle: FileHandle) { self.handle = handle }

    /// The next line without its newline, or nil at the end.
    mutating func next() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            if ended {
                guard !buffer.isEmpty else { return nil }
                defer { buffer.removeAll() }
                return String(decoding: buffer, as: UTF8.self)
            }
            let chunk = handle.availableData
            if chunk.isEmpty { ended = true } else { buffer += chunk }
        }
    }
}
