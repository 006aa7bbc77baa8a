import Foundation

/// Where a command writes: standard output for results, standard error for diagnostics. Tests pass closures
/// that collect the text instead.
public struct Console: Sendable {
    /// Writes to standard output.
    public var out: @Sendable (String) -> Void
    /// Writes to standard error.
    public var err: @Sendable (String) -> Void

    /// Writes bytes to standard output as they are (records under `--fix`, which may hold what is not UTF-8);
    /// nil writes them through `out`, decoded.
    public var outBytes: (@Sendable ([UInt8]) -> Void)?

    /// A console from two writers.
    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void) {
        self.out = out
        self.err = err
    }

    /// Writes bytes to standard output.
    func out(bytes: [UInt8]) {
        if let outBytes { outBytes(bytes) } else { out(String(decoding: bytes, as: UTF8.self)) }
    }

    /// Writes one line that embeds text from input to standard output, escaped (`TerminalText`), then a newline.
    func outLine(_ line: String) { out(TerminalText.escaped(line) + "\n") }

    /// Writes one line that embeds text from input to standard error, escaped (`TerminalText`), then a newline.
    func errLine(_ line: String) { err(TerminalText.escaped(line) + "\n") }

    /// The process's standard output and standard error.
    public static var standard: Console {
        var console = Console(out: { FileHandle.standardOutput.write(Data($0.utf8)) },
                              err: { FileHandle.standardError.write(Data($0.utf8)) })
        console.outBytes = { FileHandle.standardOutput.write(Data($0)) }
        return console
    }
}
