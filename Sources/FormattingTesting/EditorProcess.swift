import Foundation
import Formatting
import RichText

/// An editor in another process, driven over the editor protocol (`EditorProtocol`): the harness's checks run
/// on it as on any `ScriptEditor`. `fmtcheck replay --check --editor COMMAND` uses it; so can a test.
///
/// The command runs under `/bin/sh -c`. If the editor answers with an error, stops answering or answers what
/// cannot be read, `failure` says so and later steps do nothing.
public final class EditorProcess: ScriptEditor {
    public private(set) var document: RichString
    public private(set) var selection: ScalarSelection
    /// What went wrong with the editor process, if anything (the first problem).
    public private(set) var failure: String?
    /// The command the editor runs as: the replay hint's `--editor`.
    public let replayCommand: String?
    let definition: FormattingDefinition
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    var reader: LineReader

    /// Starts `command` and opens `document` under the definition file at `definitionPath` in it.
    public init(command: String, definitionPath: String, definition: FormattingDefinition, document: RichString? = nil) {
        self.definition = definition
        replayCommand = command
        self.document = document ?? RichString()
        selection = .caret(0)
        reader = LineReader(output.fileHandleForReading)
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.standardInput = input
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            failure = "the editor command cannot start: \(error)"
            return
        }
        let path = URL(fileURLWithPath: definitionPath).standardizedFileURL.path
        _ = request(EditorProtocol.openLine(definitionPath: path, document: document))
    }

    deinit {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
    }

    public func apply(_ step: ScriptStep) -> [Adjustment] {
        request(step.jsonLine)
    }

    /// Sends one request and takes the state the editor answers with; its adjustments.
    func request(_ line: String) -> [Adjustment] {
        guard failure == nil else { return [] }
        do {
            try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
        } catch {
            failure = "the editor stopped reading requests: \(error)"
            return []
        }
        guard let answer = reader.next() else {
            failure = "the editor ended without answering \(line)"
            return []
        }
        do {
            let state = try EditorProtocol.state(from: answer, definition: definition)
            document = state.document
            selection = state.selection
            return state.adjustments
        } catch {
            failure = "\(error) (answering \(line))"
            return []
        }
    }
}
